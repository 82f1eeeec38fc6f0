import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { batchesStore, startTapRouting } from '../../../src/renderer/src/stores/batches.svelte'
import { readerStore } from '../../../src/renderer/src/stores/reader.svelte'
import type { BatchSummary } from '../../../src/shared/batches/schemas'
import type { ReaderCard } from '../../../src/shared/reader/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

const text = (el: HTMLElement) => el.textContent!.replace(/\s+/g, ' ').trim()

const summary = (id: string, name: string, byteOrder: BatchSummary['byteOrder'], total: number): BatchSummary => ({
  id,
  name,
  aliasPattern: null,
  byteOrder,
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total, pending: total, imported: 0, failed: 0, unknown: 0 }
})
const a = summary('a', 'Batch A', 'reversed', 1)
const b = summary('b', 'Batch B', 'as-read', 0)
const uid = '04DDDD00112233'
const card: ReaderCard = {
  reader: 'R',
  uid,
  atr: '3B00',
  standard: 'TAG_ISO_14443_3',
  formats: { hex: uid, reversed: '332211 00DDDD04'.replace(' ', ''), decimal: BigInt(`0x${uid}`).toString() },
  randomUid: false,
  at: 1
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  readerStore.clearTaps()
  batchesStore.selectedId = null
  cleanup()
})

/**
 * "Last tap … is imported as …" under the byte order speaks of the open batch's own last card: a
 * card another batch took is never said as this batch's, in this batch's order.
 */
describe('the byte order’s last-card line', () => {
  it('names the card tapped into this batch, and none in a batch no card was tapped into', async () => {
    const { bridge, emit } = eventBridge({
      'batches.list': () => ok({ batches: [a, b], unreadable: [] }),
      'batches.get': (input) =>
        ok({
          ...((input as { id: string }).id === 'a' ? a : b),
          rows:
            (input as { id: string }).id === 'a'
              ? [{ id: 'r1', nfcId: '33221100DDDD04', alias: 'A-1', addedAt: '', source: 'scan', status: 'pending' }]
              : []
        }),
      'batches.scanInto': () => ok(undefined),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: ['R'] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
    })
    setApiForTests(bridge)
    stops.push(startTapRouting(batchesStore, readerStore))
    render(ImportScreen)
    await batchesStore.open('a')
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Batch A'))
    emit('reader.card', card)
    emit('batches.tap', {
      reader: 'R',
      uid,
      at: 1,
      batchId: 'a',
      outcome: { kind: 'added', alias: 'A-1', nfcId: '33221100DDDD04' }
    })
    await waitFor(() =>
      expect(text(screen.getByTestId('byte-order-preview'))).toMatch(
        /^Last tap 04DDDD00112233 is imported as 33221100DDDD04/
      )
    )

    await batchesStore.open('b')
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Batch B'))
    const line = text(screen.getByTestId('byte-order-preview'))
    expect(line).not.toContain(uid)
    expect(line).toMatch(/^A tap of 04A23B1C/)
  })
})
