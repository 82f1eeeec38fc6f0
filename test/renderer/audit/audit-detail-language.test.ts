import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { auditRow, renderAudit } from './audit-screen-fixture'

/** A badge print as main records it: the facts (stock, where it went, a reprint), and the file's English detail. */
const print = (id: string, badge: NonNullable<AuditRow['badge']>, detail: string): AuditRow =>
  auditRow(id, {
    action: 'badge print',
    endpoint: { id: 'badge', title: 'Print badge' },
    target: { kind: 'visitor', id: 'v1', name: 'Rawiri Tomoana · Fabrikam' },
    badge,
    detail
  })

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/**
 * A badge print's detail (the label stock, where the badge went, a reprint) is worded on the desk in its
 * language from the facts main records, with Badges' own words (badge-output-words): never main's English.
 */
describe("the Audit screen words a badge print's detail in the desk's language", () => {
  it('German: the stock, the print dialog, a PDF and a reprint as Badges says them', async () => {
    deskLanguage.choose('de')
    renderAudit([
      print('r-1', { stock: '4x3in', output: 'browser-print' }, '4 × 3 in badge insert · sent to the print dialog'),
      print('r-2', { stock: '4x3in', output: 'pdf', reprint: true }, '4 × 3 in badge insert · saved as PDF · reprint')
    ])
    const details = async () => (await screen.findAllByTestId('audit-detail')).map((cell) => cell.textContent!.trim())
    await expect
      .poll(details, { timeout: 10_000 })
      .toEqual([
        'Ausweiseinlage 4 × 3 Zoll · an den Druckdialog gesendet',
        'Ausweiseinlage 4 × 3 Zoll · als PDF gespeichert · Nachdruck'
      ])
  })

  it('a printer keeps its own name; English reads as before', async () => {
    renderAudit([print('r-1', { stock: '4x3in', output: 'printer', printer: 'Lobby QL-820' }, 'x')])
    const cell = await screen.findByTestId('audit-detail')
    expect(cell.textContent!.trim()).toBe('4 × 3 in badge insert · Lobby QL-820')
    expect(cell).not.toHaveAttribute('lang')
  })
})
