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
})
