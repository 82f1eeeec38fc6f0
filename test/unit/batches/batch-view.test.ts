import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'
import { batchView } from '../../../src/main/services/batches/batch-view'
import type { BatchModel } from '../../../src/main/services/batches/batch-model'

/**
 * The Import screen holds a window of a batch (issue 33: 10,000 rows stay instant): main answers the
 * rows asked for with the figures the screen says of the whole batch, and keeps a CSV preview's lines.
 */
describe('batches.view and kept CSV previews', () => {
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

  const ids = (n: number) => Array.from({ length: n }, (_, i) => `04A1${i.toString(16).toUpperCase().padStart(4, '0')}`)

  it('answers the rows asked for, the counts of the whole batch and where a row is', async () => {
    const batch = await service.create({ name: 'Big' })
    const text = ids(250)
      .map((id, i) => `${id},Desk-${i}`)
      .join('\n')
    expect((await service.importCsv(batch.id, text)).added).toBe(250)
    const view = await service.view({ batchId: batch.id, offset: 200, limit: 30 })
    expect(view.rows.map((r) => r.alias)).toEqual(Array.from({ length: 30 }, (_, i) => `Desk-${200 + i}`))
    expect(view).toMatchObject({ offset: 200, counts: { total: 250, pending: 250 }, sent: 0, fixed: 0 })
    expect(view.firstToSend?.alias).toBe('Desk-0')
    const last = view.rows.at(-1)!
    const found = await service.view({ batchId: batch.id, offset: 0, limit: 0, rowId: last.id })
    expect(found.rows).toEqual([])
    expect(found.at).toBe(229)
    expect((await service.view({ batchId: batch.id, offset: 0, limit: 0, rowId: 'gone' })).at).toBe(-1)
    // The version batches.changed counts from: one more with each change.
    await service.addScan(batch.id, '04FFEEDD')
    expect((await service.view({ batchId: batch.id, offset: 250, limit: 5 })).version).toBe(view.version + 1)
  })

  it('a preview keeps its lines in main and answers windows of them; the counts say the whole file', async () => {
    const batch = await service.create({ name: 'File' })
    const lines = [...ids(120).map((id, i) => `${id},Gate-${i}`), 'not an id,x', '12345678,digits']
    const open = await service.previewFile(lines.join('\n'), batch.id, 50)
    expect(open).toMatchObject({ total: 122, offset: 0, counts: { ok: 121, refused: 1 }, readAsHex: 1 })
    expect(open.rows).toHaveLength(50)
    const tail = await service.previewRows(open.previewId, 100, 50)
    expect(tail.rows.map((r) => r.line)).toEqual(Array.from({ length: 22 }, (_, i) => 101 + i))
    expect(tail.rows.at(-2)?.status).toBe('refused')
    const added = await service.importFile(batch.id, lines.join('\n'), 10)
    expect(added.added).toBe(121)
    expect(added.preview.rows).toHaveLength(10)
    expect((await service.view({ batchId: batch.id, offset: 0, limit: 0 })).counts.total).toBe(121)
    await expect(service.previewRows('unknown', 0, 10)).rejects.toMatchObject({ code: 'PREVIEW_GONE' })
  })

  it('says where the next failed row is from a position, round to the start, -1 when none failed', () => {
    const model = (statuses: string[]) =>
      ({
        rows: statuses.map((status, i) => ({ id: `r${i}`, nfcId: '04A1B2C3', alias: '', status })),
        byId: new Map(),
        summary: () => ({}),
        version: 0
      }) as unknown as BatchModel
    const batch = model(['imported', 'imported', 'failed', 'pending', 'imported', 'imported', 'unknown', 'failed'])
    const at = (from: number) => batchView(batch, { offset: 0, limit: 0, failedFrom: from }).failedAt
    expect([0, 2, 3, 7, 8, 100].map(at)).toEqual([2, 2, 7, 7, 2, 2])
    expect(batchView(model(['imported', 'pending']), { offset: 0, limit: 0, failedFrom: 0 }).failedAt).toBe(-1)
    expect(batchView(batch, { offset: 0, limit: 0 })).not.toHaveProperty('failedAt')
  })
})
