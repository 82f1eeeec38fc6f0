import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { factWords } from '../../../src/shared/audit/detail-words'
import { detailWordsIn } from '../../../src/main/services/audit/detail-in-language'
import { LANGUAGES } from '../../../src/shared/i18n/locales'

const catalogue = (area: string, language: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages', area, `${language}.json`), 'utf8')) as Record<
    string,
    string
  >

/**
 * A visit cancelled is kept as the console's CANCELLED: the Audit says that state by the word Visitors
 * and Today give it in the desk's language, never the console's code inside a sentence.
 */
describe('a status named in an Audit sentence is the desk’s word for it', () => {
  it('a cancelled visit is kept as Today’s and Visitors’ word for Cancelled, in each language', () => {
    const said = Object.fromEntries(LANGUAGES.map((l) => [l, factWords({ kind: 'visitCancelled' }, detailWordsIn(l))]))
    expect(said).toEqual({
      en: 'visit cancelled (kept as Cancelled)',
      de: `Besuch storniert (als „${catalogue('common', 'de')['state.cancelled']}“ behalten)`,
      fr: `visite annulée (conservée comme « ${catalogue('common', 'fr')['state.cancelled']} »)`,
      es: `visita cancelada (conservada como «${catalogue('common', 'es')['state.cancelled']}»)`
    })
    for (const words of Object.values(said)) expect(words).not.toMatch(/CANCELLED/)
  })

  it('no catalogue sentence carries an upper-case status code of the console', () => {
    const codes = /\b(CANCELLED|UPCOMING|VISITING|VISITED|NO_VISIT|ACTIVE|SUSPENDED|INACTIVE|EXPIRED|DELETED)\b/
    const found: string[] = []
    for (const area of ['audit', 'visitors', 'today', 'touchPasses', 'cards', 'import', 'errors'])
      for (const language of LANGUAGES)
        for (const [key, text] of Object.entries(catalogue(area, language)))
          if (codes.test(text.replace(/\{[^{}]*, select,[^]*$/, ''))) found.push(`${area}/${language} ${key}`)
    expect(found).toEqual([])
  })
})
