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
 * What the person is told of a write whose answer was lost and that was read back not done.
 */
function told(error: AppErrorData) {
  expect(error.details?.['answerLost']).toBe(true)
  return error.hint
}

/**
 * Giving a card or a Touch Pass to a user (and taking a card back) when the console did it and its answer
 * was lost (the demo console's afterCommit fault, through the app's channels over real HTTPS): main reads
 * the record back and says it done, and doing it again makes no second holder or second pass.
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
    it(`a card to a user, ${fault}: read back and said done; again, the card is held by that user once`, async () => {
      const card = (await demo.held<HeldCard>('cards')).find((c) => c.status !== 'deleted' && !c.owner)!
      const { id: userId } = await demo.addUser({ first_name: 'Card', last_name: `Holder ${fault}` })
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['PUT /users/:id/nfc_cards'] } })
      // Main reads the card back after the lost answer (cards/card-inventory.ts, the rule cardHeldBy): done.
      const answer = await app.call('cards.assign', { token: card.token, owner: { type: 'user', id: userId } })
      expect(answer).toMatchObject({ token: card.token, user_id: userId })
      expect((await demo.held<HeldCard>('cards')).find((c) => c.token === card.token)!.owner).toMatchObject({
        id: userId
      })
      const rows = (await app.services.audit.all()).filter((r) => r.endpoint?.id === '§3.7' && r.target.id === userId)
      expect(rows.map((r) => r.outcome)).toEqual(['ok'])

      // The person tries again: the same write after a lost answer read back done is not sent again
      // (audit/same-write.ts), said so; nothing else changes.
      await demo.clearFaults()
      await expect(
        app.call('cards.assign', { token: card.token, owner: { type: 'user', id: userId } })
      ).rejects.toThrow(/Not sent again: the console did this already/)
      const held = await demo.held<HeldCard>('cards')
      expect(held.filter((c) => c.owner?.id === userId).map((c) => c.token)).toEqual([card.token])
    })

    it(`a card taken back, ${fault}: read back and said done; the card stays, held by nobody`, async () => {
      const card = (await demo.held<HeldCard>('cards')).find((c) => c.status !== 'deleted' && !c.owner)!
      const { id: userId } = await demo.addUser({ first_name: 'Back', last_name: `Giver ${fault}` })
      await app.call('cards.assign', { token: card.token, owner: { type: 'user', id: userId } })
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['PUT /users/:id/nfc_cards/delete'] } })
      const answer = await app.call('cards.unassign', { token: card.token })
      expect(answer).toMatchObject({ token: card.token })
      expect(answer.user_id || null).toBeNull()
      expect((await demo.held<HeldCard>('cards')).find((c) => c.token === card.token)!.owner).toBeNull()
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

  it('a card to a user answered 500 before the console did anything: read back, not done, trying again is safe', async () => {
    const card = (await demo.held<HeldCard>('cards')).find((c) => c.status !== 'deleted' && !c.owner)!
    const { id: userId } = await demo.addUser({ first_name: 'Not', last_name: 'Given' })
    await demo.faults({ errorRate: { 'PUT /users/:id/nfc_cards': 1 } })
    const error = await refusal(app.call('cards.assign', { token: card.token, owner: { type: 'user', id: userId } }))
    expect([told(error), error.details?.['outcome']]).toEqual([
      'Nothing was changed on the console, so trying again is safe.',
      'not-done'
    ])
    expect((await demo.held<HeldCard>('cards')).find((c) => c.token === card.token)!.owner).toBeNull()
    const rows = (await app.services.audit.all()).filter((r) => r.endpoint?.id === '§3.7' && r.target.id === userId)
    expect(rows.map((r) => r.outcome)).toEqual(['notDone'])
  })
})
