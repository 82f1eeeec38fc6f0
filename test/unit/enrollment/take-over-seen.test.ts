import { describe, expect, it } from 'vitest'
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
 * Enroll's "Take this card over from Uma?": the confirm carries the holder it named (`seen`), as
 * Cards' Give and PINs' Assign do. Another desk giving the card to someone else meanwhile makes main
 * send nothing and answer who holds it now, so the screen asks again naming them. Against the demo
 * console, whose card owner is asserted.
 */
describe('enroll.assign: a take-over acts on the holder the question named', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, `/api/v1/developer${path}`, body)
  let n = 0
  const person = async () => {
    const name = { first_name: 'Enroll', last_name: `Person ${++n}` }
    return { ...(await demo.addUser(name)), name: `${name.first_name} ${name.last_name}` }
  }
  const cardOwner = async (token: string) => (await demo.held<HeldCard>('cards')).find((c) => c.token === token)?.owner
  const giveElsewhere = (token: string, userId: string) =>
    otherDesk('PUT', `/users/${userId}/nfc_cards`, { token, force_add: true })

  it('the holder changed since the question: nothing sent, the new holder named; asked again and confirmed: taken over', async () => {
    const [uma, gus, ben] = [await person(), await person(), await person()]
    const token = (await demo.held<HeldCard>('cards')).find((c) => c.status === 'pending' && !c.owner)!.token
    await giveElsewhere(token, uma.id)
    // The question named Uma; meanwhile another desk gave the card to Gus.
    await giveElsewhere(token, gus.id)
    const error = await app
      .call('enroll.assign', { token, owner: { type: 'user', id: ben.id }, force: true, seen: { ownerId: uma.id } })
      .then(
        () => {
          throw new Error('expected CHANGED_SINCE_SHOWN')
        },
        (err: AppErrorData) => err
      )
    expect(error).toMatchObject({ code: 'CHANGED_SINCE_SHOWN' })
    expect(error.details).toMatchObject({ ownerId: gus.id, owner: gus.name, said: 'owner' })
    expect(await cardOwner(token)).toMatchObject({ id: gus.id })
    // "Take this card over from Gus?" answered yes: Ben holds it.
    await app.call('enroll.assign', {
      token,
      owner: { type: 'user', id: ben.id },
      force: true,
      seen: { ownerId: gus.id }
    })
    expect(await cardOwner(token)).toMatchObject({ id: ben.id })
  })
})
