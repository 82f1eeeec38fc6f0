import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

type HeldPass = { id: string; card_id: string; status: string; user_id: string }
type HeldCard = { token: string; display_id: string; alias: string; status?: string; owner: { id: string } | null }

/**
 * The audit trail names things as the console held them at the time of each write (read before it
 * is sent, never taken from an earlier row that may be out of date), and a write whose answer was
 * lost is settled by the app's own read-back: through the app's services over real HTTPS, asserting
 * the demo console's state and the row.
 */
describe('audit rows name what the console held, and read-backs settle Unknown rows', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const rows = async (text?: string): Promise<AuditRow[]> =>
    ((await app.call('audit.list', { filter: text ? { text } : {} })) as { items: AuditRow[] }).items
  const freePass = async (): Promise<HeldPass> => {
    await app.call('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() })
    return (await demo.held<HeldPass>('touchPasses')).find((p) => !p.user_id && p.status === 'INACTIVE')!
  }
  const passOf = async (id: string) => (await demo.held<HeldPass>('touchPasses')).find((p) => p.id === id)

  it('a Touch Pass given with its answer lost: the row names the user, reads Done once read back; the take-back names the holder', async () => {
    const pass = await freePass()
    const { id: userId } = await demo.addUser({ first_name: 'Ben', last_name: 'Ng' })
    await demo.faults({ afterCommit: { reset: 1, paths: ['PUT /users/*/touch_passes/*'] } })

    expect(await app.call('touchPasses.assign', { id: pass.id, userId })).toMatchObject({ readBack: true })
    expect(await passOf(pass.id)).toMatchObject({ user_id: userId })
    await demo.clearFaults()
    const given = (await rows('Ben Ng')).find((r) => r.action === 'assign' && r.touchPass?.id === pass.id)
    expect(given).toMatchObject({ target: { kind: 'user', id: userId, name: 'Ben Ng' }, outcome: 'ok' })
    expect(given?.message).toMatch(/reading it back shows this was done/)

    await app.call('touchPasses.unassign', { id: pass.id, userId })
    expect(await passOf(pass.id)).toMatchObject({ user_id: '' })
    const back = (await rows(pass.card_id)).find((r) => r.action === 'unassign' && r.touchPass?.id === pass.id)
    expect(back).toMatchObject({
      target: { name: 'Ben Ng' },
      touchPass: { cardId: pass.card_id, holder: 'Ben Ng' },
      outcome: 'ok'
    })
  })

  it("a card's alias changed since an earlier row: the take-back row names the alias and owner the console held", async () => {
    const card = (await demo.held<HeldCard>('cards')).find(
      (c) => c.status !== 'deleted' && !c.owner && c.alias && /^\d{1,7}$/.test(c.display_id)
    )!
    const { id: userId } = await demo.addUser({ first_name: 'Cleo', last_name: 'Park' })
    await app.call('cards.assign', { token: card.token, owner: { type: 'user', id: userId } })
    // The rename's row names the card as it was before it: the alias now stale.
    await app.call('cards.rename', {
      token: card.token,
      edit: { base: { alias: card.alias }, changes: { alias: 'Renamed since' } }
    })
    await app.call('cards.unassign', { token: card.token })
    const held = (await demo.held<HeldCard>('cards')).find((c) => c.token === card.token)
    expect(held).toMatchObject({ alias: 'Renamed since', owner: null })

    const back = (await rows(card.display_id)).find((r) => r.action === 'unassign' && r.card?.token === card.token)
    expect(back?.card).toMatchObject({
      number: card.display_id,
      alias: 'Renamed since',
      owner: { kind: 'user', name: 'Cleo Park' }
    })
    expect(back?.target).toMatchObject({ kind: 'user', id: userId, name: 'Cleo Park' })
  })

  it('a delete whose answer was lost, read back as gone: the row reads Done and still names the card', async () => {
    const card = (await demo.held<HeldCard>('cards')).find((c) => c.status !== 'deleted' && !c.owner)!
    await demo.faults({ afterCommit: { status502: 1, paths: ['DELETE /credentials/nfc_cards/tokens/:token'] } })
    expect(await app.call('cards.delete', { token: card.token })).toEqual({ deleted: true })
    expect((await demo.held<HeldCard>('cards')).some((c) => c.token === card.token)).toBe(false)

    const row = (await rows(card.display_id)).find((r) => r.action === 'delete' && r.target.id === card.token)
    expect(row).toMatchObject({ outcome: 'ok', card: { number: card.display_id } })
    expect(row?.message).toMatch(/reading it back shows this was done/)
    expect((await app.call('audit.list', { filter: { outcome: 'unknown' } })).items).toEqual([])
  })
})
