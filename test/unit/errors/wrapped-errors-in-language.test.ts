import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'
import { endpoints } from '../../../src/shared/access/endpoints'
import { errorFromResponse, errorFromTransport } from '../../../src/main/services/access/errors'
import { adviseLostWrite, notDoneError } from '../../../src/main/services/access/lost-answer'
import { manyRefusal, refusal } from '../../../src/renderer/src/components/touch-passes/refusals'

/**
 * An error a screen shows after main (or the screen) wrapped it — what was refused said before it, the
 * lost answer's advice, what a read-back found — is said in the desk's language, never main's English
 * under a translated screen: a German Touch Pass rename refused for a missing key, a Spanish walk-in
 * whose connection was cut.
 */
const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8')
  ) as Record<string, string>
const words = (language: Locale) => new Translator(language, catalogue(language))
const english = words('en')
const data = (e: unknown): AppErrorData => JSON.parse(JSON.stringify(AppError.from(e).toData())) as AppErrorData
const say = (e: unknown, language: Locale) => sayError(data(e), words(language), undefined, english)

const forbidden = errorFromResponse(endpoints.E12, 403, { code: 'CODE_UNAUTHORIZED', msg: 'no permission' })
const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
const cut = adviseLostWrite(errorFromTransport(endpoints.E17, 'https://10.0.0.2:12445', reset), endpoints.E17)

describe('a wrapped error is said in the desk’s language', () => {
  it('a Touch Pass rename refused for a missing key: what was refused and why, in German', () => {
    const said = say(refusal('rename', forbidden), 'de')
    expect(said.english).toBeFalsy()
    expect(said.message).toMatch(/^Der Pass wurde nicht umbenannt\. /)
    expect(said.message).toContain('edit:credential')
    expect(said.message).not.toMatch(/The pass|lacks the permission/)
    // English says what it always said.
    expect(say(refusal('rename', forbidden), 'en').message).toBe(refusal('rename', forbidden).message)
  })

  it('a Touch Pass refused by a rule of the console: its hint in the desk’s language too', () => {
    const rule = errorFromResponse(endpoints.E12, 400, { code: 'CODE_PARAMS_INVALID', msg: 'bad' })
    for (const action of ['rename', 'ACTIVE', 'SUSPENDED', 'unbundle', 'assign', 'unassign'] as const) {
      const said = say(refusal(action, rule), 'es')
      expect(said.english, action).toBeFalsy()
    }
    expect(say(manyRefusal(forbidden), 'fr').english).toBeFalsy()
  })

  it('a walk-in whose connection was cut after it was sent: the cut and the advice, in Spanish', () => {
    const said = say(cut, 'es')
    expect(said.english).toBeFalsy()
    expect(said.message).not.toContain('Could not reach')
    expect(said.hint).not.toContain('The console may have done it')
    expect(said.hint).toContain('Crear visitante')
    expect(say(cut, 'en')).toMatchObject({ message: cut.message, hint: cut.hint })
  })

  it('a lost write read back and found not done, each as main says it: in German', () => {
    const created = notDoneError(
      cut,
      "The visitor was not created: the console's answer was lost, and reading it back shows no such visitor.",
      { readBack: 'visitor-not-created' },
      'Nothing was created on the console, so trying again is safe.'
    )
    expect(say(created, 'de').english).toBeFalsy()
    expect(say(created, 'en')).toMatchObject({ message: created.message, hint: created.hint })
    const same = notDoneError(cut, cut.message)
    expect(say(same, 'de').english).toBeFalsy()
    expect(say(same, 'en')).toMatchObject({ message: same.message, hint: same.hint })
  })
})
