import { describe, expect, it } from 'vitest'
import { copyFile, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

/**
 * What an upload writes to the batch's journal, and when: a part's rows are journalled as sent
 * before the request leaves, so the app stopping at any moment leaves them "to check", never
 * "not sent". Uploads go to the demo console over real HTTPS.
 */
describe('upload and the batch journal', () => {
  let h: UploadHarness

  useUploadHarness((_demo, harness) => {
    h = harness
  })

  it('journals each part as sending before its request and its answer after; a stop mid-request leaves it to check', async () => {
    const hex = uniqueHex()
    const ids = ['01', '02', '03'].map((n) => `4A${hex}0000${n}`)
    const batch = await h.service.create({ name: 'Journal' })
    const rowIds: string[] = []
    for (const [i, id] of ids.entries()) rowIds.push((await h.service.addScan(batch.id, id, `J${hex}-${i}`)).row.id)

    // While the first request is in flight, take the journal as it is on disk: what a restart after
    // a crash at that moment would read.
    const crashed = await tempDir()
    const importCsv = h.client.nfcCards.importCsv
    let calls = 0
    h.client.nfcCards.importCsv = async (...args) => {
      if (++calls === 1) {
        await mkdir(join(crashed.path, 'batches'))
        await copyFile(join(h.batchesDir, `${batch.id}.jsonl`), join(crashed.path, 'batches', `${batch.id}.jsonl`))
      }
      return importCsv(...args)
    }
    const result = await h.service.upload(batch.id)
    expect(result).toEqual({ uploadId: expect.any(String), sent: 3, imported: 3, failed: 0, unknown: 0 })

    const entries = await h.journal(batch.id)
    expect(entries.map((e) => e.t)).toEqual([
      'create',
      'add',
      'add',
      'add',
      'console',
      'upload-start',
      'sending',
      'results',
      'sending',
      'results',
      'numbers',
      'upload-end'
    ])
    const uploadId = result.uploadId
    expect(h.filenames).toEqual(['Journal (batch, part 1).csv', 'Journal (batch, part 2).csv'])
    expect(entries[4]).toMatchObject({ console: { profileId: 'site-a', name: 'Site A' } })
    expect(entries.slice(5, 10).map((e) => e.uploadId)).toEqual(Array(5).fill(uploadId))
    expect(entries[11]!.uploadId).toBe(uploadId)
    expect(entries[6]!.rowIds).toEqual(rowIds.slice(0, 2))
    expect(entries[8]!.rowIds).toEqual(rowIds.slice(2))
    const cards = await Promise.all(ids.map(async (id) => (await h.onConsole(id))[0]!))
    expect(entries[7]!.results).toEqual(
      rowIds.slice(0, 2).map((rowId, i) => ({ rowId, status: 'imported', token: cards[i]!.token }))
    )
    expect(entries[10]!.numbers).toEqual(rowIds.map((rowId, i) => [rowId, cards[i]!.display_id]))
    expect(h.progress).toEqual([
      {
        batchId: batch.id,
        uploadId,
        done: 0,
        total: 3,
        chunk: 0,
        chunks: 2,
        imported: 0,
        failed: 0,
        unknown: 0,
        finished: false
      },
      {
        batchId: batch.id,
        uploadId,
        done: 2,
        total: 3,
        chunk: 1,
        chunks: 2,
        imported: 2,
        failed: 0,
        unknown: 0,
        finished: false
      },
      {
        batchId: batch.id,
        uploadId,
        done: 3,
        total: 3,
        chunk: 2,
        chunks: 2,
        imported: 3,
        failed: 0,
        unknown: 0,
        finished: false
      },
      {
        batchId: batch.id,
        uploadId,
        done: 3,
        total: 3,
        chunk: 2,
        chunks: 2,
        imported: 3,
        failed: 0,
        unknown: 0,
        finished: true
      }
    ])

    // The app as restarted after a crash during the first request.
    const restarted = new BatchService({
      dir: join(crashed.path, 'batches'),
      client: async () => h.client,
      activeConsole: async () => ({ profileId: 'site-a', name: 'Site A' })
    })
    try {
      const detail = await restarted.get(batch.id)
      expect(detail.rows.map((r) => r.status)).toEqual(['unknown', 'unknown', 'pending'])
      expect(detail.rows[0]!.reason).toBe(
        'The app stopped before the console answered: check on the console whether this card was imported.'
      )
      expect(detail.state).toBe('partly-imported')
      expect(detail.console).toEqual({ profileId: 'site-a', name: 'Site A' })
      // The console did import them: checking says so, with the console's tokens and numbers.
      expect(await restarted.check(batch.id)).toEqual({ found: 2, absent: 0 })
      expect((await restarted.get(batch.id)).rows.slice(0, 2)).toMatchObject(
        cards.slice(0, 2).map((card) => ({ status: 'imported', token: card.token, displayId: card.display_id }))
      )
    } finally {
      await restarted.close()
      await crashed.remove()
    }
  })

  it('an upload with nothing to send writes nothing, sends nothing, and leaves the batch as it was', async () => {
    const hex = uniqueHex()
    const batch = await h.service.create({ name: 'Nothing' })
    await h.service.addScan(batch.id, `4B${hex}000001`)
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1 })
    // A second upload to the console the batch is bound to does not bind it again.
    await h.service.addScan(batch.id, `4B${hex}000002`)
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1 })
    expect((await h.journal(batch.id)).filter((e) => e.t === 'console')).toHaveLength(1)
    const file = join(h.batchesDir, `${batch.id}.jsonl`)
    const before = await readFile(file, 'utf8')
    h.progress.length = 0
    h.requests.length = 0
    h.cardLists = 0
    for (const options of [{}, { onlyFailed: true }, { resendUnknown: true }]) {
      expect(await h.service.upload(batch.id, options)).toEqual({
        uploadId: expect.any(String),
        sent: 0,
        imported: 0,
        failed: 0,
        unknown: 0
      })
    }
    expect(await readFile(file, 'utf8')).toBe(before)
    expect(h.progress).toEqual([])
    expect(h.requests).toEqual([])
    expect(h.cardLists).toBe(0)
    expect((await h.service.get(batch.id)).state).toBe('imported')
  })

  it('an upload with no console profile active leaves the batch unbound, and it loads again', async () => {
    const hex = uniqueHex()
    const unbound = new BatchService({ dir: h.batchesDir, client: async () => h.client, chunkSize: 2 })
    try {
      const batch = await unbound.create({ name: 'Unbound' })
      await unbound.addScan(batch.id, `4E${hex}000001`)
      expect(await unbound.upload(batch.id)).toMatchObject({ sent: 1, imported: 1 })
      expect((await h.journal(batch.id)).map((e) => e.t)).not.toContain('console')
      expect((await unbound.get(batch.id)).console).toBeNull()
    } finally {
      await unbound.close()
    }
    const service = await h.reopen()
    expect((await service.list()).unreadable).toEqual([])
  })

  it('the app closing between two parts stops the upload: the answered part stays imported, the next is not sent', async () => {
    const hex = uniqueHex()
    const ids = ['01', '02', '03'].map((n) => `4C${hex}0000${n}`)
    const batch = await h.service.create({ name: 'Closing' })
    for (const id of ids) await h.service.addScan(batch.id, id)
    const importCsv = h.client.nfcCards.importCsv
    let closing: Promise<void> | undefined
    h.client.nfcCards.importCsv = async (...args) => {
      const answer = await importCsv(...args)
      // The answer is in; the app is told to close before the next part.
      closing ??= h.service.close()
      return answer
    }
    const error = await h.service.upload(batch.id).catch((err: unknown) => err)
    await closing
    expect(error).toMatchObject({ kind: 'cancelled', code: 'UPLOAD_STOPPED', message: 'The upload was stopped.' })
    expect(h.requests).toEqual([ids.slice(0, 2)])
    const service = await h.reopen()
    const detail = await service.get(batch.id)
    expect(detail.rows.map((r) => r.status)).toEqual(['imported', 'imported', 'pending'])
    expect(detail.state).toBe('partly-imported')
    expect((await h.journal(batch.id)).at(-1)).toMatchObject({ t: 'upload-end' })
    expect(await h.onConsole(ids[2]!)).toEqual([])
    expect(await service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1 })
    for (const id of ids) expect(await h.onConsole(id)).toHaveLength(1)
  })

  it('the app closing as a request starts cancels it before it is written: its rows stay not sent (the one lost-answer rule), and go out next time', async () => {
    const hex = uniqueHex()
    const ids = ['01', '02'].map((n) => `4D${hex}0000${n}`)
    const batch = await h.service.create({ name: 'Cancelled' })
    for (const id of ids) await h.service.addScan(batch.id, id)
    const importCsv = h.client.nfcCards.importCsv
    let closing: Promise<void> | undefined
    h.client.nfcCards.importCsv = async (...args) => {
      closing ??= h.service.close()
      return importCsv(...args)
    }
    const error = await h.service.upload(batch.id).catch((err: unknown) => err)
    await closing
    expect(error).toMatchObject({ kind: 'cancelled', code: 'CANCELLED' })
    const service = await h.reopen()
    const detail = await service.get(batch.id)
    expect(detail.rows.map((r) => r.status)).toEqual(['pending', 'pending'])
    expect(detail.rows[0]!.reason).toBe(
      'The upload was stopped because Access Desk was closing, before this card was sent. The next upload sends it.'
    )
    for (const id of ids) expect(await h.onConsole(id)).toEqual([])
    expect(await service.upload(batch.id)).toMatchObject({ sent: 2, imported: 2 })
    for (const id of ids) expect(await h.onConsole(id)).toHaveLength(1)
  })
})
