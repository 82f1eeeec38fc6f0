import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDemoConsole } from '../../../src/demo-console/server'
import { createHandlers } from '../../../src/main/handlers'
import type { AppServices } from '../../../src/main/services/app-services'
import { createDispatch } from '../../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import type { AppHarness } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { tempDir } from '../../support/temp'

type HeldCard = { nfc_id?: string; status?: string }

/** One run of the app on `dir`: its services, its dispatch, its demo console (kept in the same folder). */
async function appOn(dir: string): Promise<AppHarness & { close(): Promise<void> }> {
  const services: AppServices = await createNodeServices({ dataDir: dir, transport: 'test', startDemoConsole })
  const dispatch = createDispatch(createHandlers(services))
  // The check made when the console answers again would settle a row first; held off, so that the rows
  // here are settled by "Check with the console" alone (the later checks are held for one run anyway).
  vi.spyOn(services.audit, 'settleLater').mockResolvedValue()
  return {
    services,
    events: [],
    async call(channel, input) {
      const envelope = await dispatch(channel, input)
      if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error)
      return envelope.result
    },
    close: () => services.close()
  }
}

/**
 * An upload the console answers with a server error (a 500: the import may be applied in part) leaves
 * its rows "to check" and its audit row Unknown, as an upload whose answer never came does. "Check with
 * the console" settles that row the same way, whatever left it open: Not done when the console holds
 * none of its cards — also while the console holds UA cards that show no NFC ID (the demo console's:
 * an import numbers the cards it makes by their NFC ID, so a card it made would be seen) — and the
 * settled row is what the next run of the app reads. Both before the restart and after it (the row
 * then settled through the journal).
 */
describe('an upload answered with a server error, checked with the console, settles its audit rows for good', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let app: Awaited<ReturnType<typeof appOn>> | undefined
  beforeAll(async () => {
    data = await tempDir()
  })
  afterEach(() => vi.restoreAllMocks())
  afterAll(async () => {
    await app?.close()
    await data?.remove()
  })

  const importRows = async (batchName: string): Promise<AuditRow[]> =>
    ((await app!.call('audit.list', { filter: { text: batchName } })) as { items: AuditRow[] }).items.filter(
      (r) => r.action === 'import'
    )
  const held = async (ids: string[]) =>
    (await demoControl(app!).held<HeldCard>('cards')).filter(
      (c) => c.status !== 'deleted' && ids.includes(c.nfc_id?.toUpperCase() ?? '')
    )

  /** A batch of `count` cards (one part) uploaded while the console answers every import with a 500. */
  const uploadRefusedByServer = async (name: string, count: number) => {
    const { id: batchId } = await app!.call('batches.create', { name })
    const ids = Array.from({ length: count }, () => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    for (const uid of ids) await app!.call('batches.addScan', { batchId, uid, source: 'typed' })
    const demo = demoControl(app!)
    await demo.faults({ errorRate: { 'POST /credentials/nfc_cards/import': 1 } })
    // The batch as the stop left it, said with the stop (the tab follows from it: main may read back first).
    await expect(app!.call('batches.upload', { batchId })).rejects.toMatchObject({
      details: { toCheck: true, countsAtStop: { total: count, pending: 0, imported: 0, failed: 0, unknown: count } }
    })
    await demo.clearFaults()
    const batch = (await app!.call('batches.get', { id: batchId })) as { rows: { status: string }[] }
    expect(batch.rows.map((r) => r.status)).toEqual(ids.map(() => 'unknown'))
    expect((await importRows(name)).map((r) => r.outcome)).toEqual(['unknown'])
    return { batchId, ids }
  }

  const expectNotDone = async (name: string, sent: number) => {
    const rows = await importRows(name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ outcome: 'notDone' })
    expect(rows[0]!.message).toMatch(/reading it back shows this was not done/)
    expect(rows[0]!.detail).toMatch(new RegExp(`read back: none of the ${sent} cards found on the console`))
  }

  it('checked before a restart and after one: Not done, none of the cards on the console, as the next run reads it', async () => {
    app = await appOn(data.path)
    const before = `Err-before-${randomBytes(3).toString('hex')}`
    const after = `Err-after-${randomBytes(3).toString('hex')}`
    const first = await uploadRefusedByServer(before, 3)
    const second = await uploadRefusedByServer(after, 4)

    // The first batch checked in this run: none of its cards on the console, the row Not done.
    expect(await app.call('batches.check', { batchId: first.batchId })).toMatchObject({ found: 0, absent: 3 })
    expect(await held(first.ids)).toEqual([])
    await expectNotDone(before, 3)

    // The app again on the same data folder: the first row as settled, the second still Unknown until checked.
    await app.close()
    app = await appOn(data.path)
    await expectNotDone(before, 3)
    expect((await importRows(after)).map((r) => r.outcome)).toEqual(['unknown'])
    expect(await app.call('batches.check', { batchId: second.batchId })).toMatchObject({ found: 0, absent: 4 })
    expect(await held(second.ids)).toEqual([])
    await expectNotDone(after, 4)

    // And once more: the settling lines are on disk, read by the next start.
    await app.close()
    app = await appOn(data.path)
    await expectNotDone(before, 3)
    await expectNotDone(after, 4)
  })
})
