import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, within } from '@testing-library/svelte'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { writeKinds } from '../../../src/main/services/audit/write-kinds'
import { errorFromTransport } from '../../../src/main/services/access/errors'
import { adviseLostWrite } from '../../../src/main/services/access/lost-answer'
import { jobEnded, printerNotReady, printerUnreachable } from '../../../src/main/services/printing/printer-failure'
import { endpoints, type EndpointId } from '../../../src/shared/access/endpoints'
import { auditActions, type AuditRow } from '../../../src/shared/audit/schemas'
import { AppError } from '../../../src/shared/errors'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { renderAudit } from './audit-screen-fixture'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }
const printer = { url: 'ipp://localhost:8631/ipp/print', displayName: 'Front desk labels' }
const job = {
  visitorId: 'v-1',
  name: 'Ana Ruiz',
  company: 'Acme',
  host: '',
  validFrom: 1_768_200_000,
  validTo: 1_768_230_000,
  stock: 'dk-11202' as const
}

/** The ways a console write fails, as main's own code makes each error (the transport's, the lost answer's). */
function writeFailures(id: EndpointId): AppError[] {
  const endpoint = endpoints[id]
  const refused = errorFromTransport(endpoint, hq.url, Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))
  const timedOut = errorFromTransport(endpoint, hq.url, Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))
  const written = (e: AppError) => new AppError({ ...e.toData(), details: { ...e.details, requestWritten: true } })
  return [
    new AppError({ ...refused.toData(), details: { ...refused.details, requestWritten: false } }),
    adviseLostWrite(written(timedOut), endpoint)
  ]
}

/** The ways a badge printer refuses a badge, as main's printing words them. */
const printFailures = (): AppError[] => [
  printerNotReady(printer, { state: 'out-of-media', reasons: ['media-empty-error'], words: 'Out of labels' }),
  printerUnreachable(printer, 'ECONNREFUSED'),
  jobEnded(printer, 3, 'aborted', [], [])
]

/**
 * Every Audit row is said in the desk's language at the time it is shown, from the facts main recorded:
 * for every kind of write (every action the Audit filters by) and each way it fails, as main records
 * it, a German desk shows no sentence of main's English (nothing "recorded in English", nothing marked
 * English but the console's own words, which are labelled as the console's).
 */
describe('every kind of Audit row in the desk’s language', () => {
  it('a German desk shows no English of main’s for any action and any failure', async () => {
    const dir = await tempDir()
    const audit = new AuditService({ dir: dir.path, store: memoryStore(), activeConsole: async () => hq })
    try {
      const kinds = Object.entries(writeKinds).flatMap(([id, kind]) => (kind ? [id as EndpointId] : []))
      for (const id of kinds)
        for (const error of writeFailures(id)) {
          const answered = await audit.recorder(hq).before({ endpoint: endpoints[id], params: {} })
          await answered!({ ok: false, error })
        }
      for (const error of printFailures())
        await audit.badgePrinted({ job, output: 'printer', printer: 'Front desk labels', error })
      const recorded: AuditRow[] = await audit.all()
      // An action decided by what the call is about (a PIN replaced, a visit ended, a card bound in an
      // enrollment) fails the same ways as its endpoint's other rows: those rows again under its name.
      const failed = recorded.filter((r) => r.action !== 'badge print').slice(0, 2)
      const rows = [
        ...recorded,
        ...auditActions
          .filter((a) => !recorded.some((r) => r.action === a))
          .flatMap((action) => failed.map((r) => ({ ...r, id: `${r.id}-${action}`, action })))
      ]
      // Every action the Audit knows is among them (a new kind of write joins this test by itself).
      expect([...new Set(rows.map((r) => r.action))].sort()).toEqual([...auditActions].sort())

      deskLanguage.choose('de')
      renderAudit(rows)
      const table = await screen.findByTestId('audit-table')
      await expect.poll(() => within(table).queryAllByText('Nicht gesendet').length).toBeGreaterThan(0)
      const messages = within(table).getAllByTestId('audit-message')
      await expect.poll(() => messages.filter((m) => /Drucker/.test(m.textContent ?? '')).length).toBe(3)
      const english = messages.filter(
        (m) => /auf Englisch aufgezeichnet/.test(m.textContent ?? '') || m.querySelector('[lang="en"]')
      )
      expect(english.map((m) => m.textContent?.trim())).toEqual([])
      for (const m of messages) expect(m.textContent).not.toMatch(/No badge was printed|Could not reach|did not answer/)
    } finally {
      await audit.close()
      await dir.remove()
    }
  })
})
