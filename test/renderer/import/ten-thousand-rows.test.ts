import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge, viewOf } from './batch-windows'

/**
 * A batch of 10,000 rows on the Import screen (issue 33): the screen asks main for windows of it,
 * never for the batch whole, draws a window of rows, and a tap adds its row from main's event with no
 * read at all. jsdom lays nothing out: the scroll box is given its height on screen for these tests.
 */
const ROWS = 10_000
const at = '2026-11-28T06:00:00.000Z'
const row = (n: number): BatchRow => ({
  id: `row-${n}`,
  nfcId: `04A2${n.toString(16).toUpperCase().padStart(4, '0')}`,
  alias: `Big-${n + 1}`,
  addedAt: at,
  source: 'csv',
  status: 'pending'
})
const summary = (total: number): BatchSummary => ({
  id: 'big',
  name: 'Ten thousand',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: at,
  updatedAt: at,
  state: 'draft',
  console: null,
  counts: { total, pending: total, imported: 0, failed: 0, unknown: 0 }
})

const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 420 }))
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', saved)
})

describe('Import at 10,000 rows: windows from main, deltas for taps', () => {
  it('asks for windows (never the whole batch), draws a window, and a tap adds its row without a read', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => row(i))
    const { bridge, calls, emit } = eventBridge({
      'batches.list': () => ok({ batches: [summary(rows.length)], unreadable: [] }),
      'batches.scanInto': (input) => ok(input),
      'batches.view': (input) => {
        const { offset, limit } = input as { offset: number; limit: number }
        return ok(viewOf({ ...summary(rows.length), rows, version: 1 }, offset, limit))
      },
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
    })
    setApiForTests(bridge)
    const off = batchesStore.listen()
    render(ImportScreen)
    const table = await screen.findByTestId('batch-rows')
    expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1))
    await waitFor(() => expect(screen.getAllByTestId('batch-row').length).toBeGreaterThan(0))
    expect(screen.getAllByTestId('batch-row').length).toBeLessThan(100)
    expect(calls.some(([c]) => c === 'batches.get')).toBe(false)
    const views = calls.filter(([c]) => c === 'batches.view').map(([, input]) => input as { limit: number })
    expect(views.every((v) => v.limit <= 1000)).toBe(true)

    const reads = views.length
    const tapped = { ...row(ROWS), alias: 'Tapped' }
    rows.push(tapped)
    emit('batches.changed', {
      batchId: 'big',
      summary: summary(rows.length),
      version: 2,
      rows: { added: [tapped], updated: [], removed: [] }
    })
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 2)))
    expect(batchesStore.rowAt(ROWS)).toEqual(tapped)
    expect(calls.filter(([c]) => c === 'batches.view').length).toBe(reads)
    off()
  })
})
