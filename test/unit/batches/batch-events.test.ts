import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { createEventHub } from '../../../src/main/services/events'
import { withChanges, type RowsChanged } from '../../../src/renderer/src/stores/batch-changes'
import type { BatchDetail } from '../../../src/shared/batches/schemas'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { uniqueHex } from './upload-harness'

/**
 * batches.changed carries the rows a change touched and the batch's next version: a window that
 * applies every event to the batch it read holds what main holds, without reading it again.
 */
describe('batch changes as deltas', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService
  let events: RowsChanged[]

  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(async () => {
    await demo.stop()
  })
  beforeEach(async () => {
    dir = await tempDir()
    events = []
    // The hub checks every event against its schema (ACCESS_DESK_CONTRACT_CHECK): a payload the
    // contract does not allow fails the emit, and so the test.
    const hub = createEventHub()
    hub.subscribe((event, payload) => {
      if (event === 'batches.changed') events.push(payload as RowsChanged)
    })
    service = new BatchService({
      dir: join(dir.path, 'batches'),
      emit: hub.emit,
      client: async () => demo.client(),
      activeConsole: async () => ({ profileId: 'site-a', name: 'Site A' }),
      chunkSize: 2
    })
  })
  afterEach(async () => {
    await service.close()
    await dir.remove()
  })

  /** The batch as read once, then every later event applied in turn: each must be the next version. */
  async function followed(id: string, run: () => Promise<unknown>): Promise<BatchDetail> {
    const { version, ...read } = await service.get(id)
    events.length = 0
    await run()
    let held = { value: read as BatchDetail, version }
    for (const event of events.filter((e) => e.batchId === id)) {
      expect(event.version).toBe(held.version + 1)
      held = { value: withChanges(held.value, event), version: event.version }
    }
    return held.value
  }

  const asMainHolds = async (id: string) => {
    const { version: _version, ...detail } = await service.get(id)
    return detail
  }

  it('a tap is one added row; edits, removals, a file and a byte order switch carry only their rows', async () => {
    const batch = await service.create({ name: 'Floor 2', aliasPattern: 'Floor2-{n:3}' })
    const hex = uniqueHex()
    const first = await service.addScan(batch.id, `04${hex}AA0001`)

    events.length = 0
    await service.addScan(batch.id, `04${hex}AA0002`)
    expect(events).toHaveLength(1)
    expect(events[0]!.rows).toEqual({
      added: [expect.objectContaining({ alias: 'Floor2-002' })],
      updated: [],
      removed: []
    })
    expect(events[0]!.summary.counts.total).toBe(2)

    const shown = await followed(batch.id, async () => {
      await service.addScan(batch.id, `04${hex}AA0003`)
      await service.updateRow(batch.id, first.row.id, { alias: 'Gate' })
      await service.importCsv(batch.id, `04${hex}AA0004,Hall\n04${hex}AA0005,Lift\n`)
      await service.deleteRows(batch.id, [first.row.id])
      await service.rename(batch.id, { byteOrder: 'reversed' })
      await service.addScan(batch.id, `04${hex}AA0006`)
    })
    expect(shown).toEqual(await asMainHolds(batch.id))
    expect(shown.rows).toHaveLength(5)
    // The switch sent every row it turned, and nothing else.
    const turn = events.find((e) => e.rows.updated.length > 0 && e.summary.byteOrder === 'reversed')!
    expect(turn.rows.updated).toHaveLength(4)
  })

  it("an upload's chunks, results and the console's numbers reach a following window as row changes", async () => {
    const batch = await service.create({ name: 'Upload' })
    const hex = uniqueHex()
    for (const n of [1, 2, 3]) await service.addScan(batch.id, `04${hex}AA001${n}`)
    const shown = await followed(batch.id, () => service.upload(batch.id))
    const held = await asMainHolds(batch.id)
    expect(shown).toEqual(held)
    expect(held.rows.map((r) => r.status)).toEqual(['imported', 'imported', 'imported'])
    expect(held.rows.every((r) => r.displayId)).toBe(true)
  })
})
