import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'

// Counts the one-pass reads of a file's quote-free lines: one per reading of the file.
const scans = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../src/main/services/batches/csv-plain-rows', async (original) => {
  const actual = await original<typeof import('../../../src/main/services/batches/csv-plain-rows')>()
  return {
    ...actual,
    scanPlainRows: (...args: Parameters<typeof actual.scanPlainRows>) => {
      scans.count++
      return actual.scanPlainRows(...args)
    }
  }
})

/**
 * Add (batches.importFile) reads the file once: the reading is settled as decided, then again against
 * the batch the add left, and the second settling says exactly what a fresh reading of the file says —
 * an alias that was another line's is now the batch's.
 */
describe('batches.importFile reads the file once', () => {
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
    '04A1B2C7,Desk-1', // the alias of line 1: after the add, the batch's
    '04A1B2CG,Desk-3', // refused
    '04A1B2C3,Desk-4', // the card of line 1
    '12345678,Desk-5' // ok, all digits read as hex
  ].join('\n')

  it('one reading for the add and the preview after it, which a fresh reading confirms line by line', async () => {
    const batch = await service.create({ name: 'Gate' })
    scans.count = 0
    const { added, preview } = await service.importFile(batch.id, text, 2)
    expect(scans.count).toBe(1)
    expect(added).toBe(3)

    const kept = [...preview.rows, ...(await service.previewRows(preview.previewId, 2, 10)).rows]
    const again = await service.previewFile(text, batch.id, 10)
    expect(scans.count).toBe(2)
    expect(kept).toEqual(again.rows)
    expect(preview.counts).toEqual(again.counts)
    expect(preview.counts).toEqual({ ok: 0, repaired: 0, refused: 1, duplicate: 2, added: 3 })
    expect(kept[2]!.said).toEqual([{ key: 'aliasInBatch', values: { alias: 'Desk-1' } }])
    // What was added is in the batch, each line once.
    expect((await service.get(batch.id)).rows.map((r) => [r.nfcId, r.alias])).toEqual([
      ['04A1B2C3', 'Desk-1'],
      ['04A1B2C6', 'Desk-2'],
      ['12345678', 'Desk-5']
    ])
  })
})
