import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppErrorData } from '../../../src/shared/errors'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'
import { endpoints } from '../../../src/shared/access/endpoints'
import { errorFromResponse } from '../../../src/main/services/access/errors'

const words = (language: Locale) =>
  new Translator(
    language,
    JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8'))
  )
const data = (e: { toData(): AppErrorData }): AppErrorData => JSON.parse(JSON.stringify(e.toData())) as AppErrorData

/**
 * A 429 is the console being busy, whatever code its body carries (a console answered an upload's 429
 * with CODE_SYSTEM_ERROR, which the audit and the row then showed): its own kind and code, worded so in
 * every language, with the wait its Retry-After asks for.
 */
describe('a 429 from the console', () => {
  it('is RATE_LIMITED, not the body’s CODE_SYSTEM_ERROR, and says the console is busy', () => {
    const e = data(errorFromResponse(endpoints.E16, 429, { code: 'CODE_SYSTEM_ERROR', msg: 'system error' }))
    expect(e).toMatchObject({
      kind: 'rate-limited',
      code: 'RATE_LIMITED',
      retryable: true,
      message: 'The console is busy (too many requests): try again in a minute.'
    })
    expect(e.details).toMatchObject({ status: 429, consoleCode: 'CODE_SYSTEM_ERROR' })
    expect(sayError(e, words('en'))).toEqual({ message: e.message, hint: e.hint })
    for (const language of ['de', 'fr', 'es'] as const) {
      const said = sayError(e, words(language))
      expect(said.message, language).not.toBe(e.message)
      expect(said.message, language).not.toContain('CODE_SYSTEM_ERROR')
    }
  })

  it('names the wait its Retry-After asks for, in each language', () => {
    const e = data(errorFromResponse(endpoints.E16, 429, undefined, { 'retry-after': '30' }))
    expect(e.code).toBe('RATE_LIMITED')
    expect(e.hint).toBe('Wait 30 s and try again.')
    expect(sayError(e, words('de')).hint).toBe('Warten Sie 30 s und versuchen Sie es erneut.')
  })
})
