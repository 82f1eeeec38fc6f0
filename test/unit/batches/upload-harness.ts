import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import type { UploadProgress } from '../../../src/shared/batches/schemas'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { CardRecord } from '../../../src/demo-console/state/schemas'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'

/**
 * A batch service on a fresh data dir uploading to the demo console over real HTTPS, with what a
 * test needs to see: the import requests made, the progress events, and the cards the console holds.
 */
export interface UploadHarness {
  service: BatchService
  /** The full-token client the service uploads with, its import requests written down. */
  client: AccessClient
  /** The client the service is given from now on (another token, another pin). */
  activeClient: AccessClient
  progress: UploadProgress[]
  /** NFC IDs of each import request, in order (the request still goes to the console). */
  requests: string[][]
  /** The file name each import request gave its CSV. */
  filenames: (string | undefined)[]
  /** How many times the console's card list was read. */
  cardLists: number
  /** Where the batch journals are. */
  batchesDir: string
  /** The entries of a batch's journal file, as written. */
  journal(batchId: string): Promise<{ t: string; [key: string]: unknown }[]>
  /** Per-call timeout given to each import request, to make a real timeout in milliseconds. */
  importTimeoutMs?: number
  /** Cards on the console with this NFC ID (read through the control API, as the console stores them). */
  onConsole(nfcId: string): Promise<CardRecord[]>
  reopen(): Promise<BatchService>
  close(): Promise<void>
}

export async function uploadHarness(demo: Demo, chunkSize = 2): Promise<UploadHarness> {
  const dir = await tempDir()
  const client = demo.client()
  const importCsv = client.nfcCards.importCsv.bind(client.nfcCards)
  const all = client.nfcCards.all.bind(client.nfcCards)
  const batchesDir = join(dir.path, 'batches')
  const make = () =>
    new BatchService({
      dir: batchesDir,
      client: async () => harness.activeClient,
      activeConsole: async () => ({ profileId: 'site-a', name: 'Site A' }),
      chunkSize,
      emit: (event, payload) => {
        if (event === 'batches.uploadProgress') harness.progress.push(payload as UploadProgress)
      }
    })
  const harness: UploadHarness = {
    service: make(),
    client,
    activeClient: client,
    progress: [],
    requests: [],
    filenames: [],
    cardLists: 0,
    batchesDir,
    async journal(batchId) {
      const text = await readFile(join(batchesDir, `${batchId}.jsonl`), 'utf8')
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { t: string })
    },
    async onConsole(nfcId) {
      const { body } = await demo.control<{ data: CardRecord[] }>('GET', '/__demo/state/cards')
      return body.data.filter((card) => card.nfc_id === nfcId)
    },
    async reopen() {
      await harness.service.close()
      harness.service = make()
      return harness.service
    },
    async close() {
      await demo.control('DELETE', '/__demo/faults')
      await harness.service.close()
      await dir.remove()
    }
  }
  client.nfcCards.importCsv = (csv, input, options) => {
    harness.filenames.push(input?.filename)
    harness.requests.push(csv.split('\n').flatMap((line) => (line ? [line.split(',')[0]!] : [])))
    const timeoutMs = harness.importTimeoutMs
    return importCsv(csv, input, timeoutMs === undefined ? options : { ...options, timeoutMs })
  }
  client.nfcCards.all = (...args) => {
    harness.cardLists++
    return all(...args)
  }
  return harness
}

/** A hex prefix no other test of the same console uses. */
let counter = 0
export function uniqueHex(): string {
  counter++
  return ((Date.now() * 16 + counter) % 0xffffff).toString(16).toUpperCase().padStart(6, '0')
}

/**
 * Registers, in the calling describe, one demo console for the file and a fresh harness for each test,
 * handing both to the file's own variables.
 */
export function useUploadHarness(set: (demo: Demo, harness: UploadHarness) => void): void {
  let demo: Demo | undefined
  let harness: UploadHarness | undefined
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(async () => {
    await demo?.stop()
  })
  beforeEach(async () => {
    harness = await uploadHarness(demo!)
    set(demo!, harness)
  })
  afterEach(async () => {
    await harness?.close()
  })
}

/**
 * An import's arguments for a fake that makes up the console's answer (changed records, an answer lost
 * after the real request): without the upload's `answered`, so the real answer is not journalled first
 * and the made-up one is what the upload journals (upload.ts takes what the call returns or throws).
 */
export function madeUpAnswer(
  args: Parameters<AccessClient['nfcCards']['importCsv']>
): Parameters<AccessClient['nfcCards']['importCsv']> {
  const [csv, input, options] = args
  const { answered: _journalledFirst, ...rest } = options ?? {}
  return [csv, input, rest]
}
