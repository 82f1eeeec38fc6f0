import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

type HeldCard = { token: string; nfc_id?: string; status?: string }

/**
 * An upload (E16) whose answer was lost leaves its audit row Unknown; "Check with the console" on
 * Import later finds which of the rows that request sent the console holds, and settles that row:
 * Done when it holds them all, Not done when none, and "2 of 3 found" when some. Through the app's
 * services over real HTTPS, asserting the demo console's cards and the audit row.
 */
describe('"Check with the console" settles the audit row of an upload whose answer was lost', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  // The check made when the console answers again (settle-later-every-kind.test.ts) would settle the row
  // first, once; held off here, so that these rows are settled by the Check alone, as they are after a
  // restart of the app (the later checks are held for one run).
  beforeEach(() => {
    vi.spyOn(app.services.audit, 'settleLater').mockResolvedValue()
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await demo.clearFaults()
  })
  const importRow = async (batchName: string): Promise<AuditRow | undefined> =>
    ((await app.call('audit.list', { filter: { text: batchName } })) as { items: AuditRow[] }).items.find(
      (r) => r.action === 'import'
    )
  const held = async (nfcId: string) =>
    (await demo.held<HeldCard>('cards')).filter((c) => c.nfc_id?.toUpperCase() === nfcId && c.status !== 'deleted')

  /** A batch of three cards uploaded while the console's answer is lost: the console holds them, the row is Unknown. */
  const uploadLost = async (name: string) => {
    const { id: batchId } = await app.call('batches.create', { name })
    const ids = [1, 2, 3].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    for (const uid of ids) await app.call('batches.addScan', { batchId, uid, source: 'typed' })
    await demo.faults({ afterCommit: { reset: 1, paths: ['POST /credentials/nfc_cards/import'] } })
    await app.call('batches.upload', { batchId }).catch(() => undefined)
    await demo.clearFaults()
    for (const id of ids) expect(await held(id)).toHaveLength(1)
    expect(await importRow(name)).toMatchObject({ outcome: 'unknown' })
    return { batchId, ids }
  }

  it('the console holds every card: the row reads Done, as read back', async () => {
    const name = `Lost-all-${randomBytes(3).toString('hex')}`
    const { batchId } = await uploadLost(name)
    expect(await app.call('batches.check', { batchId })).toMatchObject({ found: 3, absent: 0 })
    const row = await importRow(name)
    expect(row).toMatchObject({ outcome: 'ok' })
    expect(row?.message).toMatch(/reading it back shows this was done/)
    expect(row?.detail).toMatch(/all 3 cards found on the console/)
  })

  it('the console holds some of them (one deleted since): the row says "2 of 3 found"', async () => {
    const name = `Lost-some-${randomBytes(3).toString('hex')}`
    const { batchId, ids } = await uploadLost(name)
    const [gone] = await held(ids[0]!)
    await app.call('cards.delete', { token: gone!.token })
    expect(await held(ids[0]!)).toEqual([])
    expect(await app.call('batches.check', { batchId })).toMatchObject({ found: 2, absent: 1 })
    const row = await importRow(name)
    expect(row?.message).toMatch(/^Partly done: .*reading it back shows only part of this was done/)
    expect(row?.detail).toMatch(/read back: 2 cards of 3 found on the console/)
  })

  it('the console holds none of them (some of its cards show no NFC ID): the row reads Not done, as read back', async () => {
    const name = `Lost-none-${randomBytes(3).toString('hex')}`
    const { batchId, ids } = await uploadLost(name)
    for (const id of ids) await app.call('cards.delete', { token: (await held(id))[0]!.token })
    // The demo console holds UA cards that show no NFC ID: Import says it could not compare them, yet a
    // card this import made would show its own (numbered by it), so none found is Not done for the request.
    expect(await app.call('batches.check', { batchId })).toMatchObject({
      found: 0,
      absent: 3,
      unsure: expect.any(String)
    })
    const row = await importRow(name)
    expect(row).toMatchObject({ outcome: 'notDone' })
    expect(row?.message).toMatch(/reading it back shows this was not done/)
    expect(row?.detail).toMatch(/read back: none of the 3 cards found on the console/)
  })

  it('a part the console answers with its own server error is Unknown in the audit, as Import marks its rows to check', async () => {
    // The console may apply a CSV import in part before its error: Import leaves the rows "to check";
    // the audit row said Refused (nothing done) for the same request.
    const name = `Err-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const uid = `04${randomBytes(6).toString('hex').toUpperCase()}`
    await app.call('batches.addScan', { batchId, uid, source: 'typed' })
    await demo.faults({ errorRate: { 'POST /credentials/nfc_cards/import': 1 } })
    await app.call('batches.upload', { batchId }).catch(() => undefined)
    await demo.clearFaults()
    const batch = (await app.call('batches.get', { id: batchId })) as { rows: { status: string }[] }
    expect(batch.rows.map((r) => r.status)).toEqual(['unknown'])
    expect(await importRow(name)).toMatchObject({ outcome: 'unknown' })
  })
})
