import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import type { Envelope } from '../../../src/shared/ipc/define'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

const summary = (counts: BatchSummary['counts']): BatchSummary => ({
  id: 'b1',
  name: 'Floor 2',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: counts.unknown > 0 ? 'partly-imported' : 'draft',
  console: null,
  counts
})
const row = (id: string, status: BatchRow['status']): BatchRow => ({
  id,
  nfcId: `04A23B${id.toUpperCase().padStart(2, '0')}`,
  alias: id,
  addedAt: '',
  source: 'scan',
  status
})
const stopped: Envelope = {
  ok: false,
  error: {
    kind: 'server',
    code: 'UPLOAD_FAILED',
    message: 'The upload stopped at part 1 of 1: the console answered 500',
    hint: '2 rows may or may not be on the console: they are marked "to check". Press "Check with the console" once it answers again to find out; rows already imported are never sent again.',
    retryable: true,
    details: {
      sent: 4,
      imported: 2,
      failed: 0,
      unknown: 2,
      part: 1,
      parts: 1,
      cause: 'the console answered 500',
      toCheck: true
    }
  }
} as Envelope

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  batchesStore.notice = null
  batchesStore.uploadError = null
  cleanup()
})

/**
 * An upload's stop note speaks of the batch as main holds it now: when main settles the rows the stop
 * left "to check" by itself (the console answering again), the note that sent the person to check them
 * gives way to what became of them, said once — never kept from the event that made it.
 */
describe('an upload’s stop note follows the batch', () => {
  it('gives way to what main’s own check found once the rows to check are settled', async () => {
    let counts: BatchSummary['counts'] = { total: 4, pending: 4, imported: 0, failed: 0, unknown: 0 }
    let rows = ['a', 'b', 'c', 'd'].map((id) => row(id, 'pending'))
    const { bridge, emit } = eventBridge({
      'batches.list': () => ok({ batches: [summary(counts)], unreadable: [] }),
      'batches.get': () => ok({ ...summary(counts), rows }),
      'batches.scanInto': () => ok(undefined),
      'batches.capabilities': () => ok({ canUpload: true }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      'batches.upload': () => {
        // The part was answered for two rows and lost for two: main holds them "to check".
        counts = { total: 4, pending: 0, imported: 2, failed: 0, unknown: 2 }
        rows = [row('a', 'imported'), row('b', 'imported'), row('c', 'unknown'), row('d', 'unknown')]
        emit('batches.changed', { batchId: 'b1', summary: summary(counts) })
        return stopped
      }
    })
    setApiForTests(bridge)
    serviceLink.take('connected')
    stops.push(batchesStore.listen())
    render(ImportScreen)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Floor 2'))

    await batchesStore.upload()
    await waitFor(() => expect(screen.getByText(/they are marked "to check"/)).toBeInTheDocument())

    // The console answers again; main checks the two rows itself: neither was there, both back to "not sent".
    counts = { total: 4, pending: 2, imported: 2, failed: 0, unknown: 0 }
    rows = [row('a', 'imported'), row('b', 'imported'), row('c', 'pending'), row('d', 'pending')]
    emit('batches.changed', { batchId: 'b1', summary: summary(counts) })

    const said =
      "The upload stopped: 2 cards of the 4 sent are on the console (now imported), 2 not (Upload sends them again). The console's answer was lost, so this was read back from the console; nothing was sent twice."
    await waitFor(() => expect(screen.getByTestId('upload-stopped')).toHaveTextContent(said))
    expect(screen.queryByText(/marked "to check"/)).toBeNull()
    expect(screen.queryByTestId('to-check-note')).toBeNull()
    await waitFor(() => expect(announcer.message).toBe(said))
  })
})
