import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { laterRows } from './settle-later-support'
import { writeKinds } from '../../../src/main/services/audit/write-kinds'
import { laterChecks } from '../../../src/main/services/audit/later-checks'

type HeldPass = { id: string; card_id: string; status: string; user_id: string }
type HeldCard = { token: string; nfc_id?: string; status?: string }

/**
 * Every kind of write whose answer is lost in an outage (the console goes down with the answer:
 * `afterCommit.thenDown`, so main's own read right after fails too) leaves an Unknown row that is
 * settled when the console answers again, by what the console holds: a Touch Pass purchase, a batch
 * of passes given to users, a batch's upload and one card's import, a card's delete. Through the
 * app's services over real HTTPS; each asserts the demo console's state and the settled row.
 */
describe('an Unknown row of every kind of write is settled when the console answers again', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  const { rows, settled, consoleBack } = laterRows(app, demo)
  const down = (path: string) => demo.faults({ afterCommit: { status502: 1, paths: [path], thenDown: true } })
  const failed = (promise: Promise<unknown>) =>
    promise.then(
      () => 'answered',
      () => 'failed'
    )
  const newest = async (action: string) => (await rows({ action }))[0]!
  let n = 0
  const newUser = async () => (await demo.addUser({ first_name: 'Outage', last_name: `Later ${++n}` })).id
  const heldCards = async (nfcId: string) =>
    (await demo.held<HeldCard>('cards')).filter((c) => c.nfc_id?.toUpperCase() === nfcId && c.status !== 'deleted')
  const nfcId = () => `04${randomBytes(6).toString('hex').toUpperCase()}`

  it('a Touch Pass purchase: Done, naming the passes the list gained', async () => {
    const before = new Set((await demo.held<HeldPass>('touchPasses')).map((p) => p.id))
    await down('POST /credentials/touch_passes')
    expect(await failed(app.call('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() }))).toBe(
      'failed'
    )
    const row = await newest('purchase')
    expect(row.outcome).toBe('unknown')

    await consoleBack()
    const bought = (await demo.held<HeldPass>('touchPasses')).filter((p) => !before.has(p.id))
    expect(bought).toHaveLength(2)
    const after = await settled(row.id)
    expect(after.outcome).toBe('ok')
    expect(after.message).toMatch(/checked when the console answered again/)
    for (const pass of bought) expect(after.detail).toContain(pass.card_id || pass.id)
  })

  it('a batch of passes given to users: Done, each user holding a pass that was free before', async () => {
    await app.call('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() })
    const ids = [await newUser(), await newUser()]
    await down('PUT /users/touch_passes/assign')
    expect(await failed(app.call('touchPasses.assignToUsers', { users: ids.map((id) => ({ id })) }))).toBe('failed')
    const row = (await rows({ action: 'assign' })).find((r) => r.target.kind === 'users')!
    expect(row.outcome).toBe('unknown')

    await consoleBack()
    const held = await demo.held<HeldPass>('touchPasses')
    for (const id of ids) expect(held.filter((p) => p.user_id === id)).toHaveLength(1)
    const after = await settled(row.id)
    expect(after.outcome).toBe('ok')
    expect(after.message).toMatch(/checked when the console answered again/)
  })

  it("a batch's upload: Done, every card it sent found on the console", async () => {
    const name = `Outage-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const uids = [nfcId(), nfcId()]
    for (const uid of uids) await app.call('batches.addScan', { batchId, uid, source: 'typed' })
    await down('POST /credentials/nfc_cards/import')
    await app.call('batches.upload', { batchId }).catch(() => undefined)
    const row = (await rows({ text: name })).find((r) => r.action === 'import')!
    expect(row.outcome).toBe('unknown')

    await consoleBack()
    for (const uid of uids) expect(await heldCards(uid)).toHaveLength(1)
    const after = await settled(row.id)
    expect(after.outcome).toBe('ok')
    expect(after.message).toMatch(/checked when the console answered again/)
    expect(after.detail).toMatch(/all 2 cards found on the console/)
  })

  it("one card's import (the enrollment line's and the roster's): Done, the card found with its NFC ID", async () => {
    const uid = nfcId()
    const client = await app.services.connections.client()
    await down('POST /credentials/nfc_cards/import')
    expect(await failed(client.nfcCards.importCsv(`${uid}\n`, { filename: 'one card.csv' }))).toBe('failed')
    const row = (await rows({ text: 'one card.csv' })).find((r) => r.action === 'import')!
    expect(row.outcome).toBe('unknown')

    await consoleBack()
    expect(await heldCards(uid)).toHaveLength(1)
    const after = await settled(row.id)
    expect(after.outcome).toBe('ok')
    expect(after.detail).toMatch(/the card found on the console/)
  })

  it("a card's delete: Done, the card gone from the console", async () => {
    const uid = nfcId()
    const client = await app.services.connections.client()
    const [record] = await client.nfcCards.importCsv(`${uid}\n`, { filename: 'to delete.csv' })
    const token = record!.token
    await down('DELETE /credentials/nfc_cards/tokens/:token')
    expect(await failed(app.call('cards.delete', { token }))).toBe('failed')
    const row = (await rows({ action: 'delete' })).find((r) => r.target.id === token)!
    expect(row.outcome).toBe('unknown')

    await consoleBack()
    expect(await heldCards(uid)).toEqual([])
    const after = await settled(row.id)
    expect(after.outcome).toBe('ok')
    expect(after.message).toMatch(/checked when the console answered again/)
  })
})

describe('the table of write kinds', () => {
  it('gives every kind of write a later check, or says why what the console holds cannot tell', () => {
    const kinds = Object.entries(writeKinds)
      .filter(([, kind]) => kind !== null)
      .map(([name]) => name)
    const missing = kinds.filter((name) => !(name in laterChecks))
    expect(missing).toEqual([])
    for (const name of kinds) {
      const check = laterChecks[name as keyof typeof laterChecks]
      expect(
        typeof check === 'function' || (typeof check?.cannotTell === 'string' && check.cannotTell.length > 20)
      ).toBe(true)
    }
  })
})
