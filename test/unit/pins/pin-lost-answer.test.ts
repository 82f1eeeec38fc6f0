import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppErrorData } from '../../../src/shared/errors'
import { afterOutcome, readBackEnglish } from '../../../src/shared/read-back-words'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'

const catalogue = (language: Locale) =>
  new Translator(
    language,
    JSON.parse(
      readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8')
    ) as Record<string, string>
  )

interface HeldUser {
  id: string
  pin_hash?: string | null
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (err: AppErrorData) => err
  )

/**
 * A PIN given whose answer was lost: the console never shows a PIN, so "look at the record" helps
 * nobody. Main reads whether the person holds a PIN now (its hash, before and after) and says that.
 */
describe('PIN assign when the answer was lost', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  it('the console gave it: "holds a PIN now; if it is not the one shown, assign again"', async () => {
    const { id } = await demo.addUser({ first_name: 'Ada', last_name: 'Ng' })
    const { pin } = await app.call('pins.generate')
    await demo.faults({ afterCommit: { status502: 1, paths: ['PUT /users/:id/pin_codes'] } })
    const error = await refusal(app.call('pins.assign', { pin, owner: { type: 'user', id, name: 'Ada Ng' } }))
    expect(error.message).toBe(
      "Ada Ng holds a PIN now; if it is not the one shown, assign again. The console's answer was lost, so this was read back from the console; nothing was sent twice."
    )
    expect(error.details?.['pinHeldNow']).toBe(true)
    // The console did give it.
    expect((await demo.held<HeldUser>('users')).find((u) => u.id === id)!.pin_hash).toBeTruthy()
  })

  it('the connection cut after the console gave it: what the read found is said in the desk’s language', async () => {
    const { id } = await demo.addUser({ first_name: 'Chloe', last_name: 'Ng' })
    const { pin } = await app.call('pins.generate')
    await demo.faults({ afterCommit: { reset: 1, paths: ['PUT /users/:id/pin_codes'] } })
    const error = await refusal(app.call('pins.assign', { pin, owner: { type: 'user', id, name: 'Chloe Ng' } }))
    expect(error.details).toMatchObject({ answerLost: true, pinHeldNow: true, readBack: 'pin-held', name: 'Chloe Ng' })
    // The console holds a PIN for her now: the one shown.
    expect((await demo.held<HeldUser>('users')).find((u) => u.id === id)!.pin_hash).toBeTruthy()
    // What the read found; the one read-back sentence follows it (main's English has it already, the
    // desk adds it in its language: shared/read-back-words.ts).
    const english = catalogue('en')
    const said = sayError(error, english)
    expect(said).toEqual({
      message: 'Chloe Ng holds a PIN now; if it is not the one shown, assign again.',
      hint: error.hint,
      readBack: true
    })
    expect(afterOutcome(said.message, readBackEnglish)).toBe(error.message)
    const french = sayError(error, catalogue('fr'), undefined, english)
    expect(french.message).toBe('Chloe Ng a maintenant un PIN ; si ce n’est pas celui affiché, attribuez-le à nouveau.')
    expect(french.readBack).toBe(true)
    expect(french.english).toBeUndefined()
  })
})
