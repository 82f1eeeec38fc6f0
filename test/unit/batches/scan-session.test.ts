import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { ScanSession } from '../../../src/main/services/batches/scan-session'
import { createAppServices } from '../../../src/main/services/app-services'
import { createConfStore } from '../../../src/main/services/storage/key-value-store'
import { createFileSecretStore } from '../../../src/main/services/connections/secret-store'
import { createDispatch } from '../../../src/main/services/ipc/dispatch'
import { createHandlers } from '../../../src/main/handlers'
import type { ForkHost } from '../../../src/main/services/reader/host-process'
import { scripted } from '../../support/scripted-host'
import { nfcUidFormats, isRandomUid, uidLengthProblem } from '../../../src/shared/nfc/uid'
import type { ReaderCard } from '../../../src/shared/reader/schemas'
import { EventLog } from '../../pcsc/harness'
import { tempDir } from '../../support/temp'
import { startDemoConsole } from '../../../src/demo-console/server'

const READER = 'ACS ACR122U PICC Interface 00 00'

/** A tap as the supervisor reports it (its one reading of the host's UID). */
function card(uid: string, at: number): ReaderCard {
  const problem = uidLengthProblem(uid.length / 2)
  return {
    reader: READER,
    uid,
    atr: '3B8F8001804F0CA000000306030001000000006A',
    standard: 'TAG_ISO_14443_3',
    formats: nfcUidFormats(uid),
    randomUid: isRandomUid(uid),
    ...(problem ? { problem, problemSaid: { kind: 'length' as const, bytes: uid.length / 2 } } : {}),
    at
  }
}

describe('scan session: a tap is handled once, in main', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let batches: BatchService
  let log: EventLog
  let beeps: [string, string][]
  let session: ScanSession

  beforeEach(async () => {
    dir = await tempDir()
    log = new EventLog()
    batches = new BatchService({ dir: join(dir.path, 'batches'), emit: log.emit })
    beeps = []
    session = new ScanSession({
      batches,
      beep: async (reader, kind) => {
        beeps.push([reader, kind])
        return true
      },
      emit: log.emit
    })
  })
  afterEach(async () => {
    await batches.close()
    await dir.remove()
  })

  const results = () => log.all.filter((r) => r.event === 'batches.tap').map((r) => r.payload)

  it('with no batch open a tap is marked no-batch, written nowhere, and the reader stays silent', async () => {
    expect(await session.tap(card('04A23B1C', 1))).toEqual({ kind: 'no-batch' })
    expect(results()).toEqual([
      { reader: READER, uid: '04A23B1C', at: 1, batchId: null, outcome: { kind: 'no-batch' } }
    ])
    expect(beeps).toEqual([])
    expect((await batches.list()).batches).toEqual([])
  })

  it('adds a tap to the open batch once, beeps new then duplicate, and tells the renderer after the row is on disk', async () => {
    const batch = await batches.create({ name: 'Floor 2', aliasPattern: 'Floor2-{n:3}' })
    const journal = join(dir.path, 'batches', `${batch.id}.jsonl`)
    // What the journal file holds at the moment the renderer is told of each tap.
    const onDisk: boolean[] = []
    session = new ScanSession({
      batches,
      beep: async (reader, kind) => {
        beeps.push([reader, kind])
        return true
      },
      emit: (event, payload) => {
        if (event === 'batches.tap') onDisk.push(readFileSync(journal, 'utf8').includes('04A23B1C'))
        log.emit(event, payload)
      }
    })
    expect(await session.select(batch.id)).toEqual({ batchId: batch.id })

    expect(await session.tap(card('04A23B1C', 2))).toEqual({ kind: 'added', alias: 'Floor2-001', nfcId: '04A23B1C' })
    expect(await session.tap(card('04A23B1C', 3))).toEqual({
      kind: 'duplicate',
      alias: 'Floor2-001',
      nfcId: '04A23B1C'
    })
    expect(onDisk).toEqual([true, true])
    expect(beeps).toEqual([
      [READER, 'new'],
      [READER, 'duplicate']
    ])
    expect(results().map((r) => (r as { at: number }).at)).toEqual([2, 3])
    expect((await batches.get(batch.id)).rows.map((r) => r.nfcId)).toEqual(['04A23B1C'])
    expect(await readFile(journal, 'utf8')).toContain('"alias":"Floor2-001"')
  })

  it("applies the batch's byte order to a tap", async () => {
    const batch = await batches.create({ name: 'Reversed', byteOrder: 'reversed' })
    await session.select(batch.id)
    expect(await session.tap(card('04A23B1C', 1))).toMatchObject({ kind: 'added', nfcId: '1C3BA204' })
  })

  it('refuses a random UID and a UID of the wrong length, unsent, without a beep', async () => {
    const batch = await batches.create({ name: 'Phones' })
    await session.select(batch.id)
    expect(await session.tap(card('08ABCDEF', 1))).toEqual({
      kind: 'refused',
      message: expect.stringMatching(/^Random UID: .*new ID at every tap/),
      // Its facts, for a desk in another language (said as any error is).
      error: expect.objectContaining({ code: 'NFC_ID_RANDOM', kind: 'validation' })
    })
    expect(await session.tap(card('04A23B', 2))).toEqual({
      kind: 'refused',
      message: 'An NFC UID is 4, 7 or 10 bytes (8, 14 or 20 hex digits); this one is 3 bytes.',
      problem: { kind: 'length', bytes: 3 }
    })
    expect(beeps).toEqual([])
    expect((await batches.get(batch.id)).rows).toEqual([])
  })

  it('refuses to open a batch that does not exist; a deleted open batch leaves taps with no batch', async () => {
    await expect(session.select('no-such-batch')).rejects.toMatchObject({ code: 'BATCH_NOT_FOUND' })
    expect(session.openBatch).toBeNull()
    const batch = await batches.create({ name: 'Gone soon' })
    await session.select(batch.id)
    await batches.remove(batch.id)
    expect(await session.tap(card('04A23B1C', 1))).toEqual({ kind: 'no-batch' })
    expect(session.openBatch).toBeNull()
  })

  it('the last batch chosen wins, even when an earlier choice answers later', async () => {
    const first = await batches.create({ name: 'First' })
    const second = await batches.create({ name: 'Second' })
    await Promise.all([session.select(first.id), session.select(second.id)])
    expect(session.openBatch).toBe(second.id)
    await session.select(null)
    expect(await session.tap(card('04A23B1C', 1))).toEqual({ kind: 'no-batch' })
  })
})

