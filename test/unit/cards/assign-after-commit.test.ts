import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AppErrorData } from '../../../src/shared/errors'

interface HeldCard {
  token: string
  status: string
  owner: { type: string; id: string } | null
}
interface HeldPass {
  id: string
  status: string
  user_id: string
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (err: AppErrorData) => err
  )

/**
 * What the person is told of a write whose answer was lost: the console may have done it, look
 * before trying again (the HTTP layer applies adviseLostWrite to every write, access/http.ts).
 */
function told(error: AppErrorData) {
  expect(error.details?.['answerLost']).toBe(true)
  return error.hint
}

/**
 * Giving a card or a Touch Pass to a user when the console did it and its answer was lost (the demo
 * console's afterCommit fault, through the app's channels over real HTTPS): the user is told the
 * console may have done it (a Touch Pass is read back and said done), and doing it again makes no second
 * holder or second pass.
 */
describe('assign when the console did it and the answer was lost', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  for (const [fault, afterCommit] of [
    ['the connection is cut', { reset: 1 }],
    ["a proxy's 502 replaces the answer", { status502: 1 }]
  ] as const) {
    it(`a card to a user, ${fault}: said it may have been done; again, the card is held by that user once`, async () => {
      const card = (await demo.held<HeldCard>('cards')).find((c) => c.status !== 'deleted' && !c.owner)!
      const { id: userId } = await demo.addUser({ first_name: 'Card', last_name: `Holder ${fault}` })
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['PUT /users/:id/nfc_cards'] } })
      const error = await refusal(app.call('cards.assign', { token: card.token, owner: { type: 'user', id: userId } }))
      expect(told(error)).toBe(
        'The console may have done it (Assign NFC card to user) before its answer was lost: look at the record or the list again before trying again, so it is not done twice.'
      )
      // The console did it.
      expect((await demo.held<HeldCard>('cards')).find((c) => c.token === card.token)!.owner).toMatchObject({
        id: userId
      })

      // The person tries again: the same card to the same user is answered as done, nothing else changes.
      await demo.clearFaults()
      const again = await app.call('cards.assign', { token: card.token, owner: { type: 'user', id: userId } })
      expect(again).toMatchObject({ token: card.token, user_id: userId })
      const held = await demo.held<HeldCard>('cards')
      expect(held.filter((c) => c.owner?.id === userId).map((c) => c.token)).toEqual([card.token])
    })

    it(`a Touch Pass to a user, ${fault}: read back and said done; again is refused, one pass held`, async () => {
      const pass = (await demo.held<HeldPass>('touchPasses')).find((p) => p.status === 'INACTIVE' && !p.user_id)!
      const { id: userId } = await demo.addUser({ first_name: 'Pass', last_name: `Holder ${fault}` })
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['PUT /users/:user_id/touch_passes/:touch_pass_id'] } })
      // Main reads the pass back after the lost answer (touch-passes/read-back.ts): done, and said so.
      const answer = await app.call('touchPasses.assign', { id: pass.id, userId })
      expect(answer).toMatchObject({ readBack: true })
      const given = (await demo.held<HeldPass>('touchPasses')).find((p) => p.id === pass.id)!
      expect([given.status, given.user_id]).toEqual(['PENDING', userId])

      // The person tries again: the console refuses (the pass is no longer assignable); still one pass.
      await demo.clearFaults()
      expect(await refusal(app.call('touchPasses.assign', { id: pass.id, userId }))).toMatchObject({
        kind: 'conflict'
      })
      const held = await demo.held<HeldPass>('touchPasses')
      expect(held.filter((p) => p.user_id === userId).map((p) => [p.id, p.status])).toEqual([[pass.id, 'PENDING']])
    })
  }
})
