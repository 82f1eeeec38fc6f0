import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import { LANGUAGES as locales, type Locale } from '../../../src/shared/i18n/locales'
import { endpoints } from '../../../src/shared/access/endpoints'
import { doneBefore } from '../../../src/main/services/audit/done-before'
import type { KeptWrite } from '../../../src/main/services/audit/kept-write'

const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8')
  ) as Record<string, string>
const english = new Translator('en', catalogue('en'))
const data = (e: AppError): AppErrorData => JSON.parse(JSON.stringify(e.toData())) as AppErrorData
const say = (e: AppError, language: Locale) =>
  sayError(data(e), new Translator(language, catalogue(language)), undefined, english)

/**
 * DONE_BEFORE (the same-write rule found the earlier try done: nothing sent) says what was done — "The
 * alias “Lobby spare” was already saved" — not one general sentence for every write, in each language
 * of the desk; a write without words of its own keeps the general sentence.
 */
describe('DONE_BEFORE names what the earlier try did', () => {
  const cases: [string, string, KeptWrite, RegExp, string | undefined][] = [
    [
      'alias save',
      endpoints.E8.id,
      { params: { token: 't1' }, body: { alias: 'Lobby spare' } },
      /alias “Lobby spare” was already saved/,
      'Lobby spare'
    ],
    ['card import', endpoints.E16.id, { nfcIds: ['04A1', '04A2', '04A3'] }, /3 cards were already imported/, '3'],
    ['QR code', endpoints.visitorAssignQr.id, { params: { id: 'v1' } }, /QR code was already given/, undefined],
    ['purchase', endpoints.E14.id, { body: { count: 2 }, key: 'k' }, /2 Touch Passes were already bought/, '2']
  ]

  for (const [what, endpoint, kept, english, value] of cases)
    it(`${what}: said as done, in English, German, French and Spanish`, () => {
      const error = doneBefore(endpoint, 'row-1', kept)
      expect(error).toMatchObject({ code: 'DONE_BEFORE', details: expect.objectContaining({ doneBefore: 'row-1' }) })
      expect(error.message).toMatch(english)
      const said = locales.map((language) => say(error, language))
      expect(said[0]!.message).toBe(error.message)
      for (const [i, words] of said.entries()) {
        expect(words.english, locales[i]).toBeFalsy()
        if (value) expect(words.message, locales[i]).toContain(value)
      }
      // Each language its own words, none the general sentence.
      expect(new Set(said.map((w) => w.message)).size).toBe(locales.length)
      for (const language of locales)
        expect(said.map((w) => w.message)).not.toContain(catalogue(language)['DONE_BEFORE.message'])
    })

  it('a write without words of its own: the general sentence', () => {
    const error = doneBefore(endpoints.E18.id, 'row-2', { params: { id: 'v1' }, body: { first_name: 'Ana' } })
    expect(error.message).toBe(catalogue('en')['DONE_BEFORE.message'])
  })
})
