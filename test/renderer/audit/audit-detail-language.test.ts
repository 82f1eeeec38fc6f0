import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const console = { name: 'Demo console', url: 'https://127.0.0.1:12445' }
/** A badge print as main records it: the facts (stock, where it went, a reprint), and the file's English detail. */
const print = (id: string, badge: NonNullable<AuditRow['badge']>, detail: string): AuditRow => ({
  id,
  at: '2026-01-12T13:00:00.000Z',
  console,
  desk: { user: 'ana', host: 'desk-7' },
  action: 'badge print',
  endpoint: { id: 'badge', title: 'Print badge' },
  target: { kind: 'visitor', id: 'v1', name: 'Rawiri Tomoana · Fabrikam' },
  badge,
  detail,
  outcome: 'ok'
})

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

function auditOf(rows: AuditRow[]) {
  const page: AuditPage = {
    items: rows,
    total: rows.length,
    all: rows.length,
    consoles: [{ ...console, key: console.url }],
    retentionDays: 365
  }
  const { bridge } = scriptedBridge({ 'audit.list': () => ({ ok: true, result: page }) })
  setApiForTests(bridge)
  render(AuditScreen)
}

/**
 * A badge print's detail (the label stock, where the badge went, a reprint) is worded on the desk in its
 * language from the facts main records, with Badges' own words (badge-output-words): never main's English.
 */
describe("the Audit screen words a badge print's detail in the desk's language", () => {
  it('German: the stock, the print dialog, a PDF and a reprint as Badges says them', async () => {
    deskLanguage.choose('de')
    auditOf([
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
    auditOf([print('r-1', { stock: '4x3in', output: 'printer', printer: 'Lobby QL-820' }, 'x')])
    const cell = await screen.findByTestId('audit-detail')
    expect(cell.textContent!.trim()).toBe('4 × 3 in badge insert · Lobby QL-820')
    expect(cell).not.toHaveAttribute('lang')
  })
})
