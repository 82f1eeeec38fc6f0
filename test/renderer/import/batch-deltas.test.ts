// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { BatchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { BatchDetail, BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

const at = '2026-11-28T06:00:00.000Z'
const row = (n: number, change: Partial<BatchRow> = {}): BatchRow => ({
  id: `row-${n}`,
  nfcId: `04A23B1C0${n}`,
  alias: `Floor2-00${n}`,
  addedAt: at,
  source: 'scan',
  status: 'pending',
  ...change
})
const summary = (total: number): BatchSummary => ({
  id: 'b1',
  name: 'Floor 2',
  aliasPattern: 'Floor2-{n:3}',
  byteOrder: 'as-read',
  nextNumber: total + 1,
  createdAt: at,
  updatedAt: at,
  state: 'draft',
  console: null,
  counts: { total, pending: total, imported: 0, failed: 0, unknown: 0 }
})
const detail = (rows: BatchRow[]): BatchDetail => ({ ...summary(rows.length), rows })

/** The rows the store holds, in order (a window of the batch: here the whole of a small one). */
const held = (store: BatchesStore) =>
  [...(store.detail?.rows.entries() ?? [])].sort(([a], [b]) => a - b).map(([, r]) => r)
const heldIds = (store: BatchesStore) => held(store).map((r) => r.id)

/** Let the store's reads and their answers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The open batch as main holds it: what `batches.get` answers (a test changes it between reads). */
function mainWith(rows: BatchRow[], version: number) {
  const main = { rows, version }
  let gate: Promise<void> | undefined
  const { bridge, calls, emit } = eventBridge({
    'batches.list': () => ok({ batches: [summary(main.rows.length)], unreadable: [] }),
    'batches.scanInto': (input) => ok(input),
    'batches.get': async () => {
      await gate
      return ok({ ...detail(main.rows), version: main.version })
    }
  })
  setApiForTests(bridge)
  /** Reads of the batch: windows of it (batches.view), never the whole batch (batches.get). */
  const reads = () => {
    expect(calls.some(([c]) => c === 'batches.get')).toBe(false)
    return calls.filter(([c]) => c === 'batches.view').length
  }
  /** Hold the next reads' answers until `release` (they say what main holds then). */
  const hold = () => {
    let release!: () => void
    gate = new Promise((resolve) => (release = resolve))
    return () => {
      gate = undefined
      release()
    }
  }
  return { main, emit, reads, hold }
}

describe('the open batch follows main by its changes, not by reading it again', () => {
  it('a tap adds its row (and the new counts) without reading; an edit and a removal are shown, then the window read', async () => {
    const { main, emit, reads } = mainWith([row(1)], 3)
    const store = new BatchesStore()
    const off = store.listen()
    await store.load()
    expect(reads()).toBe(1)
    expect(heldIds(store)).toEqual(['row-1'])

    emit('batches.changed', {
      batchId: 'b1',
      summary: summary(2),
      version: 4,
      rows: { added: [row(2)], updated: [], removed: [] }
    })
    await settle()
    expect(held(store)).toEqual([row(1), row(2)])
    expect(store.detail?.counts.total).toBe(2)
    expect(store.batches[0]?.counts.total).toBe(2)
    expect(reads()).toBe(1)

    const renamed = row(1, { alias: 'Gate' })
    // An edit can change what the window says of the whole batch (rows fixed, the first to send) and
    // a removal moves the rows after it: the rows come with the change, the window is read after.
    main.rows = [renamed]
    main.version = 6
    emit('batches.changed', {
      batchId: 'b1',
      summary: summary(2),
      version: 5,
      rows: { added: [], updated: [renamed], removed: [] }
    })
    emit('batches.changed', {
      batchId: 'b1',
      summary: summary(1),
      version: 6,
      rows: { added: [], updated: [], removed: ['row-2'] }
    })
    await settle()
    await settle()
    expect(held(store)).toEqual([renamed])
    expect(reads()).toBe(2)
    off()
  })

  it('a missed change (a version gap) reads the batch again, then follows on from what it read', async () => {
    const { main, emit, reads } = mainWith([row(1)], 3)
    const store = new BatchesStore()
    const off = store.listen()
    await store.load()
    // Version 4 (row 2) never arrived: main holds 5 by the time the window hears of it.
    main.rows = [row(1), row(2), row(3)]
    main.version = 5
    emit('batches.changed', {
      batchId: 'b1',
      summary: summary(3),
      version: 5,
      rows: { added: [row(3)], updated: [], removed: [] }
    })
    await settle()
    expect(reads()).toBe(2)
    expect(heldIds(store)).toEqual(['row-1', 'row-2', 'row-3'])

    emit('batches.changed', {
      batchId: 'b1',
      summary: summary(4),
      version: 6,
      rows: { added: [row(4)], updated: [], removed: [] }
    })
    await settle()
    expect(heldIds(store)).toEqual(['row-1', 'row-2', 'row-3', 'row-4'])
    expect(reads()).toBe(2)
    off()
  })

  it('changes that come while the batch is being read: those the answer holds are dropped, later ones applied', async () => {
    const { main, emit, reads, hold } = mainWith([row(1)], 3)
    const store = new BatchesStore()
    const off = store.listen()
    const release = hold()
    const loading = store.load()
    await settle()
    // Tap 4 is taken before main answers (the answer holds it: version 4), tap 5 after.
    main.rows = [row(1), row(2)]
    main.version = 4
    emit('batches.changed', {
      batchId: 'b1',
      summary: summary(2),
      version: 4,
      rows: { added: [row(2)], updated: [], removed: [] }
    })
    emit('batches.changed', {
      batchId: 'b1',
      summary: summary(3),
      version: 5,
      rows: { added: [row(3)], updated: [], removed: [] }
    })
    expect(store.detail).toBeNull()
    release()
    await loading
    await settle()
    expect(heldIds(store)).toEqual(['row-1', 'row-2', 'row-3'])
    expect(reads()).toBe(1)
    off()
  })

  it('after main restarts the open batch is read again (main counts its versions anew)', async () => {
    const { main, emit, reads } = mainWith([row(1)], 7)
    const store = new BatchesStore()
    const off = store.listen()
    await store.load()
    main.rows = [row(1), row(2)]
    main.version = 0
    await store.reestablish()
    expect(reads()).toBe(2)
    expect(heldIds(store)).toEqual(['row-1', 'row-2'])
    emit('batches.changed', {
      batchId: 'b1',
      summary: summary(3),
      version: 1,
      rows: { added: [row(3)], updated: [], removed: [] }
    })
    await settle()
    expect(heldIds(store)).toEqual(['row-1', 'row-2', 'row-3'])
    expect(reads()).toBe(2)
    off()
  })
})
