import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'

/**
 * A card already in the batch is recognised by the real batch service, from its indexes as the
 * journal rebuilt them: after edits, deletions, a restart and a compaction. A duplicate writes nothing.
 */
describe('duplicate taps in a batch', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService
  const batchesDir = () => join(dir.path, 'batches')

  beforeEach(async () => {
    dir = await tempDir()
    service = new BatchService({ dir: batchesDir() })
  })
  afterEach(async () => {
    await service.close()
    await dir.remove()
  })

  const reopen = async () => {
    await service.close()
    service = new BatchService({ dir: batchesDir() })
    return service
  }
  const journalText = (id: string) => readFile(join(batchesDir(), `${id}.jsonl`), 'utf8')

  it('the same card in any spelling is a duplicate, answered with the first row and nothing written', async () => {
    const batch = await service.create({ name: 'Lobby', aliasPattern: 'L-{n:2}' })
    const first = await service.addScan(batch.id, '04A1B2C3')
    const before = await journalText(batch.id)
    const updatedAt = (await service.get(batch.id)).updatedAt
    for (const spelling of ['04a1b2c3', '04:A1:B2:C3', '04 a1 b2 c3']) {
      expect(await service.addScan(batch.id, spelling)).toEqual({ duplicate: true, row: first.row })
    }
    // A typed ID with an alias of its own is still the same card.
    expect(await service.addScan(batch.id, '04A1B2C3', 'Other', 'typed')).toEqual({ duplicate: true, row: first.row })
    expect(await journalText(batch.id)).toBe(before)
    const detail = await service.get(batch.id)
    expect(detail.rows).toEqual([first.row])
    expect(detail.updatedAt).toBe(updatedAt)
    expect(detail.nextNumber).toBe(2)
  })

  it('is still recognised after a restart and after the journal was compacted', async () => {
    const batch = await service.create({ name: 'Restart', aliasPattern: 'R-{n}' })
    const a = await service.addScan(batch.id, '04000001')
    await service.addScan(batch.id, '04000002')
    // Many small changes: the next start compacts the journal into one snapshot line.
    for (let i = 0; i < 60; i++) await service.rename(batch.id, { name: `Restart ${i}` })
    await reopen()
    expect(await service.addScan(batch.id, '04000001')).toEqual({ duplicate: true, row: a.row })
    const lines = (await journalText(batch.id)).trim().split('\n')
    expect(lines.map((l) => (JSON.parse(l) as { t: string }).t)).toEqual(['snapshot'])
    await reopen()
    expect(await service.addScan(batch.id, '04000002')).toMatchObject({ duplicate: true, row: { alias: 'R-2' } })
    expect(await service.addScan(batch.id, '04000003')).toMatchObject({ duplicate: false, row: { alias: 'R-3' } })
    expect((await service.get(batch.id)).name).toBe('Restart 59')
  })

  it("an edited row's old NFC ID and alias are free again, its new ones taken, also after a restart", async () => {
    const batch = await service.create({ name: 'Edit' })
    const a = await service.addScan(batch.id, '04A1B2C3', 'Desk')
    await service.updateRow(batch.id, a.row.id, { nfcId: '04A1B2C4', alias: 'Desk 2' })
    for (const restart of [false, true]) {
      if (restart) await reopen()
      expect(await service.addScan(batch.id, '04A1B2C4')).toMatchObject({ duplicate: true, row: { id: a.row.id } })
      await expect(service.addScan(batch.id, '04A1B2C9', 'Desk 2')).rejects.toMatchObject({ code: 'ALIAS_TAKEN' })
    }
    const again = await service.addScan(batch.id, '04A1B2C3', 'Desk')
    expect(again).toMatchObject({ duplicate: false, row: { nfcId: '04A1B2C3', alias: 'Desk' } })
    expect(again.row.id).not.toBe(a.row.id)
    // The same NFC ID and alias given again change nothing.
    expect(await service.updateRow(batch.id, a.row.id, { nfcId: '04A1B2C4', alias: 'Desk 2' })).toMatchObject({
      nfcId: '04A1B2C4',
      alias: 'Desk 2'
    })
    expect(await service.addScan(batch.id, '04A1B2C4')).toMatchObject({ duplicate: true, row: { id: a.row.id } })
    // An alias cleared frees it; the row keeps its card.
    await service.updateRow(batch.id, a.row.id, { alias: '' })
    expect((await service.addScan(batch.id, '04A1B2C5', 'Desk 2')).duplicate).toBe(false)
    expect((await service.get(batch.id)).rows.map((r) => [r.nfcId, r.alias])).toEqual([
      ['04A1B2C4', ''],
      ['04A1B2C3', 'Desk'],
      ['04A1B2C5', 'Desk 2']
    ])
  })

  it("a deleted row's card and alias can be added again, also after a restart", async () => {
    const batch = await service.create({ name: 'Delete' })
    const a = await service.addScan(batch.id, '04A1B2C3', 'Gate')
    const b = await service.addScan(batch.id, '04A1B2C4', 'Hall')
    await service.deleteRows(batch.id, [a.row.id])
    await reopen()
    expect(await service.addScan(batch.id, '04A1B2C4')).toMatchObject({ duplicate: true, row: { id: b.row.id } })
    expect(await service.addScan(batch.id, '04A1B2C3', 'Gate')).toMatchObject({ duplicate: false })
    await service.deleteRows(batch.id, [b.row.id])
    expect(await service.addScan(batch.id, '04A1B2C4', 'Hall')).toMatchObject({ duplicate: false })
    expect((await service.get(batch.id)).rows.map((r) => r.alias)).toEqual(['Gate', 'Hall'])
  })

  it('a CSV line with a card or alias already in the batch is a duplicate, and is not added', async () => {
    const batch = await service.create({ name: 'CSV' })
    await service.addScan(batch.id, '04A1B2C3', 'Lobby')
    const { added, preview } = await service.importCsv(batch.id, '04a1b2c3,New\n04A1B2C9,Lobby\n04A1B2CA,Fresh\n')
    expect(added).toBe(1)
    expect(preview.rows.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'ok'])
    await reopen()
    const again = await service.previewCsv('04A1B2CA\n04A1B2CB,Fresh\n', batch.id)
    expect(again.rows.map((r) => r.status)).toEqual(['duplicate', 'duplicate'])
  })
})
