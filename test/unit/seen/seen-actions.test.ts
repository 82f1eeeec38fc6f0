import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { AppErrorData } from '../../../src/shared/errors'
import { CHANGED_SINCE_SHOWN, seenActions, type SeenAction } from '../../../src/shared/seen/seen'

interface HeldCard {
  token: string
  status: string
  owner: { type: string; id: string } | null
}
interface HeldUser {
  id: string
  pin_hash?: string | null
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected CHANGED_SINCE_SHOWN')
    },
    (err: AppErrorData) => err
  )

/**
 * Every action of the `seenActions` table, confirmed on what the screen showed while another desk
 * (the console's own API) changed the record: main answers CHANGED_SINCE_SHOWN with the record now,
 * and the console holds what the other desk left (nothing was sent). What was seen, still true, acts.
 */
describe('an action acts on what the person saw, or answers what changed', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, `/api/v1/developer${path}`, body)

  let n = 0
  const person = async () => {
    const name = { first_name: 'Seen', last_name: `Person ${++n}` }
    return { ...(await demo.addUser(name)), name: `${name.first_name} ${name.last_name}` }
  }
  const spare = async () => {
    const card = (await demo.held<HeldCard>('cards')).filter((c) => c.status === 'pending' && !c.owner)[n++]!
    await app.call('cards.get', { token: card.token })
    return card.token
  }
  const cardOwner = async (token: string) => (await demo.held<HeldCard>('cards')).find((c) => c.token === token)?.owner
  const giveElsewhere = (token: string, userId: string) =>
    otherDesk('PUT', `/users/${userId}/nfc_cards`, { token, force_add: true })

  /** One case per action of the table: the screen's view, the other desk's change, what the console must hold. */
  const cases: Record<SeenAction, () => Promise<void>> = {
    'cards.unassign': async () => {
      const [gus, uma, token] = [await person(), await person(), await spare()]
      await app.call('cards.assign', { token, owner: { type: 'user', id: gus.id } })
      await giveElsewhere(token, uma.id)
      const error = await refusal(app.call('cards.unassign', { token, seen: { ownerId: gus.id } }))
      expect(error.details).toMatchObject({ ownerId: uma.id, owner: uma.name, ownerType: 'user', said: 'owner' })
      expect(await cardOwner(token)).toMatchObject({ id: uma.id })
      // Asked again with Uma named, and confirmed: taken from Uma.
      await app.call('cards.unassign', { token, seen: { ownerId: uma.id } })
      expect(await cardOwner(token)).toBeFalsy()
    },
    'cards.delete': async () => {
      const [uma, token] = [await person(), await spare()]
      await giveElsewhere(token, uma.id)
      const error = await refusal(app.call('cards.delete', { token, seen: { ownerId: null } }))
      expect(error.details).toMatchObject({ ownerId: uma.id, owner: uma.name, said: 'owner' })
      expect(await cardOwner(token)).toMatchObject({ id: uma.id })
      await app.call('cards.delete', { token, seen: { ownerId: uma.id } })
      expect((await demo.held<HeldCard>('cards')).find((c) => c.token === token && c.status !== 'deleted')).toBe(
        undefined
      )
    },
    'cards.assign': async () => {
      const [ben, uma, token] = [await person(), await person(), await spare()]
      await giveElsewhere(token, uma.id)
      const error = await refusal(
        app.call('cards.assign', { token, owner: { type: 'user', id: ben.id }, seen: { ownerId: null } })
      )
      expect(error.details).toMatchObject({ ownerId: uma.id, owner: uma.name, said: 'owner' })
      expect(await cardOwner(token)).toMatchObject({ id: uma.id })
      // "Give card X to Ben instead of Uma?" answered yes, with Uma as now shown.
      await app.call('cards.assign', {
        token,
        owner: { type: 'user', id: ben.id },
        force: true,
        seen: { ownerId: uma.id }
      })
      expect(await cardOwner(token)).toMatchObject({ id: ben.id })
    },
    'pins.assign': async () => {
      const diego = await person()
      const owner = { type: 'user' as const, id: diego.id, name: diego.name }
      const { pin: theirs } = await app.call('pins.generate')
      await otherDesk('PUT', `/users/${diego.id}/pin_codes`, { pin_code: theirs })
      const hashOf = async () => (await demo.held<HeldUser>('users')).find((u) => u.id === diego.id)!.pin_hash
      const before = await hashOf()
      expect(before).toBeTruthy()
      const { pin } = await app.call('pins.generate')
      const error = await refusal(app.call('pins.assign', { pin, owner, seen: { hasPin: false } }))
      expect(error.details).toMatchObject({ hasPin: true, name: diego.name, said: 'pin' })
      expect(await hashOf()).toBe(before)
      // "Replace Diego's PIN?" answered: replaced.
      await app.call('pins.assign', { pin, owner, seen: { hasPin: true } })
      expect(await hashOf()).not.toBe(before)
    }
  }

  for (const action of Object.keys(seenActions) as SeenAction[]) {
    it(`${action}: changed by another desk since shown, nothing is sent; asked again, it acts`, async () => {
      await cases[action]()
    })
  }

  it('every answer is CHANGED_SINCE_SHOWN, a conflict', async () => {
    const [uma, token] = [await person(), await spare()]
    await giveElsewhere(token, uma.id)
    expect(await refusal(app.call('cards.delete', { token, seen: { ownerId: null } }))).toMatchObject({
      kind: 'conflict',
      code: CHANGED_SINCE_SHOWN
    })
  })

  it('without seen (the CLI), the action is done on the record as read now', async () => {
    const [uma, token] = [await person(), await spare()]
    await giveElsewhere(token, uma.id)
    await app.call('cards.unassign', { token })
    expect(await cardOwner(token)).toBeFalsy()
  })
})
