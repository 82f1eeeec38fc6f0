import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appendFile, readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'

describe('offline batches', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService
  const events: { event: string; payload: unknown }[] = []

  beforeEach(async () => {
    dir = await tempDir()
    events.length = 0
    service = new BatchService({
      dir: join(dir.path, 'batches'),
      emit: (event, payload) => events.push({ event, payload })
    })
  })
  afterEach(async () => {
    await service.close()
    await dir.remove()
  })

  const reopen = async () => {
    await service.close()
    service = new BatchService({ dir: join(dir.path, 'batches') })
    return service
  }

  it('numbers scans with the alias pattern and recognises a second tap of the same card', async () => {
    const batch = await service.create({ name: 'Floor 2', aliasPattern: 'Floor2-{n:3}' })
    const a = await service.addScan(batch.id, '04a1b2c3')
    const b = await service.addScan(batch.id, '04:A1:B2:C4')
    const again = await service.addScan(batch.id, '04A1B2C3')
    expect(a).toMatchObject({ duplicate: false, row: { nfcId: '04A1B2C3', alias: 'Floor2-001', status: 'pending' } })
    expect(b.row.alias).toBe('Floor2-002')
    expect(again).toMatchObject({ duplicate: true, row: { id: a.row.id, alias: 'Floor2-001' } })
    const detail = await service.get(batch.id)
    expect(detail.rows.map((r) => r.nfcId)).toEqual(['04A1B2C3', '04A1B2C4'])
    expect(detail.state).toBe('draft')
    expect(events.some((e) => e.event === 'batches.changed')).toBe(true)
  })

  it("keeps the batch's byte order in its file and applies it to taps and typed IDs alike", async () => {
    const batch = await service.create({ name: 'Old system', byteOrder: 'reversed' })
    expect(batch.byteOrder).toBe('reversed')
    expect((await service.addScan(batch.id, '04A23B1C')).row.nfcId).toBe('1C3BA204')
    // The same card tapped again is a duplicate in the batch's byte order.
    expect(await service.addScan(batch.id, '04A23B1C')).toMatchObject({ duplicate: true })
    expect((await service.addScan(batch.id, '04A1B2C3D4E5F6', undefined, 'typed')).row.nfcId).toBe('F6E5D4C3B2A104')
    const again = await reopen()
    expect((await again.list()).batches[0]).toMatchObject({ id: batch.id, byteOrder: 'reversed' })
    await again.rename(batch.id, { byteOrder: 'as-read' })
    expect((await again.addScan(batch.id, '04000001')).row.nfcId).toBe('04000001')
    expect((await reopen().then((s) => s.get(batch.id))).byteOrder).toBe('as-read')
  })

  it('skips numbers whose alias is taken and keeps numbering after a restart', async () => {
    const batch = await service.create({ name: 'Desk', aliasPattern: 'Desk {n}' })
    const first = await service.addScan(batch.id, '04000001')
    await service.updateRow(batch.id, first.row.id, { alias: 'Desk 2' })
    expect((await service.addScan(batch.id, '04000002')).row.alias).toBe('Desk 3')
    const again = await reopen()
    expect((await again.addScan(batch.id, '04000003')).row.alias).toBe('Desk 4')
  })

  it('edits and deletes rows, refusing a duplicate alias or NFC ID and a bad ID', async () => {
    const batch = await service.create({ name: 'Edit' })
    const a = await service.addScan(batch.id, '04A1B2C3', 'Lobby')
    const b = await service.addScan(batch.id, '04A1B2C4', 'Gate')
    await expect(service.updateRow(batch.id, b.row.id, { alias: 'Lobby' })).rejects.toMatchObject({
      code: 'ALIAS_TAKEN'
    })
    await expect(service.updateRow(batch.id, b.row.id, { nfcId: '04a1b2c3' })).rejects.toMatchObject({
      code: 'NFC_ID_TAKEN'
    })
    await expect(service.updateRow(batch.id, b.row.id, { nfcId: '4.21E+13' })).rejects.toMatchObject({
      kind: 'validation',
      code: 'NFC_ID_INVALID'
    })
    await expect(service.addScan(batch.id, '04A1B2', 'x')).rejects.toMatchObject({ code: 'NFC_ID_INVALID' })
    expect(await service.updateRow(batch.id, b.row.id, { nfcId: '04 a1 b2 c5', alias: 'Gate 2' })).toMatchObject({
      nfcId: '04A1B2C5',
      alias: 'Gate 2'
    })
    await service.deleteRows(batch.id, [a.row.id])
    const again = await reopen()
    const rows = (await again.get(batch.id)).rows
    expect(rows.map((r) => [r.nfcId, r.alias])).toEqual([['04A1B2C5', 'Gate 2']])
  })

  it('lists, renames and deletes batches; the file goes with the batch', async () => {
    const one = await service.create({ name: 'One' })
    await service.create({ name: 'Two' })
    await service.rename(one.id, { name: 'One (lobby)', aliasPattern: 'L-{n:2}' })
    const again = await reopen()
    const { batches } = await again.list()
    expect(batches.map((b) => b.name).sort()).toEqual(['One (lobby)', 'Two'])
    expect(batches.find((b) => b.id === one.id)!.aliasPattern).toBe('L-{n:2}')
    await again.remove(one.id)
    expect(await readdir(join(dir.path, 'batches'))).toHaveLength(1)
    await expect(again.get(one.id)).rejects.toMatchObject({ kind: 'not-found' })
  })

  it('tolerates a torn last line (a crash mid-write) and keeps appending cleanly', async () => {
    const batch = await service.create({ name: 'Torn' })
    await service.addScan(batch.id, '04A1B2C3')
    const file = join(dir.path, 'batches', `${batch.id}.jsonl`)
    await service.close()
    await appendFile(file, '{"t":"add","rows":[{"id":"x","nfcId":"04A1')
    const again = new BatchService({ dir: join(dir.path, 'batches') })
    service = again
    expect((await again.get(batch.id)).rows).toHaveLength(1)
    await again.addScan(batch.id, '04A1B2C4')
    const third = await reopen()
    expect((await third.get(batch.id)).rows.map((r) => r.nfcId)).toEqual(['04A1B2C3', '04A1B2C4'])
    expect((await readFile(file, 'utf8')).includes('"nfcId":"04A1"')).toBe(false)
  })

  it('reports a batch whose file is damaged in the middle, without losing the others', async () => {
    const good = await service.create({ name: 'Good' })
    const bad = await service.create({ name: 'Bad' })
    await service.addScan(bad.id, '04A1B2C3')
    await service.close()
    const file = join(dir.path, 'batches', `${bad.id}.jsonl`)
    const lines = (await readFile(file, 'utf8')).split('\n')
    await writeFile(file, [lines[0], '{"t":"nonsense"}', lines[1], ''].join('\n'))
    const again = new BatchService({ dir: join(dir.path, 'batches') })
    service = again
    const { batches, unreadable } = await again.list()
    expect(batches.map((b) => b.id)).toEqual([good.id])
    expect(unreadable).toHaveLength(1)
    expect(unreadable[0]!.message).toMatch(/Line 2 .* damaged/)
  })

  it('after a crash mid-upload, sent-but-unanswered rows are "to check" and the batch is partly imported', async () => {
    const batch = await service.create({ name: 'Crash upload' })
    const a = await service.addScan(batch.id, '04A1B2C3')
    const b = await service.addScan(batch.id, '04A1B2C4')
    await service.close()
    const file = join(dir.path, 'batches', `${batch.id}.jsonl`)
    // What the journal holds when the app dies while the console has not answered yet.
    await appendFile(
      file,
      JSON.stringify({ t: 'upload-start', uploadId: 'u1', at: new Date().toISOString() }) +
        '\n' +
        JSON.stringify({ t: 'sending', uploadId: 'u1', rowIds: [a.row.id] }) +
        '\n'
    )
    const again = new BatchService({ dir: join(dir.path, 'batches') })
    service = again
    const detail = await again.get(batch.id)
    expect(detail.state).toBe('partly-imported')
    expect(detail.rows.find((r) => r.id === a.row.id)).toMatchObject({ status: 'unknown' })
    expect(detail.rows.find((r) => r.id === b.row.id)).toMatchObject({ status: 'pending' })
    expect(detail.counts).toMatchObject({ unknown: 1, pending: 1 })
  })

  it('imports the valid rows of a CSV, reporting duplicates against the batch', async () => {
    const batch = await service.create({ name: 'CSV' })
    await service.addScan(batch.id, '04A1B2C3', 'Lobby')
    const { added, preview } = await service.importCsv(
      batch.id,
      '04A1B2C3,Other\n04a1b2c4,Lobby\n04A1B2C5,Gate\nnot-hex,Bad\n'
    )
    expect(added).toBe(1)
    expect(preview.rows.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'ok', 'refused'])
    expect(preview.rows[0]!.messages).toContain('This NFC ID is already in the batch')
    expect((await service.get(batch.id)).rows.map((r) => r.alias)).toEqual(['Lobby', 'Gate'])
  })

  it('exports a header naming the IDs as sent, then the console format: NFCID,alias, LF; and only the failed rows', async () => {
    const batch = await service.create({ name: 'Export me!' })
    await service.addScan(batch.id, '04A1B2C3', 'Lobby, east')
    await service.addScan(batch.id, '04A1B2C4')
    const all = await service.exportCsv(batch.id, 'all')
    expect(all).toEqual({
      filename: 'Export-me.csv',
      text: 'NFC ID (as sent to the console),Alias\n04A1B2C3,"Lobby, east"\n04A1B2C4\n',
      rows: 2
    })
    expect(await service.exportCsv(batch.id, 'failed')).toMatchObject({
      filename: 'Export-me-failed.csv',
      text: '',
      rows: 0
    })
  })
})
