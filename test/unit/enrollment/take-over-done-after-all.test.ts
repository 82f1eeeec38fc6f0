import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { AppErrorData } from '../../../src/shared/errors'

interface HeldCard {
  token: string
  status: string
  owner: { type: string; id: string } | null
}

/**
 * Enroll's take-over whose answer was lost after the console did it: the read-back finds it done, and
 * a second press of Give — plain or a take-over again — is the same write (same-write.ts: a card given
 * to a person, forced or not). It is answered from the read-back (DONE_BEFORE), never sent: the
 * console's card has one holder, the journal one bind.
 */
describe('enroll.assign: a take-over found done after all is never sent again', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, `/api/v1/developer${path}`, body)
  let n = 0
  const person = async () => (await demo.addUser({ first_name: 'Given', last_name: `Twice ${++n}` })).id
  const cardOwner = async (token: string) => (await demo.held<HeldCard>('cards')).find((c) => c.token === token)?.owner
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (err: AppErrorData) => err
    )

  for (const again of [{ force: false }, { force: true }]) {
    it(`the take-over's 502 read back as done; Give pressed again (${again.force ? 'take-over' : 'plain'}): not sent`, async () => {
      const [ben, hana] = [await person(), await person()]
      const token = (await demo.held<HeldCard>('cards')).find((c) => c.status === 'pending' && !c.owner)!.token
      await otherDesk('PUT', `/users/${ben}/nfc_cards`, { token, force_add: true })
      const before = (await app.services.audit.all()).length

      await demo.faults({ afterCommit: { status502: 1, paths: ['PUT /users/*/nfc_cards'] } })
      const lost = await failure(
        app.call('enroll.assign', {
          token,
          owner: { type: 'user', id: hana },
          force: true,
          seen: { ownerId: ben }
        })
      )
      expect(lost?.details).toMatchObject({ answerLost: true })
      await demo.clearFaults()
      expect(await cardOwner(token)).toMatchObject({ id: hana })

      const second = await failure(app.call('enroll.assign', { token, owner: { type: 'user', id: hana }, ...again }))
      expect(second).toMatchObject({ code: 'DONE_BEFORE' })
      expect(await cardOwner(token)).toMatchObject({ id: hana })
      // One bind on the journal, settled Done by its read-back; the second press began no row.
      const binds = (await app.services.audit.all()).slice(before).filter((r) => r.card?.token === token)
      expect(binds.map((r) => r.outcome)).toEqual(['ok'])
      expect(binds[0]!.said).toMatchObject({ key: 'settled', done: true })
    })
  }
})
