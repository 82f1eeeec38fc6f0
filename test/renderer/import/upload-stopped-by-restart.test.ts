import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { reestablishAll } from '../../../src/renderer/src/lib/main-restarts'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'
import type { Envelope } from '../../../src/shared/ipc/define'

/**
 * Web mode's service killed in the middle of an upload and started again: the new main runs no
 * upload, so the last progress it sent is no running upload. Once main is back (lib/main-restarts.ts),
 * Import drops the bar and says, once, that the upload was stopped and what to do (check the rows to
 * check, then send the rest). An upload main still runs (the tab only lost its link) keeps its bar.
 */
const toCheckLeft: BatchSummary['counts'] = { total: 2, pending: 1, imported: 0, failed: 0, unknown: 1 }
const summary = (state: BatchSummary['state'], counts = toCheckLeft): BatchSummary => ({
  id: 'b1',
  name: 'Floor 2',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state,
  console: null,
  counts
})
const rows: BatchRow[] = [
  { id: 'r1', nfcId: '04A23B1C', alias: 'Desk', addedAt: '', source: 'scan', status: 'unknown' },
  { id: 'r2', nfcId: '04A23B1D', alias: 'Gate', addedAt: '', source: 'scan', status: 'pending' }
]
const progress = {
  batchId: 'b1',
  uploadId: 'u1',
  done: 1000,
  total: 2000,
  chunk: 2,
  chunks: 4,
  imported: 1000,
  failed: 0,
  unknown: 0,
  finished: false
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  // The store is the app's one: what one case left is not the next one's.
  batchesStore.notice = null
  batchesStore.progress = null
  serviceLink.take('connected')
  cleanup()
})

interface MainNow {
  now: BatchSummary['state']
  counts?: BatchSummary['counts']
  /** Main's answer to the list, when it is not the batch as it is now (slow, or failing). */
  list?: () => Promise<Envelope> | Envelope
}

async function uploadingScreen(state: MainNow) {
  const { bridge, emit } = eventBridge({
    'batches.list': () => state.list?.() ?? ok({ batches: [summary(state.now, state.counts)], unreadable: [] }),
    'batches.get': () => ok({ ...summary(state.now, state.counts), rows }),
    'batches.scanInto': () => ok(undefined),
    'batches.capabilities': () => ok({ canUpload: true }),
    'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
    'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
  })
  setApiForTests(bridge)
  serviceLink.take('connected')
  // main's events reach the store as the app-level routing has them (startTapRouting).
  stops.push(batchesStore.listen())
  render(ImportScreen)
  await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Floor 2'))
  emit('batches.uploadProgress', progress)
  await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument())
}

describe('Import after web mode’s service restarted in the middle of an upload', () => {
  it('drops the bar of the upload main no longer runs and says it was stopped, and what to do', async () => {
    const state = { now: 'uploading' as BatchSummary['state'] }
    await uploadingScreen(state)
    // The service is killed: the bar is main's last known progress, not live (lib/last-known).
    serviceLink.take('lost', new Date(2026, 10, 29, 10, 42).getTime())
    await waitFor(() =>
      expect(screen.getByTestId('upload-answered')).toHaveTextContent(
        /^1,000 of 2,000 answered \(part 3 of 4\) — last known at 10:42/
      )
    )
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull()
    // Started again: its batch is not uploading any more.
    serviceLink.take('connected')
    state.now = 'partly-imported'
    await reestablishAll()
    const said =
      "The upload was stopped when Access Desk's service restarted: 0 of 2 rows are imported and nothing is sending now. Check with the console for the 1 row to check, then send the rest."
    await waitFor(() => expect(screen.getByTestId('import-notice')).toHaveTextContent(said))
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull()
    expect(screen.queryByText(/of 2,000 answered/)).toBeNull()
    await waitFor(() => expect(announcer.message).toBe(said))
  })

  it('says the batch’s rows as main reads them now, not the last progress seen, and sends no one to check when none are to check', async () => {
    // The console answered 500 more rows after the last progress reached the tab, then main was killed
    // between two chunks: no row is to check, 1,452 are not sent.
    const state: { now: BatchSummary['state']; counts?: BatchSummary['counts'] } = { now: 'uploading' }
    await uploadingScreen(state)
    serviceLink.take('lost', Date.now())
    serviceLink.take('connected')
    state.now = 'partly-imported'
    state.counts = { total: 2952, pending: 1452, imported: 1500, failed: 0, unknown: 0 }
    await reestablishAll()
    const said =
      "The upload was stopped when Access Desk's service restarted: 1,500 of 2,952 rows are imported and nothing is sending now. Upload sends the 1,452 rows not sent yet."
    await waitFor(() => expect(screen.getByTestId('import-notice')).toHaveTextContent(said))
    expect(screen.getByTestId('import-notice')).not.toHaveTextContent(/check/i)
    await waitFor(() => expect(announcer.message).toBe(said))
  })

  it('the stop is said until the next check or upload of the batch, whose own result then stands alone', async () => {
    const state = { now: 'uploading' as BatchSummary['state'] }
    await uploadingScreen(state)
    serviceLink.take('lost', Date.now())
    serviceLink.take('connected')
    state.now = 'partly-imported'
    await reestablishAll()
    await waitFor(() => expect(screen.getByTestId('import-notice')).toHaveTextContent(/The upload was stopped/))
    // Check with the console: the rows to check are settled; the stop is no longer what the screen says.
    setApiForTests(
      eventBridge({
        'batches.list': () => ok({ batches: [summary('partly-imported')], unreadable: [] }),
        'batches.get': () => ok({ ...summary('partly-imported'), rows }),
        'batches.check': () => ok({ checked: 1, imported: 1, notSent: 0 }),
        'batches.capabilities': () => ok({ canUpload: true })
      }).bridge
    )
    await batchesStore.check()
    await waitFor(() => expect(screen.queryByTestId('import-notice')).toBeNull())
  })

  it('shows no bar of the old main while main’s batches are read anew, nor after that read failed', async () => {
    const state: MainNow = { now: 'uploading' }
    await uploadingScreen(state)
    const bar = () => screen.queryByRole('progressbar', { name: 'Upload progress' })
    serviceLink.take('lost', Date.now())
    serviceLink.take('connected')
    // The restarted main runs no upload, and its first read of the batches takes its time (10,000 rows).
    state.now = 'partly-imported'
    let answer!: (envelope: Envelope) => void
    state.list = () => new Promise<Envelope>((resolve) => (answer = resolve))
    const back = reestablishAll()
    await waitFor(() => expect(answer).toBeDefined())
    expect(bar()).toBeNull()
    expect(screen.queryByTestId('upload-answered')).toBeNull()
    // The read fails: the bar of the upload main no longer has stays gone.
    answer({ ok: false, error: { kind: 'server', message: 'Main is still starting.', retryable: true } } as Envelope)
    await back
    expect(bar()).toBeNull()
    expect(screen.queryByTestId('upload-answered')).toBeNull()
    // Read at last: the batch is not uploading in main, and the screen says so (no bar).
    state.list = undefined
    await reestablishAll()
    await waitFor(() => expect(screen.getByTestId('import-notice')).toHaveTextContent(/The upload was stopped/))
    expect(bar()).toBeNull()
  })

  it('an upload main still runs keeps its bar and says nothing of a stop', async () => {
    const state = { now: 'uploading' as BatchSummary['state'] }
    await uploadingScreen(state)
    await reestablishAll()
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument()
    expect(screen.queryByTestId('import-notice')).toBeNull()
  })
})
