import { describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import { auditCsv } from '../../../src/main/services/audit/audit-csv'
import { toExportCsv } from '../../../src/main/services/batches/csv-export'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { guessMapping } from '../../../src/main/services/roster/column-mapping'
import { readYesNo } from '../../../src/shared/roster/yes-no-words'
import type { RowOutcome } from '../../../src/shared/roster/run'
import { LANGUAGES } from '../../../src/shared/i18n/locales'
import { exportWords } from '../../../src/shared/i18n/file-words'

/**
 * The CSV files the desk exports have their headers in the desk's language (the renderer passes it
 * with the export), and a file exported in German reads back in: a roster's results as a roster (its
 * headers guessed, its yes/no cells read), an Import batch as a batch (its header known as the
 * export's, its IDs as sent). The cells that are an interface (actions, outcomes, times) stay as they are.
 */
describe('exports in the desk’s language', () => {
  const app = useAppServices()

  it('the audit export’s header in German, French and Spanish; English when none is asked', () => {
    const header = (language?: (typeof LANGUAGES)[number]) => auditCsv([], 'UTC', language).slice(1).split('\r\n')[0]
    expect(header()).toMatch(/^time,console,console address,desk user,/)
    expect(header('de')).toMatch(/^Zeit,Konsole,Adresse der Konsole,Benutzer am Empfang,/)
    expect(header('fr')).toMatch(/^heure,console,adresse de la console,/)
    expect(header('es')).toMatch(/^hora,consola,dirección de la consola,/)
    for (const language of LANGUAGES) expect(header(language)!.split(',')).toHaveLength(25)
  })

  it('the audit export through its channel: the header in the language asked, the rows’ values as they are', async () => {
    await app.call('pins.generate')
    const exported = await app.call('audit.exportCsv', { timeZone: 'Europe/Berlin', language: 'de' })
    const [header] = exported.text.slice(1).split('\r\n')
    expect(header).toBe(
      'Zeit,Konsole,Adresse der Konsole,Benutzer am Empfang,Computer am Empfang,Aktion,Endpunkt,Ziel,Ziel-ID,Zielname,' +
        'Kartennummer,Kartenalias,NFC-ID,Karteninhaber,Touch-Pass-Karten-ID,Touch-Pass-Name,Touch-Pass-Inhaber,' +
        'Besuch ab,Besuch bis,Detail,' +
        'Ergebnis,Ergebnis-Code,Code,Meldung,Beantwortet um'
    )
  })

  it('the audit export says each outcome as the Audit screen does, in the desk’s language; its code beside it', async () => {
    const now = Math.floor(Date.now() / 1000)
    await app.call('visitors.create', {
      first_name: 'Ada',
      last_name: 'Ng',
      visit_reason: 'Business',
      start_time: now - 600,
      end_time: now + 3600,
      week_schedule: null,
      resources: []
    })
    const cells = async (language?: (typeof LANGUAGES)[number]) => {
      const { text } = await app.call('audit.exportCsv', { timeZone: 'UTC', ...(language && { language }) })
      const [row] = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true }).data
      const words = exportWords(language)
      return [row![words.t('audit.outcome')], row![words.t('audit.outcomeCode')]]
    }
    expect(await cells()).toEqual(['Done', 'ok'])
    expect(await cells('de')).toEqual(['Erledigt', 'ok'])
    expect(await cells('fr')).toEqual(['Fait', 'ok'])
    expect(await cells('es')).toEqual(['Hecho', 'ok'])
  })

  it('a roster’s results exported in German read back in as a roster: person, email, PIN and Touch Pass guessed, ja/nein read', async () => {
    const demo = await app.services.connections.demoConsole()
    const user = (
      await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
        first_name: 'Jana',
        last_name: 'Vogel',
        email: 'jana.vogel@example.com'
      })
    ).body.data.id
    await control(demo, 'POST', '/__demo/users', {
      first_name: 'Kai',
      last_name: 'Vogel',
      email: 'kai.vogel@example.com'
    })
    const csv = [
      'Vorname;Nachname;E-Mail;PIN',
      'Jana;Vogel;jana.vogel@example.com;ja',
      'Kai;Vogel;kai.vogel@example.com;nein'
    ]
    const opened = await app.call('roster.open', {
      fileName: 'personal.csv',
      data: Buffer.from(csv.join('\r\n')).toString('base64')
    })
    expect(opened.mapping).toEqual({ firstName: 0, lastName: 1, email: 2, pin: 3 })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'column', touchPass: 'none' }
    await app.call('roster.plan', { id, mapping: opened.mapping, options })
    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)
    const outcomes: RowOutcome[] = (await app.call('roster.get', { id })).outcomes
    expect(outcomes.map((o) => [o.state, o.pinAssigned])).toEqual([
      ['done', true],
      ['skipped', false]
    ])
    // The console holds what the results will say.
    const users = (
      await control<{ data: { id: string; pin_hash: string | null }[] }>(demo, 'GET', '/__demo/state/users')
    ).body.data
    expect(users.find((u) => u.id === user)!.pin_hash).not.toBeNull()

    const exported = await app.call('roster.exportCsv', { id, language: 'de' })
    const lines: string[] = exported.text.slice(1).split('\r\n')
    expect(lines[0]).toBe('Zeile,Person,Typ,E-Mail,NFC-ID,Angezeigte Karten-ID,PIN,Touch Pass,Status,Grund')
    expect(lines[1]).toMatch(/^2,Jana Vogel,Benutzer,jana\.vogel@example\.com,,,ja,nein,erledigt,/)
    expect(lines[2]).toMatch(/^3,Kai Vogel,Benutzer,kai\.vogel@example\.com,,,nein,nein,übersprungen,/)

    // Read back: the same file opened as a roster.
    const again = await app.call('roster.open', {
      fileName: exported.filename,
      data: Buffer.from(exported.text).toString('base64')
    })
    expect(again.mapping).toEqual({ fullName: 1, email: 3, card: 4, pin: 6, touchPass: 7 })
    const sample: string[][] = again.sheet.sample
    expect(sample.map((row) => readYesNo(row[6]!))).toEqual(['yes', 'no'])
    expect(guessMapping(lines[0]!.split(','))).toEqual(again.mapping)
  })

  it('every language’s results header guessed back alike', () => {
    for (const language of LANGUAGES) {
      const header = resultsHeader(language)
      expect(guessMapping(header), language).toEqual({ fullName: 1, email: 3, pin: 5, touchPass: 6 })
    }
  })

  it('an Import batch exported in German, French or Spanish reads back as the export it is (its IDs as sent)', () => {
    const rows = [
      { nfcId: '04A1B2C3', alias: 'Empfang 1' },
      { nfcId: '04D4E5F6', alias: '' }
    ]
    for (const language of LANGUAGES) {
      const text = toExportCsv(rows, language)
      if (language === 'de') expect(text.split('\n')[0]).toBe('NFC-ID (wie an die Konsole gesendet),Alias')
      const preview = validateCsv(text, { byteOrder: 'reversed' })
      expect(
        preview.rows.map((r) => [r.status, r.nfcId, r.alias]),
        language
      ).toEqual([
        ['ok', 'C3B2A104', 'Empfang 1'],
        ['ok', 'F6E5D404', '']
      ])
      expect(preview.notes.join(' '), language).toMatch(/Line 1 says the NFC IDs are as sent to the console/)
    }
  })
})

/** The results' header line alone, as resultsCsv writes it (its words from the catalogue). */
function resultsHeader(language: (typeof LANGUAGES)[number]): string[] {
  const words = exportWords(language)
  const keys = ['line', 'person', 'type', 'email', 'cardDisplayId', 'pin', 'touchPass', 'state', 'reason'] as const
  return keys.map((k) => words.t(`roster.${k}`))
}
