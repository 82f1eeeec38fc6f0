import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { auditStore, emptyFields } from '../../../src/renderer/src/stores/audit.svelte'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import type { BeginInput } from '../../../src/main/services/audit/audit-log'
import { settleEarlierTry, type StepTry } from '../../../src/main/services/roster/roster-audit'
import { endpoints } from '../../../src/shared/access/endpoints'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { memoryStore } from '../../support/memory-store'
import { tempDir } from '../../support/temp'

/**
 * A roster's PIN whose answer was lost, given again: the try's row says "Replaced by the retry" and the
 * journal links it to the retry's row by id (`said.by`). On the Audit screen each of the two rows links
 * to the other, a button in the row; following it shows that row (on the page, or alone when it is on
 * another), with the focus on it, said once. The rows are a real journal's, settled by the roster's rule.
 */
const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }
const pinFor = (id: string, name: string): BeginInput => ({
  console: hq,
  desk: { user: 'ana', host: 'desk-7' },
  action: 'assign',
  endpoint: { id: endpoints.userAssignPin.id, title: endpoints.userAssignPin.title },
  target: { kind: 'user', id, name }
})

describe('Audit: a try replaced by a retry and the retry link to each other', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  // The screen's store outlives a screen: each test starts it with no filter.
  beforeEach(() => {
    auditStore.applied = {}
    auditStore.fields = emptyFields()
  })
  afterEach(async () => {
    cleanup()
    await dir?.remove()
    dir = undefined
  })

  /** The journal: an early try and its retry 98 rows later (another page); a second pair side by side. */
  async function journal() {
    dir = await tempDir()
    let second = 0
    const clock = () => new Date(Date.UTC(2026, 3, 1, 10, 0, second++))
    const audit = new AuditService({
      dir: dir.path,
      store: memoryStore(),
      activeConsole: async () => hq,
      desk: { user: 'ana', host: 'desk-7' },
      now: clock
    })
    const sentAt = () => new Date(Date.UTC(2026, 3, 1, 10, 0, second)).toISOString()
    const tryOf = async (id: string, name: string, outcome: 'unknown' | 'ok'): Promise<StepTry> => {
      const sent: StepTry = { step: 'pin', person: { type: 'user', id, name }, sentAt: sentAt() }
      const row = await audit.log.begin(pinFor(id, name))
      await audit.log.end(row, outcome === 'ok' ? { outcome } : { outcome, code: 'TIMEOUT', message: 'No answer' })
      return sent
    }
    const lost = await tryOf('u-ada', 'Ada Ng', 'unknown')
    for (let i = 0; i < 98; i++) {
      const row = await audit.log.begin(pinFor(`u-${i}`, `Person ${i}`))
      await audit.log.end(row, { outcome: 'ok' })
    }
    const retry = await tryOf('u-ada', 'Ada Ng', 'ok')
    await settleEarlierTry(audit, lost, { replacedBy: retry })
    const lost2 = await tryOf('u-bo', 'Bo Lind', 'unknown')
    const retry2 = await tryOf('u-bo', 'Bo Lind', 'ok')
    await settleEarlierTry(audit, lost2, { replacedBy: retry2 })
    const { bridge } = scriptedBridge({
      'audit.list': async (input) =>
        ({ ok: true, result: await audit.list(input as Parameters<typeof audit.list>[0]) }) as Envelope
    })
    setApiForTests(bridge)
    const rows = (await audit.log.page({}, 0, Infinity)).items
    const idOf = (name: string, outcome: string) =>
      rows.find((r) => r.target.name === name && r.outcome === outcome)!.id
    return {
      audit,
      ids: {
        ada: idOf('Ada Ng', 'notDone'),
        adaRetry: idOf('Ada Ng', 'ok'),
        bo: idOf('Bo Lind', 'notDone'),
        boRetry: idOf('Bo Lind', 'ok')
      }
    }
  }

  const rowOf = (id: string) => document.getElementById(`audit-row-${id}`)!
  async function said(words: RegExp, on: string) {
    await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(words))
    expect(document.activeElement).toBe(rowOf(on))
  }

  it(
    'on the page: the focus moves to the other row, said; across pages: that row is shown alone, Clear shows all',
    { timeout: 60_000 },
    async () => {
      const { ids } = await journal()
      render(ActionAnnouncer)
      render(AuditScreen)
      await waitFor(() => expect(rowOf(ids.boRetry)).toBeInTheDocument())

      // Side by side: Bo's retry links to the try it replaced, and back, by a real button.
      const toReplaced = within(rowOf(ids.boRetry)).getByRole('button', { name: 'Go to the row it replaced' })
      expect(toReplaced.tabIndex).toBe(0)
      await fireEvent.click(toReplaced)
      await said(/^Showing the row the retry replaced \(.+\)\.$/, ids.bo)
      expect(rowOf(ids.bo)).toHaveTextContent('Replaced by the retry')
      await fireEvent.click(within(rowOf(ids.bo)).getByRole('button', { name: "Go to the retry's row" }))
      await said(/^Showing the retry's row \(.+\)\.$/, ids.boRetry)

      // Ada's try is 98 rows older than its retry: not on the first page. Followed, it is shown alone.
      expect(document.getElementById(`audit-row-${ids.ada}`)).toBeNull()
      await fireEvent.click(within(rowOf(ids.adaRetry)).getByRole('button', { name: 'Go to the row it replaced' }))
      await said(/^Showing the row the retry replaced \(.+\), alone: Clear shows every row again\.$/, ids.ada)
      expect(screen.getByTestId('audit-count')).toHaveTextContent(/^1 row matches the filter \(of 102\)/)
      expect(rowOf(ids.ada)).toHaveAttribute('data-outcome', 'notDone')
      // And back to the retry, alone too.
      await fireEvent.click(within(rowOf(ids.ada)).getByRole('button', { name: "Go to the retry's row" }))
      await said(/^Showing the retry's row \(.+\), alone: Clear shows every row again\.$/, ids.adaRetry)
      expect(screen.getAllByRole('row')).toHaveLength(2)

      await fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
      await waitFor(() => expect(screen.getByTestId('audit-count')).toHaveTextContent(/^102 rows/))
    }
  )

  it('a row gone from the journal is said so; the rows and the focus stay', { timeout: 60_000 }, async () => {
    const { ids } = await journal()
    render(ActionAnnouncer)
    render(AuditScreen)
    await waitFor(() => expect(rowOf(ids.adaRetry)).toBeInTheDocument())
    // Only rows older than the days kept go; the link is read as a removed row would leave it.
    const link = within(rowOf(ids.adaRetry)).getByRole('button', { name: 'Go to the row it replaced' })
    auditStore.rows = auditStore.rows.map((r) => (r.id === ids.adaRetry ? { ...r, replaces: 'gone-row' } : r))
    await waitFor(() => expect(link).toBeInTheDocument())
    link.focus()
    await fireEvent.click(link)
    await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(/no longer in the journal/))
    expect(document.activeElement).toBe(link)
    expect(screen.getByTestId('audit-count')).toHaveTextContent(/^102 rows/)
  })
})
