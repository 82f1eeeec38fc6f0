import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import RowsTable from './RowsTableWhole.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { deskFormats } from '../../../src/renderer/src/lib/i18n/desk-formats'
import { rowReason } from '../../../src/main/services/batches/row-reasons'
import type { BatchRow } from '../../../src/shared/batches/schemas'

afterEach(() => deskLanguage.choose(null))

const row = (id: string, status: BatchRow['status'], why: Pick<BatchRow, 'reason' | 'reasonSaid'>): BatchRow => ({
  id,
  nfcId: `04A1B2${id}`,
  alias: `Desk-${id}`,
  addedAt: '',
  source: 'csv',
  status,
  ...why
})

/**
 * A row's reason after an upload or a check is kept in the batch as facts (main's row-reasons.ts) and
 * said in the desk's language; a row kept before, with main's English only, is shown as recorded,
 * marked so.
 */
describe('batch rows’ reasons on a German desk', () => {
  it('are said in German from the facts kept; an old English reason is shown as recorded, labelled', async () => {
    deskLanguage.choose('de')
    const at = '2026-11-29T08:14:00.000Z'
    const rows = [
      row('01', 'failed', rowReason('aliasOnConsole', { alias: 'Desk-01', card: '0042' })),
      row('02', 'pending', rowReason('checkedAbsent', { at })),
      row('03', 'unknown', rowReason('connectionFailed', { cause: 'ECONNRESET' })),
      // Kept before the facts were: main's English only.
      row('04', 'unknown', {
        reason: 'The app stopped before the console answered: check on the console whether this card was imported.'
      })
    ]
    // What the CLI reads stays main's English.
    expect(rows[0]!.reason).toBe(
      'The alias "Desk-01" is already used on the console by card 0042: change the alias here, or free it on the console (rename or remove that card), then retry failed rows.'
    )
    render(RowsTable, { rows, onsave: async () => {}, ondelete: () => {} })
    const reasons = () => screen.getAllByTestId('row-reason').map((r) => r.textContent!.replace(/\s+/g, ' ').trim())
    await waitFor(() => expect(reasons()[0]).toMatch(/^Der Alias/), { timeout: 5000 })
    expect(reasons()).toEqual([
      'Der Alias „Desk-01“ wird auf der Konsole schon von Karte 0042 verwendet: Ändern Sie den Alias hier oder geben Sie ihn auf der Konsole frei (diese Karte umbenennen oder entfernen), und wiederholen Sie dann die fehlgeschlagenen Zeilen.',
      `Mit der Konsole geprüft (${deskFormats().dateTime(new Date(at))}): Sie hat diese Karte nicht. Das Hochladen sendet sie.`,
      'Die Verbindung brach ab, bevor die Konsole antwortete (ECONNRESET): Sie hat diese Karte vielleicht importiert, vielleicht nicht. Verwenden Sie „Mit der Konsole prüfen“, bevor Sie sie erneut senden.',
      'Wie gespeichert (Englisch): The app stopped before the console answered: check on the console whether this card was imported.'
    ])
    const old = screen.getAllByTestId('row-reason')[3]!
    expect(old.querySelector('[lang="en"]')).toHaveTextContent(/^The app stopped/)
    expect(screen.getAllByTestId('row-reason')[0]!.querySelector('[lang="en"]')).toBeNull()
  })

  it('keep the console’s own words as given, labelled in German as the console’s', async () => {
    deskLanguage.choose('de')
    const rows = [
      row('05', 'pending', rowReason('refusedSaid', { said: 'nfc_id format error' })),
      row('06', 'unknown', rowReason('errorAnswerSaid', { said: 'database busy' }))
    ]
    render(RowsTable, { rows, onsave: async () => {}, ondelete: () => {} })
    const reasons = () => screen.getAllByTestId('row-reason').map((r) => r.textContent!.replace(/\s+/g, ' ').trim())
    await waitFor(() => expect(reasons()[0]).toMatch(/^Die Konsole/), { timeout: 5000 })
    expect(reasons()).toEqual([
      'Die Konsole hat diesen Teil des Uploads abgelehnt, daher wurde diese Karte nicht importiert. Die Konsole meldete: „nfc_id format error“. Beheben Sie die Ursache und laden Sie erneut hoch.',
      'Die Konsole antwortete mit einem Fehler, statt zu sagen, welche Karten sie importiert hat. Die Konsole meldete: „database busy“. Verwenden Sie „Mit der Konsole prüfen“, bevor Sie sie erneut senden.'
    ])
  })
})
