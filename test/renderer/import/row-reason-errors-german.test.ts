import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import RowsTable from './RowsTableWhole.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { causeOf, errorReason, rowReason } from '../../../src/main/services/batches/row-reasons'
import { errorFromResponse, errorFromTransport } from '../../../src/main/services/access/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
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

const E16 = endpoints.E16
const reasons = () => screen.getAllByTestId('row-reason').map((r) => r.textContent!.replace(/\s+/g, ' ').trim())

/**
 * An upload's rows the console refused whole for a reason known by its status (the token, a
 * permission, the console's version, its rate limit) keep the error's code and facts (main's
 * row-reasons.ts errorReason), and a row "to check" after a cut connection keeps its cause so: the
 * desk says them as it says those errors anywhere (errorWords), the wait of a rate limit included.
 */
describe('an upload’s refusals in a row’s reason on a German desk', () => {
  it('the token, a permission, the version and the rate limit are said in German with their facts', async () => {
    deskLanguage.choose('de')
    const rows = [
      row('01', 'pending', errorReason(errorFromResponse(E16, 401, { code: 'CODE_AUTH_FAILED' }), 'Site A')),
      row('02', 'pending', errorReason(errorFromResponse(E16, 403, { code: 'CODE_UNAUTHORIZED' }), 'Site A')),
      row('03', 'pending', errorReason(errorFromResponse(E16, 404, {}), 'Site A')),
      row('04', 'pending', errorReason(errorFromResponse(E16, 429, {}, { 'retry-after': '45' }), 'Site A'))
    ]
    // The CLI's words stay main's English: what happened and what to do.
    expect(rows[3]!.reason).toBe(
      'The console is busy (too many requests): try again in a minute. Wait 45 s and try again.'
    )
    render(RowsTable, { rows, onsave: async () => {}, ondelete: () => {} })
    await waitFor(() => expect(reasons()[0]).toMatch(/^Die Konsole hat das API-Token abgelehnt/), { timeout: 5000 })
    const title = 'NFC-Karten anderer Hersteller importieren (E16)'
    expect(reasons()).toEqual([
      `Die Konsole hat das API-Token abgelehnt (${title}). Prüfen Sie das Token unter Einstellungen → Verbindungen. Ein Schlüssel einer anderen UniFi-App (Protect, Network) funktioniert hier nicht: Legen Sie einen unter Access → Einstellungen → Allgemein → Erweitert → API-Token an.`,
      `Dem API-Token fehlt die Berechtigung edit:credential, die ${title} braucht. Fügen Sie edit:credential den Berechtigungen des Tokens hinzu (Access → Einstellungen → Allgemein → Erweitert → API-Token) oder verwenden Sie ein Token, das sie hat.`,
      `Diese Konsole bietet ${title} nicht an. Dafür ist UniFi Access 3.3.10 oder neuer nötig. Aktualisieren Sie die Access-Anwendung auf der Konsole.`,
      'Die Konsole ist ausgelastet (zu viele Anfragen): Versuchen Sie es in einer Minute erneut. Warten Sie 45 s und versuchen Sie es erneut.'
    ])
    // Said in the desk's language: nothing marked as English for a screen reader.
    for (const reason of screen.getAllByTestId('row-reason')) expect(reason.querySelector('[lang="en"]')).toBeNull()
  })

  it('a connection failure inside a row to check is said in German, the console by its name', async () => {
    deskLanguage.choose('de')
    const url = 'https://10.0.0.2:12445'
    const refused = errorFromTransport(E16, url, Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))
    const reset = errorFromTransport(E16, url, Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
    const { cause, kept } = causeOf(reset, 'Site A')
    const rows = [
      row('05', 'pending', errorReason(refused, 'Site A')),
      row('06', 'unknown', rowReason('connectionFailed', { cause }, kept)),
      // Kept before the cause was kept as facts: its English cause as recorded, inside the German sentence.
      row('07', 'unknown', rowReason('connectionFailed', { cause }))
    ]
    expect(JSON.stringify(rows)).not.toContain(url)
    render(RowsTable, { rows, onsave: async () => {}, ondelete: () => {} })
    await waitFor(() => expect(reasons()[0]).toMatch(/^„Site A“ war nicht erreichbar/), { timeout: 5000 })
    expect(reasons()).toEqual([
      '„Site A“ war nicht erreichbar: unter dieser Adresse antwortet nichts (Verbindung abgelehnt). Prüfen Sie, ob die Konsole eingeschaltet ist, dieser Computer in ihrem Netzwerk ist und die Adresse stimmt, und versuchen Sie es dann erneut (kein Neustart nötig).',
      'Die Verbindung brach ab, bevor die Konsole antwortete („Site A“ war nicht erreichbar: die Verbindung brach ab, bevor die Konsole antwortete): Sie hat diese Karte vielleicht importiert, vielleicht nicht. Verwenden Sie „Mit der Konsole prüfen“, bevor Sie sie erneut senden.',
      'Die Verbindung brach ab, bevor die Konsole antwortete (Could not reach “Site A”: the connection was cut before the console answered): Sie hat diese Karte vielleicht importiert, vielleicht nicht. Verwenden Sie „Mit der Konsole prüfen“, bevor Sie sie erneut senden.'
    ])
  })
})
