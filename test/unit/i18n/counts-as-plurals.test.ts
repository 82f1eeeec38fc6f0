import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'

/**
 * A count is said through an ICU plural, in every language: "(1 elegidas)" and "1 inconnues" came from a `{count}`
 * written into a sentence whose words agree with it. A message that writes `{count}` bare must also say it through
 * `{count, plural, …}`, or be listed below with why no word agrees with it.
 */
const messages = join(__dirname, '../../../src/shared/i18n/messages')
const languages = ['en', 'de', 'fr', 'es'] as const
const read = (area: string, lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(messages, area, `${lang}.json`), 'utf8')) as Record<string, string>

/** `{count}` bare where no word agrees with it, or where it is two or more by construction. */
const bareOnPurpose: Record<string, string> = {
  'import reader.every': 'a number in brackets after "every reader"',
  'import reader.state.readyAny': 'said only for two or more readers (one is named instead)',
  'import csvNote.sheetRead': 'said only for a workbook of two or more sheets',
  'roster said.manyKey': 'said only for two or more people (one is named instead)',
  'roster said.nearMany': 'said only for two or more people (one is named instead)',
  'today refusal.notFound': 'said after several tries in a row, never one',
  'audit fact.bought.fewer': '"only N of them": no word agrees with N'
}

describe('a count is said through a plural', () => {
  it('writes no bare {count} into a sentence without its plural', () => {
    const bare: string[] = []
    for (const area of readdirSync(messages))
      for (const lang of languages)
        for (const [key, text] of Object.entries(read(area, lang)))
          if (/\{count\}/.test(text) && !/\{count, ?plural/.test(text) && !(`${area} ${key}` in bareOnPurpose))
            bare.push(`${lang} ${area} ${key}: ${text}`)
    expect(bare).toEqual([])
  })

  it('writes no word that agrees with a count by brackets ("importée(s)", "ajouté(e)", "Benutzer(en)")', () => {
    // A word with its ending in brackets stands for a count (or a person) the sentence did not agree it with:
    // the count is said through its plural, and a person's sentence agrees with a noun it names instead.
    const bracketed = /\p{L}\((?:s|e|es|en|n|x|nen|innen)\)/u
    const found: string[] = []
    for (const area of readdirSync(messages))
      for (const lang of languages)
        for (const [key, text] of Object.entries(read(area, lang)))
          if (bracketed.test(text)) found.push(`${lang} ${area} ${key}: ${text}`)
    expect(found).toEqual([])
  })

  /**
   * Counts written beside a word that agrees with them ("1 correctes", "Retry 1 failed", "all 1 found"), by the
   * values the screens give them: each said through its plural in every language.
   */
  const countValues: Record<string, readonly string[]> = {
    'import csv.read': ['ok', 'repaired', 'refused', 'duplicate'],
    'import upload.retryFailed': ['failed'],
    'import upload.retryFailedFixed': ['failed', 'fixed'],
    'audit fact.imported': ['imported', 'notImported'],
    'audit fact.readBack.all': ['sent'],
    'audit fact.readBack.some': ['found'],
    'audit fact.readBack.none': ['sent']
  }

  it('says each count beside an agreeing word through its plural, in every language', () => {
    const bare: string[] = []
    for (const [name, values] of Object.entries(countValues)) {
      const [area, key] = name.split(' ') as [string, string]
      for (const lang of languages) {
        const text = read(area, lang)[key] ?? ''
        for (const value of values)
          if (!new RegExp(`\\{${value}, ?plural`).test(text)) bare.push(`${lang} ${name} {${value}}: ${text}`)
      }
    }
    expect(bare).toEqual([])
  })

  it('lists no message as bare on purpose that has no bare {count}', () => {
    for (const name of Object.keys(bareOnPurpose)) {
      const [area, key] = name.split(' ') as [string, string]
      expect(read(area, 'en')[key], name).toMatch(/\{count\}/)
    }
  })

  /**
   * A plural noun of each language, as a count is written before it ("{total} rows", "{cards} Karten"): a
   * `{name}` written right before one, outside any plural's branch, is a count beside a word that agrees
   * with it, found without listing the message.
   */
  const pluralNouns: Record<(typeof languages)[number], string> = {
    en: 'rows|cards|passes|people|visitors|lines|users|doors|files|readers|credentials|badges|visits|parts|sheets|columns|pages|printers|seconds|minutes|hours|days|tries|batches|consoles',
    de: 'Zeilen|Karten|Pässe|Personen|Besucher|Benutzer|Türen|Dateien|Leser|Ausweise|Besuche|Teile|Blätter|Spalten|Seiten|Drucker|Sekunden|Minuten|Stunden|Tage|Versuche|Stapel|Konsolen',
    fr: 'lignes|cartes|passes|personnes|visiteurs|utilisateurs|portes|fichiers|lecteurs|badges|visites|parties|feuilles|colonnes|pages|imprimantes|secondes|minutes|heures|jours|essais|lots|consoles',
    es: 'filas|tarjetas|pases|personas|visitantes|usuarios|puertas|archivos|lectores|credenciales|visitas|partes|hojas|columnas|páginas|impresoras|segundos|minutos|horas|días|intentos|lotes|consolas|líneas'
  }

  /** Where in `text` a `{name}` stands right before a plural noun, outside every plural's branch. */
  function countsBesideNouns(text: string, nouns: string): string[] {
    const inPlural: boolean[] = []
    const stack: boolean[] = []
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '{') stack.push(/^\{\w+, ?(plural|selectordinal),/.test(text.slice(i)) || stack.includes(true))
      inPlural[i] = stack.includes(true)
      if (text[i] === '}') stack.pop()
    }
    const found: string[] = []
    for (const m of text.matchAll(new RegExp(`\\{(\\w+)\\}\\s+(?:${nouns})(?![\\p{L}])`, 'gu')))
      if (!inPlural[m.index]) found.push(m[0])
    return found
  }

  /** A count beside a plural noun that is never one: why no word needs to agree with it. */
  const nounBesideOnPurpose: Record<string, string> = {
    'import reader.state.readyAny': 'said only for two or more readers (one is named instead)',
    'import csvNote.sheetRead': 'said only for a workbook of two or more sheets',
    'roster said.manyKey': 'said only for two or more people (one is named instead)',
    'roster said.nearMany': 'said only for two or more people (one is named instead)',
    'today refusal.notFound': 'said after several tries in a row, never one',
    'import csvSaid.tooManyColumns': 'said only for three or more columns (two are the format)',
    'errors LIST_DID_NOT_END.message': 'the most pages a list is read to, a constant of many'
  }

  it('finds every count written beside a plural noun of its language, and says it through a plural', () => {
    const bare: string[] = []
    for (const area of readdirSync(messages))
      for (const lang of languages)
        for (const [key, text] of Object.entries(read(area, lang)))
          if (!(`${area} ${key}` in nounBesideOnPurpose))
            for (const found of countsBesideNouns(text, pluralNouns[lang]))
              bare.push(`${lang} ${area} ${key}: ${found}`)
    expect(bare).toEqual([])
  })

  it('the finder itself: a count before a noun found, one inside a plural’s branch not', () => {
    expect(countsBesideNouns('({rows} rows; the others', pluralNouns.en)).toEqual(['{rows} rows'])
    expect(countsBesideNouns('{done} lignes sur {total}', pluralNouns.fr)).toEqual(['{done} lignes'])
    expect(countsBesideNouns('{count, plural, one {{n} day} other {{n} days}}', pluralNouns.en)).toEqual([])
    expect(countsBesideNouns('{n} rowsy', pluralNouns.en)).toEqual([])
  })

  it('lists no message as a count beside a noun on purpose that has none', () => {
    for (const name of Object.keys(nounBesideOnPurpose)) {
      const [area, key] = name.split(' ') as [string, string]
      expect(countsBesideNouns(read(area, 'en')[key] ?? '', pluralNouns.en), name).not.toEqual([])
    }
  })

  it('says one row, one card as one (an upload stopped, a batch with no card left, a file too large)', () => {
    const stopped = { done: '0', total: '1', doneCount: 0, totalCount: 1, count: 1 }
    expect(say('import', 'en', 'store.uploadStoppedNotSent', stopped)).toContain('0 of 1 row is imported')
    expect(say('import', 'de', 'store.uploadStoppedAnswered', stopped)).toContain('0 von 1 Zeile ist importiert')
    expect(say('import', 'fr', 'store.uploadStoppedAnswered', { ...stopped, done: '1', doneCount: 1 })).toContain(
      '1 sur 1 ligne est importée'
    )
    expect(say('import', 'es', 'store.uploadStoppedAnswered', stopped)).toContain('0 de 1 fila está importada')
    expect(
      say('import', 'es', 'store.uploadStoppedAnswered', { ...stopped, total: '5.012', totalCount: 5012 })
    ).toContain('0 de 5.012 filas están importadas')
    expect(say('roster', 'fr', 'said.batchEmpty', { rows: 1 })).toContain('(1 ligne ;')
    expect(say('roster', 'de', 'said.batchEmpty', { rows: 3 })).toContain('(3 Zeilen;')
    const large = { size: '30', limit: '25', cards: '1', cardCount: 1 }
    expect(say('import', 'es', 'csv.tooLarge', large)).toContain('unas 1 tarjeta)')
    expect(say('import', 'de', 'csv.tooLarge', { ...large, cards: '170.000', cardCount: 170000 })).toContain(
      'etwa 170.000 Karten)'
    )
  })

  const say = (area: string, lang: Locale, key: string, values: Record<string, string | number>) =>
    new Translator(lang, read(area, lang)).t(key, values)

  it('says one door chosen as one (the walk-in form)', () => {
    expect(say('visitorForm', 'es', 'doors.chosen', { count: 1 })).toBe('(1 elegida)')
    expect(say('visitorForm', 'fr', 'doors.chosen', { count: 1 })).toBe('(1 choisie)')
    expect(say('visitorForm', 'es', 'doors.chosen', { count: 3 })).toBe('(3 elegidas)')
  })

  it('says a cancelled visit keeps one credential as one (Visitors → Cancel visit)', () => {
    const one = { list: 'den QR-Code', name: 'Ümit Öztürk', count: 1 }
    expect(say('visitors', 'de', 'kept.will', one)).toContain('er lässt Ümit Öztürk nicht mehr hinein')
    expect(say('visitors', 'de', 'kept.will', { ...one, count: 2 })).toContain('sie lassen Ümit Öztürk')
    expect(say('visitors', 'en', 'kept.done', { ...one, list: 'the QR code' })).toContain('it no longer lets')
    expect(say('visitors', 'es', 'kept.will', { ...one, list: 'el código QR' })).toContain('ya no dejará entrar')
    expect(say('visitors', 'fr', 'kept.done', { ...one, list: 'le code QR' })).toContain('il ne laisse plus entrer')
  })
  it('says one card imported, found or failed as one (Audit, Import)', () => {
    expect(say('audit', 'fr', 'fact.imported', { imported: 1, notImported: 0 })).toBe(
      '1 carte importée, 0 non importée'
    )
    expect(say('audit', 'es', 'fact.imported', { imported: 2, notImported: 1 })).toBe(
      '2 tarjetas importadas, 1 sin importar'
    )
    expect(say('audit', 'en', 'fact.readBack.all', { sent: 1 })).toBe('read back: the card found on the console')
    expect(say('audit', 'de', 'fact.readBack.some', { found: 1, sent: 3 })).toBe(
      'erneut gelesen: 1 Karte von 3 auf der Konsole gefunden'
    )
    expect(say('audit', 'fr', 'fact.readBack.some', { found: 2, sent: 3 })).toBe(
      'relu : 2 cartes sur 3 trouvées sur la console'
    )
    const read = { file: 'a.csv', ok: 1, repaired: 2, refused: 1, duplicate: 0, valid: 3 }
    expect(say('import', 'fr', 'csv.read', read)).toMatch(
      /^a\.csv lu : 1 ligne correcte, 2 corrigées, 1 refusée, 0 en double\./
    )
    expect(say('import', 'es', 'csv.read', read)).toMatch(
      /^a\.csv leído: 1 fila correcta, 2 corregidas, 1 rechazada, 0 duplicadas\./
    )
    expect(say('import', 'en', 'upload.retryFailed', { failed: 1 })).toBe('Retry 1 failed row')
    expect(say('import', 'de', 'upload.retryFailed', { failed: 2 })).toBe('2 fehlgeschlagene Zeilen erneut senden')
  })
})