describe('the random-UID rule holds for every caller of batches.addScan', () => {
  it('refuses a random UID through the service and the channel (as the CLI sends it), with a clear message', async () => {
    const dir = await tempDir()
    const services = await nodeServices(dir.path)
    try {
      const dispatch = createDispatch(createHandlers(services))
      const batch = await services.batches.create({ name: 'CLI' })
      await expect(services.batches.addScan(batch.id, '08A1B2C3')).rejects.toMatchObject({
        kind: 'validation',
        code: 'NFC_ID_RANDOM',
        message: expect.stringMatching(/^Random UID/)
      })
      const reply = await dispatch('batches.addScan', { batchId: batch.id, uid: '08:a1:b2:c3' })
      expect(reply).toMatchObject({
        ok: false,
        error: { code: 'NFC_ID_RANDOM', message: expect.stringMatching(/^Random UID/) }
      })
      // A typed ID is not refused as random (a badge may print a fixed UID reversed).
      expect(await dispatch('batches.addScan', { batchId: batch.id, uid: '08A1B2C3', source: 'typed' })).toMatchObject({
        ok: true,
        result: { row: { nfcId: '08A1B2C3', source: 'manual' } }
      })
      expect((await services.batches.get(batch.id)).rows).toHaveLength(1)
    } finally {
      await services.close()
      await dir.remove()
    }
  })
})

describe('one service graph: reader host → supervisor → scan session → renderer event', () => {
  it('a tap from the reader host goes into the batch the screen opened, and the host is asked to beep', async () => {
    const dir = await tempDir()
    const { hosts, forkHost } = scripted()
    const services = await nodeServices(dir.path, forkHost)
    const log = new EventLog()
    services.events.subscribe(log.listener)
    try {
      const dispatch = createDispatch(createHandlers(services))
      const batch = await services.batches.create({ name: 'Lobby', aliasPattern: 'L-{n:2}' })
      expect(await dispatch('batches.scanInto', { batchId: batch.id })).toEqual({
        ok: true,
        result: { batchId: batch.id }
      })
      expect((await dispatch('reader.status', undefined)).ok).toBe(true)
      const host = hosts[0]!
      host.say({ type: 'hello', pid: 1 })
      host.say({ type: 'readers', readers: [READER] })
      await log.next('reader.status', (s) => s.state === 'ready')
      host.say({
        type: 'card',
        reader: READER,
        uid: '04A23B1C',
        atr: '3B00',
        standard: 'TAG_ISO_14443_3',
        detectedAt: 7,
        uidAt: 8
      })
      const result = await log.next('batches.tap')
      expect(result).toEqual({
        reader: READER,
        uid: '04A23B1C',
        at: 7,
        batchId: batch.id,
        outcome: { kind: 'added', alias: 'L-01', nfcId: '04A23B1C' }
      })
      // The panel is sent the card before its outcome.
      const order = log.all.map((r) => r.event).filter((e) => e === 'reader.card' || e === 'batches.tap')
      expect(order).toEqual(['reader.card', 'batches.tap'])
      await expect.poll(() => host.sent).toContainEqual({ type: 'feedback', id: 1, reader: READER, kind: 'new' })
    } finally {
      await services.close()
      await dir.remove()
    }
  })
})

async function nodeServices(dataDir: string, forkHost?: ForkHost) {
  return createAppServices({
    dataDir,
    transport: 'test',
    version: '0.0.0-test',
    store: createConfStore(dataDir, 'profiles'),
    secrets: createFileSecretStore(dataDir),
    startDemoConsole,
    ...(forkHost ? { forkHost } : {})
  })
}
