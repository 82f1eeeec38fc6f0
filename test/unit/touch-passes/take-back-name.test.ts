import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'

type Held = { id: string; status: string; user_id: string; card_name: string }

/**
 * A pass taken back keeps the name its holder gave it ("Kofi's phone") unless the take back clears it
 * (`clearName`, the name the dialog showed): then main renames it after the take back, sending
 * `card_name` only. Against the demo console: what the pass holds afterwards, whatever the rename did.
 */
describe('taking a Touch Pass back and clearing the name it kept', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, `/api/v1/developer${path}`, body)
  const passOf = async (id: string) => (await demo.held<Held>('touchPasses')).find((p) => p.id === id)!
  let n = 0
  /** A pass bought here, given to Kofi and named after his phone, as the walk found it. */
  const kofisPass = async () => {
    const [bought] = (await app.call('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() })).items
    const kofi = await demo.addUser({ first_name: 'Kofi', last_name: `Mensah ${++n}` })
    await app.call('touchPasses.assign', { id: bought.id, userId: kofi.id })
    await app.call('touchPasses.rename', {
      id: bought.id,
      edit: { base: { card_name: bought.card_name }, changes: { card_name: "Kofi's phone" } }
    })
    return { id: bought.id as string, kofi: kofi.id }
  }

  it('cleared when asked: the pass is free and nameless, and the answer says so', async () => {
    const { id, kofi } = await kofisPass()
    const rowsBefore = (await app.services.audit.all()).length
    const answer = await app.call('touchPasses.unassign', { id, userId: kofi, clearName: "Kofi's phone" })
    expect(answer).toMatchObject({ id, user_id: '', card_name: '', name: 'cleared' })
    expect(await passOf(id)).toMatchObject({ user_id: '', card_name: '' })
    // Two lines: the take back, then the rename, which lists the name and only it.
    const rows = (await app.services.audit.all()).slice(rowsBefore)
    expect(rows.map((r) => r.action)).toEqual(['unassign', 'update'])
    expect(rows[1]).toMatchObject({ outcome: 'ok', detail: 'renamed "Kofi\'s phone" → ""' })
  })

  it('kept when not asked (the CLI as before): the next holder would see it', async () => {
    const { id, kofi } = await kofisPass()
    const answer = await app.call('touchPasses.unassign', { id, userId: kofi })
    expect(answer.name).toBeUndefined()
    expect(await passOf(id)).toMatchObject({ user_id: '', card_name: "Kofi's phone" })
  })

  it('renamed on the console meanwhile: taken back, the new name left as it is and said', async () => {
    const { id, kofi } = await kofisPass()
    await otherDesk('PUT', `/credentials/touch_passes/${id}`, { card_name: 'Lobby spare' })
    const answer = await app.call('touchPasses.unassign', { id, userId: kofi, clearName: "Kofi's phone" })
    expect(answer).toMatchObject({ user_id: '', name: 'renamedMeanwhile', nameNow: 'Lobby spare' })
    expect(await passOf(id)).toMatchObject({ user_id: '', card_name: 'Lobby spare' })
  })

  it('the rename refused: the take back stands and the answer says both', async () => {
    const { id, kofi } = await kofisPass()
    await demo.faults({ errorRate: { 'PUT /credentials/touch_passes/:id': 1 } })
    const answer = await app.call('touchPasses.unassign', { id, userId: kofi, clearName: "Kofi's phone" })
    expect(answer).toMatchObject({ user_id: '', name: 'failed', nameError: { message: expect.any(String) } })
    expect(await passOf(id)).toMatchObject({ user_id: '', card_name: "Kofi's phone" })
  })
})
