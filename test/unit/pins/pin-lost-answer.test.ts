import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppErrorData } from '../../../src/shared/errors'
import type { AuditRow } from '../../../src/shared/audit/schemas'
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

/**
 * A PIN given whose answer was lost: the console never shows a PIN, so "look at the record" helps
 * nobody. Main reads the person's PIN hash before and after: one changed just now is the PIN given,
 * answered as done (`readBack`), never as a failure to try again; what it cannot tell is said as that.
 */
describe('PIN assign when the answer was lost', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const hashOf = async (id: string) => (await demo.held<HeldUser>('users')).find((u) => u.id === id)!.pin_hash

  it('a PIN replaced, its answer a 502: found given, answered as done', async () => {
    const { id } = await demo.addUser({ first_name: 'Ada', last_name: 'Ng' })
    const owner = { type: 'user' as const, id, name: 'Ada Ng' }
    await app.call('pins.assign', { pin: (await app.call('pins.generate')).pin, owner })
    const old = await hashOf(id)
    expect(old).toBeTruthy()
    const { pin } = await app.call('pins.generate')
    await demo.faults({ afterCommit: { status502: 1, paths: ['PUT /users/:id/pin_codes'] } })
    const answer = await app.call('pins.assign', { pin, owner, seen: { hasPin: true } })
    expect(answer).toEqual({ assigned: true, readBack: true })
    // The console did replace it: her PIN is another than before.
    const now = await hashOf(id)
    expect(now).toBeTruthy()
    expect(now).not.toBe(old)
    // The Audit's row says it was done.
    const { items } = (await app.call('audit.list', { limit: 5 })) as { items: AuditRow[] }
    expect(items.find((row) => row.said?.key === 'settled')?.said).toMatchObject({ done: true })
  })

  it('the connection cut after the console gave a first PIN: answered as done', async () => {
    const { id } = await demo.addUser({ first_name: 'Chloe', last_name: 'Ng' })
    const { pin } = await app.call('pins.generate')
    await demo.faults({ afterCommit: { reset: 1, paths: ['PUT /users/:id/pin_codes'] } })
    const answer = await app.call('pins.assign', { pin, owner: { type: 'user', id, name: 'Chloe Ng' } })
    expect(answer).toEqual({ assigned: true, readBack: true })
    expect(await hashOf(id)).toBeTruthy()
  })

  it('a PIN held with nothing known of before: said as not knowing, in the desk’s language, no hint', () => {
    const error: AppErrorData = {
      kind: 'network',
      code: 'ECONNRESET',
      retryable: true,
      message: afterOutcome('Chloe Ng holds a PIN now; if it is not the one shown, assign again.', readBackEnglish),
      details: { answerLost: true, pinHeldNow: true, pinChanged: false, readBack: 'pin-unsure', name: 'Chloe Ng' }
    }
    const english = catalogue('en')
    const said = sayError(error, english)
    expect(said).toEqual({
      message: 'Chloe Ng holds a PIN now; if it is not the one shown, assign again.',
      hint: undefined,
      readBack: true
    })
    expect(afterOutcome(said.message, readBackEnglish)).toBe(error.message)
    const french = sayError(error, catalogue('fr'), undefined, english)
    expect(french.message).toBe('Chloe Ng a maintenant un PIN ; si ce n’est pas celui affiché, attribuez-le à nouveau.')
    expect(french.readBack).toBe(true)
  })
})
