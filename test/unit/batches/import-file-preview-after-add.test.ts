import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'

/**
 * The preview main keeps after "Add" (batches.importFile) is the file as the batch now holds it: the
 * lines added are `added` (already in the batch), counted apart and no problem to step to; the lines
 * left out keep their reasons. It is the same reading any later one gives (a line fixed, an upload, a
 * restart of main), so the screen never says "ok" of a line it must not add again.
 */
describe('batches.importFile: the preview after the add', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService

  beforeEach(async () => {
    dir = await tempDir()
    service = new BatchService({ dir: join(dir.path, 'batches') })
  })
  afterEach(async () => {
    await service.close()
    await dir.remove()
  })

  const text = [
    '04A1B2C3,Desk-1', // ok
    '04:a1:b2:c6,Desk-2', // repaired
    '04A1B2CG,Desk-3', // refused
    '04A1B2C3,Desk-4', // duplicate of line 1
    '12345678,Desk-5' // ok, all digits read as hex
  ].join('\n')

  it('says the added lines are in the batch, counts them apart and lists only the lines left out as problems', async () => {
    const batch = await service.create({ name: 'Gate' })
    const before = await service.previewFile(text, batch.id, 10)
    expect(before.counts).toMatchObject({ ok: 2, repaired: 1, refused: 1, duplicate: 1 })

    const { added, preview } = await service.importFile(batch.id, text, 2)
    expect(added).toBe(3)
    expect(preview.counts).toEqual({ ok: 0, repaired: 0, refused: 1, duplicate: 1, added: 3 })
    expect(preview.readAsHex).toBe(0)
    expect(preview.problems).toEqual([2, 3])
    expect(preview.rows.map((r) => r.status)).toEqual(['added', 'added'])
    // The lines beyond the first window, from the preview kept: the same reading.
    const rest = await service.previewRows(preview.previewId, 2, 10)
    expect(rest.rows.map((r) => [r.line, r.status])).toEqual([
      [3, 'refused'],
      [4, 'duplicate'],
      [5, 'added']
    ])
    expect(rest.rows[2]!.said).toEqual([{ key: 'inBatchAsWritten' }])

    // The batch holds each added line once; the next reading of the file says the same.
    const rows = (await service.get(batch.id)).rows
    expect(rows.map((r) => [r.nfcId, r.alias])).toEqual([
      ['04A1B2C3', 'Desk-1'],
      ['04A1B2C6', 'Desk-2'],
      ['12345678', 'Desk-5']
    ])
    const again = await service.previewFile(text, batch.id, 10)
    expect(again.counts).toEqual(preview.counts)
    expect(again.rows.map((r) => r.status)).toEqual(['added', 'added', 'refused', 'duplicate', 'added'])
    // Added again: nothing more is added.
    expect((await service.importFile(batch.id, text, 10)).added).toBe(0)
    expect((await service.get(batch.id)).rows).toHaveLength(3)
  })

  it('in a batch that sends the bytes reversed, the lines added still read as in the batch', async () => {
    const batch = await service.create({ name: 'Reversed', byteOrder: 'reversed' })
    const { added, preview } = await service.importFile(batch.id, '04A1B2C3,Desk-1\n04A1B2C5,Desk-2', 10)
    expect(added).toBe(2)
    expect(preview.counts).toMatchObject({ ok: 0, added: 2 })
    expect(preview.rows.map((r) => r.status)).toEqual(['added', 'added'])
    // Sent reversed, said as the file wrote them.
    expect((await service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual(['C3B2A104', 'C5B2A104'])
  })
})
