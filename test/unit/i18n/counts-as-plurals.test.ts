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
