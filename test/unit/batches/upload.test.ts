import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { AppError } from '../../../src/shared/errors'
import type { UploadProgress } from '../../../src/shared/batches/schemas'
import type { AccessClient } from '../../../src/main/services/access/client'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { madeUpAnswer } from './upload-harness'

/** Upload (E16) against the demo console over real HTTPS. */
describe('batch upload', () => {
  let demo: Demo
  let client: AccessClient
  let dir: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService
  let progress: UploadProgress[]
  let imports: number
  let active: { profileId: string; name: string } | null

  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(async () => {
    await demo?.stop()
  })
  beforeEach(async () => {
    dir = await tempDir()
    progress = []
    imports = 0
    active = { profileId: 'site-a', name: 'Site A' }
    client = demo.client()
    // Count the import requests the service makes (the real call still goes to the console).
    const importCsv = client.nfcCards.importCsv.bind(client.nfcCards)
    client.nfcCards.importCsv = (...args) => {
      imports++
      return importCsv(...args)
    }
    service = new BatchService({
      dir: join(dir.path, 'batches'),
      client: async () => client,
      activeConsole: async () => active,
      chunkSize: 2,
      emit: (event, payload) => {
        if (event === 'batches.uploadProgress') progress.push(payload as UploadProgress)
      }
    })
  })
  afterEach(async () => {
    await demo.control('DELETE', '/__demo/faults')
    await service.close()
    await dir.remove()
  })

  const cardCount = async () =>
    (await demo.control<{ data: { cards: number } }>('GET', '/__demo/state')).body.data.cards

  it('imports in ordered chunks, maps tokens back, explains a duplicate alias, retries only failed rows', async () => {
    const suffix = Date.now().toString(16).slice(-6).toUpperCase()
    // A card on the console already uses this alias.
    const [taken] = await client.nfcCards.importCsv(`0A${suffix},Taken-${suffix}\n`)
    expect(taken!.token).not.toBe('')
    imports = 0

    const batch = await service.create({ name: 'Upload' })
    const ids = ['01', '02', '03', '04', '05'].map((n) => `0B${suffix}0000${n}`)
    const unique = [...new Set(ids)]
    expect(unique).toHaveLength(5)
    for (const [i, id] of ids.entries())
      await service.addScan(batch.id, id, i === 2 ? `Taken-${suffix}` : `Up-${suffix}-${i}`)
    const before = await cardCount()

    const result = await service.upload(batch.id)
    expect(result).toMatchObject({ sent: 5, imported: 4, failed: 1, unknown: 0 })
    expect(imports).toBe(3) // 5 rows, 2 per request
    expect(progress.filter((p) => !p.finished).map((p) => p.chunk)).toEqual([0, 1, 2, 3])
    expect(progress.at(-1)).toMatchObject({ finished: true, done: 5, total: 5, imported: 4, failed: 1 })
    expect(await cardCount()).toBe(before + 4)

    const detail = await service.get(batch.id)
    expect(detail.state).toBe('partly-imported')
    const failed = detail.rows[2]!
    expect(failed).toMatchObject({ status: 'failed', alias: `Taken-${suffix}` })
    expect(failed.reason).toMatch(new RegExp(`alias "Taken-${suffix}" is already used on the console`))
    for (const row of detail.rows.filter((r) => r.status === 'imported')) {
      expect((await client.nfcCards.get(row.token!)).alias).toBe(row.alias)
    }
    expect(await service.exportCsv(batch.id, 'failed')).toMatchObject({
      text: `NFC ID (as sent to the console),Alias\n${ids[2]},Taken-${suffix}\n`,
      rows: 1
    })

    // As it is, "retry failed rows" sends it again (the alias's card may have been renamed on the console:
    // row-way-on); still taken, the console refuses it again and it stays failed, saying why.
    imports = 0
    expect(await service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 1, imported: 0, failed: 1 })
    expect(imports).toBe(1)
    // Its alias changed as its reason says, "retry failed rows": only that row goes out.
    await service.updateRow(batch.id, failed.id, { alias: `Freed-${suffix}` })
    progress = []
    imports = 0
    const retry = await service.upload(batch.id, { onlyFailed: true })
    expect(retry).toMatchObject({ sent: 1, imported: 1, failed: 0 })
    expect(imports).toBe(1)
    expect(await cardCount()).toBe(before + 5)
    const after = await service.get(batch.id)
    expect(after.state).toBe('imported')
    // Nothing left to send: a further upload sends nothing.
    imports = 0
    expect(await service.upload(batch.id)).toMatchObject({ sent: 0 })
    expect(imports).toBe(0)
  })

  it('a failed request leaves its rows "to check" and does not retry on its own; rows before it stay imported', async () => {
    const suffix = (Date.now() + 1).toString(16).slice(-6).toUpperCase()
    const batch = await service.create({ name: 'Faulty', aliasPattern: `F${suffix}-{n:2}` })
    for (const n of ['01', '02', '03', '04']) await service.addScan(batch.id, `0C${suffix}0000${n}`)
    // The first chunk goes through; then the console fails every import.
    const original = client.nfcCards.importCsv
    let calls = 0
    client.nfcCards.importCsv = async (...args) => {
      if (++calls === 2)
        await demo.control('PUT', '/__demo/faults', { errorRate: { 'POST /credentials/nfc_cards/import': 1 } })
      return original(...args)
    }
    const error = await service.upload(batch.id).then(
      () => undefined,
      (err: unknown) => err
    )
    expect(error).toMatchObject({ kind: 'server', message: expect.stringMatching(/stopped at part 2 of 2/) })
    expect(calls).toBe(2)
    const detail = await service.get(batch.id)
    expect(detail.rows.map((r) => r.status)).toEqual(['imported', 'imported', 'unknown', 'unknown'])
    expect(detail.state).toBe('partly-imported')
    // A 500 is an answer: the reason says so (not "no answer"), and what to do.
    // The console's own words are kept as its words, labelled (not folded into main's sentence).
    expect(detail.rows[2]!.reason).toMatch(
      /^The console answered with a server error \(“simulated console failure”\) instead of saying which cards it imported/
    )
    expect(detail.rows[2]!.reason).toMatch(/Check with the console/)

    // A plain upload does not re-send rows of unknown outcome...
    await demo.control('DELETE', '/__demo/faults')
    calls = 10
    expect(await service.upload(batch.id)).toMatchObject({ sent: 0 })
    // ...checking with the console finds them absent (the 500 imported nothing), then they go out.
    expect(await service.check(batch.id)).toMatchObject({ found: 0, absent: 2 })
    expect((await service.get(batch.id)).rows.map((r) => r.status)).toEqual([
      'imported',
      'imported',
      'pending',
      'pending'
    ])
    const resent = await service.upload(batch.id)
    expect(resent).toMatchObject({ sent: 2, imported: 2 })
    expect((await service.get(batch.id)).state).toBe('imported')
  })

  it('"Check with the console" marks a row whose answer was lost as imported, and sends only the absent ones', async () => {
    const suffix = (Date.now() + 3).toString(16).slice(-6).toUpperCase()
    const batch = await service.create({ name: 'Lost answer' })
    const ids = ['01', '02', '03'].map((n) => `0F${suffix}0000${n}`)
    for (const [i, id] of ids.entries()) await service.addScan(batch.id, id, `L${suffix}-${i}`)
    // The first request reaches the console (chunk of 2), but its answer is lost on the way back.
    const original = client.nfcCards.importCsv
    client.nfcCards.importCsv = async (...args) => {
      await original(...madeUpAnswer(args))
      throw new AppError({ kind: 'network', code: 'ECONNRESET', message: 'The connection was reset.' })
    }
    await expect(service.upload(batch.id)).rejects.toMatchObject({ kind: 'network' })
    let detail = await service.get(batch.id)
    expect(detail.rows.map((r) => r.status)).toEqual(['unknown', 'unknown', 'pending'])
    expect(detail.rows[0]!.reason).toMatch(
      /^The connection was cut after this card was sent, before the console answered/
    )
    client.nfcCards.importCsv = original

    expect(await service.check(batch.id)).toEqual({ found: 2, absent: 0 })
    detail = await service.get(batch.id)
    expect(detail.rows.map((r) => r.status)).toEqual(['imported', 'imported', 'pending'])
    // The console's number of the card: its NFC ID in decimal on the demo console.
    expect(detail.rows[0]!.displayId).toBe(BigInt(`0x${ids[0]}`).toString(10))
    expect(detail.rows[0]!.token).toMatch(/^[0-9a-f]{64}$/)

    imports = 0
    expect(await service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1 })
    expect(imports).toBe(1)
    const cards = await client.nfcCards.all()
    for (const id of ids) {
      expect(cards.filter((c) => c.display_id === BigInt(`0x${id}`).toString(10))).toHaveLength(1)
    }
    // Every imported row shows the console's number.
    expect((await service.get(batch.id)).rows.map((r) => r.displayId)).toEqual(
      ids.map((id) => BigInt(`0x${id}`).toString(10))
    )
  })

  it('a card the console already holds fails as "already on the console as card <number>"', async () => {
    const suffix = (Date.now() + 4).toString(16).slice(-6).toUpperCase()
    const nfcId = `1A${suffix}`
    const [held] = await client.nfcCards.importCsv(`${nfcId},Held-${suffix}\n`)
    const card = await client.nfcCards.get(held!.token)
    const batch = await service.create({ name: 'Known' })
    await service.addScan(batch.id, nfcId, `Other-${suffix}`)
    // Previewed against the batch, the line is the batch's own row as written: nothing to add (the row's
    // upload says the console holds it, below). Previewed alone, the file flags it before any upload.
    const preview = await service.previewCsv(`${nfcId},Other-${suffix}\n`, batch.id)
    expect(preview.rows[0]).toMatchObject({ status: 'added', said: [{ key: 'inBatchAsWritten' }] })
    const csvOnly = await service.previewCsv(`${nfcId},Other-${suffix}\n`)
    expect(csvOnly.rows[0]).toMatchObject({
      status: 'duplicate',
      messages: [`Already on the console as card ${card.display_id}`]
    })

    await service.upload(batch.id)
    const row = (await service.get(batch.id)).rows[0]!
    expect(row.status).toBe('failed')
    expect(row.reason).toBe(
      `Already on the console as card ${card.display_id} ("Held-${suffix}"): remove this row, or find the card on Cards.`
    )
  })

  it('"Retry failed" also sends a failed row the user has edited since', async () => {
    const suffix = (Date.now() + 5).toString(16).slice(-6).toUpperCase()
    await client.nfcCards.importCsv(`2A${suffix},TakenA-${suffix}\n2B${suffix},TakenB-${suffix}\n`)
    const batch = await service.create({ name: 'Edited' })
    await service.addScan(batch.id, `2C${suffix}`, `TakenA-${suffix}`)
    await service.addScan(batch.id, `2D${suffix}`, `TakenB-${suffix}`)
    expect(await service.upload(batch.id)).toMatchObject({ failed: 2 })
    const [first] = (await service.get(batch.id)).rows
    await service.updateRow(batch.id, first!.id, { alias: `Fixed-${suffix}` })
    imports = 0
    // The edited row goes with the other (its alias another card's, which may have been renamed since);
    // that alias still taken, the console refuses the other again.
    const retry = await service.upload(batch.id, { onlyFailed: true })
    expect(retry).toMatchObject({ sent: 2, imported: 1, failed: 1 })
    expect(imports).toBe(1)
    expect((await service.get(batch.id)).rows.map((r) => r.status)).toEqual(['imported', 'failed'])
  })

  it('binds a batch to the console of its first upload and refuses to upload or check it on another', async () => {
    const suffix = (Date.now() + 6).toString(16).slice(-6).toUpperCase()
    const batch = await service.create({ name: 'Bound' })
    expect(batch.console).toBeNull()
    await service.addScan(batch.id, `3A${suffix}`, `B${suffix}-1`)
    await service.upload(batch.id)
    expect((await service.get(batch.id)).console).toEqual({ profileId: 'site-a', name: 'Site A' })
    await service.addScan(batch.id, `3B${suffix}`, `B${suffix}-2`)

    active = { profileId: 'site-b', name: 'Site B' }
    imports = 0
    await expect(service.upload(batch.id)).rejects.toMatchObject({
      code: 'BATCH_OF_OTHER_CONSOLE',
      message: 'This batch was uploaded to Site A, not to Site B.'
    })
    await expect(service.check(batch.id)).rejects.toMatchObject({ code: 'BATCH_OF_OTHER_CONSOLE' })
    expect(imports).toBe(0)
    // The binding survives a restart (it is in the journal).
    await service.close()
    service = new BatchService({
      dir: join(dir.path, 'batches'),
      client: async () => client,
      activeConsole: async () => active
    })
    expect((await service.get(batch.id)).console).toEqual({ profileId: 'site-a', name: 'Site A' })
  })

  it('refuses every change to a batch of another console: taps, typed IDs, CSV lines, row edits and deletes', async () => {
    const suffix = (Date.now() + 8).toString(16).slice(-6).toUpperCase()
    const batch = await service.create({ name: 'Read-only' })
    await service.addScan(batch.id, `4A${suffix}`, `R${suffix}-1`)
    await service.upload(batch.id)
    const { row } = await service.addScan(batch.id, `4B${suffix}`, `R${suffix}-2`)
    const before = await service.get(batch.id)

    active = { profileId: 'site-b', name: 'Site B' }
    const refused = {
      code: 'BATCH_OF_OTHER_CONSOLE',
      message: 'This batch was uploaded to Site A, not to Site B.'
    }
    await expect(service.addScan(batch.id, `4C${suffix}`)).rejects.toMatchObject(refused)
    await expect(service.addScan(batch.id, `4D${suffix}`, 'Typed', 'typed')).rejects.toMatchObject(refused)
    await expect(service.importCsv(batch.id, `4E${suffix},Csv-${suffix}\n`)).rejects.toMatchObject(refused)
    await expect(service.updateRow(batch.id, row.id, { alias: 'Changed' })).rejects.toMatchObject(refused)
    await expect(service.deleteRows(batch.id, [row.id])).rejects.toMatchObject(refused)
    const after = await service.get(batch.id)
    expect(after.rows).toEqual(before.rows)
    // A preview for it is not checked against the active console's cards, and says so.
    expect((await service.previewCsv(`4F${suffix},Csv-${suffix}\n`, batch.id)).notes).toContain(
      "This batch belongs to Site A: the file was not checked against Site B's cards."
    )

    // Back on its own console, the batch takes changes again.
    active = { profileId: 'site-a', name: 'Site A' }
    expect((await service.addScan(batch.id, `4C${suffix}`)).duplicate).toBe(false)
  })

  it('refuses row edits while an upload runs', async () => {
    const suffix = (Date.now() + 2).toString(16).slice(-6).toUpperCase()
    const batch = await service.create({ name: 'Busy' })
    const { row } = await service.addScan(batch.id, `0D${suffix}`)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const original = client.nfcCards.importCsv
    client.nfcCards.importCsv = async (...args) => {
      await gate
      return original(...args)
    }
    const upload = service.upload(batch.id)
    await new Promise((r) => setTimeout(r, 50))
    expect((await service.get(batch.id)).state).toBe('uploading')
    await expect(service.updateRow(batch.id, row.id, { alias: 'x' })).rejects.toMatchObject({ code: 'UPLOAD_RUNNING' })
    await expect(service.upload(batch.id)).rejects.toMatchObject({ code: 'UPLOAD_RUNNING' })
    // Scanning goes on during an upload.
    expect((await service.addScan(batch.id, `0E${suffix}`)).duplicate).toBe(false)
    release()
    expect(await upload).toMatchObject({ imported: 1 })
  })
})
