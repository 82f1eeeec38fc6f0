import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { auditStore } from '../../../src/renderer/src/stores/audit.svelte'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'
import { auditRow, demoConsole } from './audit-screen-fixture'

afterEach(() => {
  cleanup()
  auditStore.fields = { from: '', to: '', console: '', action: '', outcome: '', text: '' }
})

const pageOf = (rows: AuditRow[]): AuditPage => ({
  items: rows,
  total: rows.length,
  all: 3,
  consoles: [{ ...demoConsole, key: demoConsole.url }],
  retentionDays: 365
})

/**
 * Clear, then a text typed and applied at once: the two reads may be answered in either order. The rows
 * shown are always the newest read's (the text's), never the older read answered late (CI saw Clear's
 * unfiltered rows under a text filter).
 */
describe('Audit shows the answer of the newest read only', () => {
  it('a Clear answered after the filter that followed it does not replace the filtered rows', async () => {
    const all = [auditRow('r-3'), auditRow('r-2', { action: 'purchase' }), auditRow('r-1', { action: 'assign' })]
    let releaseSlow: () => void = () => undefined
    let reads = 0
    const { bridge } = scriptedBridge({
      'audit.list': async (input) => {
        reads++
        const filter = (input as { filter: { text?: string } }).filter
        if (filter.text) return { ok: true, result: pageOf(all.filter((r) => r.action !== 'create')) }
        // The first read (on open) answers at once; Clear's read is slow.
        if (reads > 1) await new Promise<void>((resolve) => (releaseSlow = resolve))
        return { ok: true, result: pageOf(all) }
      }
    })
    setApiForTests(bridge)
    render(AuditScreen)
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4))

    await fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    await fireEvent.input(screen.getByLabelText('Text'), { target: { value: 'pass' } })
    await fireEvent.submit(screen.getByRole('button', { name: 'Apply filter' }).closest('form')!)
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3))
    releaseSlow()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.getAllByRole('row')).toHaveLength(3)
    expect(auditStore.applied).toMatchObject({ text: 'pass' })
  })
})
