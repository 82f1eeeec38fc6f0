import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppError, AppErrorData } from '../../../src/shared/errors'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import { endpoints } from '../../../src/shared/access/endpoints'
import { describeParseError, notAnApiResponse, notTheFile } from '../../../src/main/services/access/http'
import { listDidNotEnd } from '../../../src/main/services/access/pagination'

const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8')
  ) as Record<string, string>
const english = new Translator('en', catalogue('en'))
const data = (e: AppError): AppErrorData => JSON.parse(JSON.stringify(e.toData())) as AppErrorData

/**
 * An answer out of the contract or a list that never ended reaches the person at the desk (a list that
 * does not load, a save that cannot be confirmed): said in the desk's language, main's English for
 * English, never marked as main's English on a German, French or Spanish desk.
 */
const made: [string, AppError][] = [
  ['a field out of contract', describeParseError(endpoints.E17, { path: ['data', 'id'], message: 'Required' })],
  ['not the API', notAnApiResponse(endpoints.E17, 200)],
  ['not the file', notTheFile(endpoints.E17, 200, 12)],
  ['a list that did not end', listDidNotEnd()]
]

describe('answers out of contract, worded in every language', () => {
  for (const [what, error] of made)
    it(`${what}: English is main's words; German, French and Spanish say it otherwise`, () => {
      const e = data(error)
      expect(sayError(e, english, undefined, english)).toEqual({ message: e.message, hint: e.hint })
      for (const language of ['de', 'fr', 'es'] as const) {
        const said = sayError(e, new Translator(language, catalogue(language)), undefined, english)
        expect(said.english, language).toBeUndefined()
        expect(said.message, language).not.toBe(e.message)
        expect(said.hint, language).not.toBe(e.hint)
      }
    })
})
