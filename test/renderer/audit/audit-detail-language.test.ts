import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { auditRow, renderAudit } from './audit-screen-fixture'
import type { AuditFactKind } from '../../../src/shared/audit/detail-facts'
import { factSamples } from '../../support/audit-fact-samples'

/**
 * A badge print as main gives it: the facts (stock, where it went, a reprint) as its `badge` and as the
 * fact main makes of it (audit-log.ts), and the file's English detail.
 */
const print = (id: string, badge: NonNullable<AuditRow['badge']>, detail: string): AuditRow =>
  auditRow(id, {
    action: 'badge print',
    endpoint: { id: 'badge', title: 'Print badge' },
    target: { kind: 'visitor', id: 'v1', name: 'Rawiri Tomoana · Fabrikam' },
    badge,
    facts: [{ kind: 'badgePrint', ...badge }],
    detail
  })

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/**
 * A badge print's detail (the label stock, where the badge went, a reprint) is worded on the desk in its
 * language from the facts main records, with Badges' own words (shared/audit/detail-words.ts, badgePrint): never main's English.
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

/**
 * Every kind of fact main records of a write (shared/audit/detail-facts.ts) is worded on a German desk in
 * German, one message per kind, a visitor's fields by the visitor form's own labels: never main's English.
 */
describe("the Audit screen words a write's detail from its facts in the desk's language", () => {
  const german: Record<AuditFactKind, string> = {
    visitCancelled: 'Besuch storniert (als „Abgesagt“ behalten)',
    deletedForGood: 'endgültig gelöscht',
    changed: 'geändert: Bemerkungen, Telefon',
    alias: 'Alias „Front“ → „Lobby“',
    passChanged: 'umbenannt (kein Name) → „Desk“, gesperrt, 2 Gerätebündel aufgelöst',
    takenOver: 'von Uma Ng übernommen',
    resetsCard: 'setzt die Karte zuerst zurück',
    session: 'Sitzungs-ID s-1',
    cardsSent: '2 Karten aus Stapel „Lobby“',
    imported: '2 importiert, 1 nicht importiert',
    passesOrdered: '3 Touch Passes',
    bought: 'gekauft: 3; die Antwort der Konsole nannte nur 2 davon: 057B-0001 (Mateo desk), 057B-0002',
    passEach: 'je ein Touch Pass',
    given: '057B-0001 an Ada Ng, 057B-0002',
    readBackBought: 'erneut gelesen: gekauft 057B-0001',
    readBackNotGiven: 'erneut gelesen: nicht vergeben an Ada Ng',
    readBackFound: 'erneut gelesen: 2 Karten von 3 auf der Konsole gefunden',
    readBackCard: 'erneut gelesen: Karte noch beim Besucher',
    readBackVisitor: 'erneut gelesen: Besucher v-9 hat einen QR-Code',
    badgePrint: 'Ausweiseinlage 4 × 3 Zoll · als PDF gespeichert · Nachdruck'
  }
  const kinds = Object.keys(factSamples) as AuditFactKind[]

  it("German: each kind's cell", async () => {
    deskLanguage.choose('de')
    renderAudit(kinds.map((kind) => auditRow(kind, { facts: [factSamples[kind]], detail: 'main English' })))
    const details = async () => (await screen.findAllByTestId('audit-detail')).map((cell) => cell.textContent!.trim())
    await expect.poll(details, { timeout: 10_000 }).toEqual(kinds.map((kind) => german[kind]))
    for (const cell of screen.getAllByTestId('audit-detail')) expect(cell.querySelector('[lang]')).toBeNull()
  })

  it('German: the outcome sentence a read-back settled and one the app stopped before', async () => {
    deskLanguage.choose('de')
    renderAudit([
      auditRow('r-1', { outcome: 'ok', said: { key: 'settled', done: 'partly', later: true }, message: 'x' }),
      auditRow('r-2', { outcome: 'unknown', said: { key: 'stopped' }, message: 'x' })
    ])
    const said = async () => (await screen.findAllByTestId('audit-message')).map((cell) => cell.textContent!.trim())
    await expect
      .poll(said, { timeout: 10_000 })
      .toEqual([
        'Teilweise ausgeführt: Die Antwort der Konsole ging verloren; erneutes Lesen zeigt, dass nur ein Teil ausgeführt wurde (geprüft, als die Konsole wieder antwortete).',
        'Die App wurde beendet, bevor die Konsole antwortete: Prüfen Sie auf der Konsole, ob dies ausgeführt wurde.'
      ])
  })

  it('a row recorded before facts: its English as given, labelled, marked English for a screen reader', async () => {
    deskLanguage.choose('de')
    renderAudit([
      auditRow('old', {
        action: 'cancel visit',
        recordedDetail: 'visit cancelled (kept as CANCELLED)',
        detail: 'visit cancelled (kept as CANCELLED)',
        outcome: 'unknown',
        message: 'The app stopped before the console answered: check on the console whether this was done.'
      })
    ])
    const cell = async () => (await screen.findByTestId('audit-detail')).textContent!.replace(/\s+/g, ' ').trim()
    await expect.poll(cell, { timeout: 10_000 }).toBe('auf Englisch aufgezeichnet: visit cancelled (kept as CANCELLED)')
    expect(screen.getByText('visit cancelled (kept as CANCELLED)')).toHaveAttribute('lang', 'en')
    expect(screen.getByTestId('audit-message').textContent!.replace(/\s+/g, ' ').trim()).toBe(
      'auf Englisch aufgezeichnet: The app stopped before the console answered: check on the console whether this was done.'
    )
  })
})
