import { describe, expect, it } from 'vitest'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { CsvFilePreview } from '../../../src/renderer/src/stores/csv-preview.svelte'
import type { CsvPreviewOpen, CsvPreviewRow } from '../../../src/shared/batches/schemas'
import { eventBridge, ok } from '../enroll/event-bridge'
import type { Envelope } from '../../../src/shared/ipc/define'

/**
 * A CSV preview open while its batch is uploaded is read again against the console (rereadCsv): its
 * note of what the comparison with the console could not see ("…it is already on the console") is of
 * the file before the upload. Afterwards it agrees with the console as read again, or it goes: never
 * the old note kept because the reading failed, nor because the table fetched lines meanwhile.
 */
const TOTAL = 300
const row = (i: number, status: CsvPreviewRow['status']): CsvPreviewRow => ({
  line: i + 1,
  nfcId: `04AB${i.toString(16).toUpperCase().padStart(4, '0')}`,
  alias: `Door ${i}`,
  status,
  messages: []
})
const rows = (from: number, to: number, status: CsvPreviewRow['status']) =>
  Array.from({ length: to - from }, (_, k) => row(from + k, status))

/** Before the upload: every line ok, the console's cards that show no NFC ID noted. */
const before: CsvPreviewOpen = {
  previewId: 'p1',
  total: TOTAL,
  offset: 0,
  rows: rows(0, 100, 'ok'),
  notes: ['Lines not marked as on the console: …'],
  noteSaid: [{ key: 'unsure', values: { shown: 4, without: 2 } }],
  counts: { ok: TOTAL, repaired: 0, refused: 0, duplicate: 0 },
  consoleReadAt: '2026-12-01T02:00:00.000Z',
  readAsHex: 0,
  problems: []
}
/** Read again after the upload: every line in the batch, nothing left to say of the console. */
const after: CsvPreviewOpen = {
  ...before,
  previewId: 'p2',
  rows: rows(0, 100, 'added'),
  notes: [],
  noteSaid: [],
  counts: { ok: 0, repaired: 0, refused: 0, duplicate: 0, added: TOTAL },
  consoleReadAt: '2026-12-01T02:05:00.000Z'
}

function preview(answers: { reread: () => Promise<Envelope> }) {
  let reads = 0
  const { bridge } = eventBridge({
    'batches.previewFile': () => (++reads === 1 ? ok(before) : answers.reread()),
    'batches.previewRows': (input) => {
      const { previewId, offset, limit } = input as { previewId: string; offset: number; limit: number }
      return ok({ rows: rows(offset, Math.min(TOTAL, offset + limit), previewId === 'p1' ? 'ok' : 'added') })
    }
  })
  setApiForTests(bridge)
  return new CsvFilePreview({ batchId: () => 'b1', settled: async () => {} })
}

const file = () => new File(['04AB0000,Door 0\n'], 'doors.csv', { type: 'text/csv' })
const noteKeys = (store: CsvFilePreview) => (store.csv?.preview.noteSaid ?? []).map((n) => n.key)

describe('a CSV preview read again after an upload', () => {
  it('shows the new reading even when the table fetched lines while it was read', async () => {
    let answer!: (envelope: Envelope) => void
    const store = preview({ reread: () => new Promise((resolve) => (answer = resolve)) })
    expect(await store.previewFile(file())).toBe(true)
    expect(noteKeys(store)).toEqual(['unsure'])

    const reread = store.rereadCsv('b1')
    // The person scrolls while the console is read: lines 150-170 are fetched (of the reading shown).
    store.showCsvLines(150, 170)
    await expect.poll(() => store.csv?.lines.has(160)).toBe(true)
    answer(ok(after))
    await reread
    expect(store.csv?.preview.counts.ok).toBe(0)
    expect(noteKeys(store)).toEqual([])
  })

  it('drops what it said of the console when the reading fails', async () => {
    const store = preview({
      reread: async () => ({ ok: false, error: { kind: 'network', message: 'No answer', retryable: true } }) as Envelope
    })
    expect(await store.previewFile(file())).toBe(true)
    expect(noteKeys(store)).toEqual(['unsure'])
    await store.rereadCsv('b1')
    expect(noteKeys(store)).toEqual([])
    expect(store.csv?.preview.notes).toEqual([])
    // The rest of the preview stays, said as of when it read the console.
    expect(store.csv?.preview.counts.ok).toBe(TOTAL)
    expect(store.csv?.preview.consoleReadAt).toBe(before.consoleReadAt)
  })
})
