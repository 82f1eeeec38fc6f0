import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AppErrorData } from '../../../src/shared/errors'

interface HeldCard {
  token: string
  display_id: string
  status: string
  owner: { type: string; id: string } | null
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (err: AppErrorData) => err
  )

/**
 * A card write to a card the console no longer has (deleted here with its answer lost, or by another
 * desk): said in those words, and the card leaves the kept list at once (no Refresh needed).
 */
describe('a card already gone from the console', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  it('a delete whose answer was lost is read back: answered as deleted, and the list holds what the console holds', async () => {
    await app.services.cards.all()
    const card = (await demo.held<HeldCard>('cards')).find((c) => c.status !== 'deleted' && !c.owner)!
    await demo.faults({ afterCommit: { status502: 1, paths: ['DELETE /credentials/nfc_cards/tokens/:token'] } })
    expect(await app.call('cards.delete', { token: card.token })).toEqual({ deleted: true })
    const held = await demo.held<HeldCard>('cards')
    expect(held.find((c) => c.token === card.token)).toBeUndefined()
    const listed = (await app.services.cards.all()).cards
    expect(listed.length).toBe(held.length)
    expect(listed.find((c: { token: string }) => c.token === card.token)).toBeUndefined()
  })

  it('deleting or renaming a card another desk deleted: "no longer on the console", and it leaves the list', async () => {
    await app.services.cards.all()
    const [first, second] = (await demo.held<HeldCard>('cards')).filter((c) => c.status !== 'deleted' && !c.owner)
    // Another desk deletes both, straight on the console.
    const client = await app.services.connections.client()
    await client.nfcCards.remove(first!.token)
    await client.nfcCards.remove(second!.token)

    const deleted = await refusal(app.call('cards.delete', { token: first!.token }))
    expect(deleted).toMatchObject({ kind: 'not-found', code: 'CARD_GONE' })
    expect(deleted.message).toBe(
      `Card ${first!.display_id} is no longer on the console (deleted here or by another desk).`
    )
    const renamed = await refusal(
      app.call('cards.rename', { token: second!.token, edit: { base: { alias: '' }, changes: { alias: 'Gone card' } } })
    )
    expect(renamed.message).toBe(
      `Card ${second!.display_id} is no longer on the console (deleted here or by another desk).`
    )
    const held = await demo.held<HeldCard>('cards')
    const listed = (await app.services.cards.all()).cards
    expect(listed.length).toBe(held.length)
    expect(listed.map((c: { token: string }) => c.token)).not.toEqual(
      expect.arrayContaining([first!.token, second!.token])
    )
  })
})
