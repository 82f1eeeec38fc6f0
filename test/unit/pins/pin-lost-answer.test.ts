import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AppErrorData } from '../../../src/shared/errors'

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
      "The console's answer was lost. Ada Ng holds a PIN now; if it is not the one shown, assign again."
    )
    expect(error.details?.['pinHeldNow']).toBe(true)
    // The console did give it.
    expect((await demo.held<HeldUser>('users')).find((u) => u.id === id)!.pin_hash).toBeTruthy()
  })
})
