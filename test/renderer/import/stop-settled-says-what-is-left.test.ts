import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer, keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import type { Envelope } from '../../../src/shared/ipc/define'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

const TOTAL = 2001
const summary = (counts: BatchSummary['counts']): BatchSummary => ({
  id: 'b1',
  name: 'Lobby',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: counts.imported === 0 && counts.unknown === 0 ? 'draft' : 'partly-imported',
  console: null,
  counts
})
const row = (i: number, status: BatchRow['status']): BatchRow => ({
  id: `r${i}`,
  nfcId: `04${i.toString(16).toUpperCase().padStart(6, '0')}`,
  alias: `Desk-${i}`,
  addedAt: '',
  source: 'csv',
  status
})
/** The first part's answer was lost (a 502 after the console imported it): main stopped, 1,501 rows never sent. */
const stopped: Envelope = {
  ok: false,
  error: {
    kind: 'server',
    code: 'UPLOAD_FAILED',
    message: 'The upload stopped at part 1 of 5: the console answered 502',
    hint: '500 rows may or may not be on the console: they are marked "to check". Press "Check with the console" once it answers again to find out; rows already imported are never sent again.',
    retryable: true,
    details: {
      sent: 500,
      imported: 0,
      failed: 0,
      unknown: 500,
      part: 1,
      parts: 5,
      cause: 'the console answered 502',
      toCheck: true,
      countsAtStop: { total: TOTAL, pending: 1501, imported: 0, failed: 0, unknown: 500 }
    }
  }
} as Envelope
const said =
  "The upload stopped: 500 cards of the 500 sent are on the console (now imported); 1,501 cards not sent yet: press Upload to send them. The console's answer was lost, so this was read back from the console; nothing was sent twice."

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  batchesStore.notice = null
  batchesStore.uploadError = null
  cleanup()
})

/**
 * The Import screen on the batch "Lobby" of 2,001 rows never sent, with a scripted main: `upload` sets what
 * main holds once the upload ran (its counts and each row's status, told to the tab) and answers `stopped`.
 * `hold` sets what main holds later (its own read-back), told the same way.
 */
async function openLobby(upload: BatchSummary['counts']) {
  let counts: BatchSummary['counts'] = { total: TOTAL, pending: TOTAL, imported: 0, failed: 0, unknown: 0 }
  let statusOf = (_i: number): BatchRow['status'] => 'pending'
  // The first 500 rows (the lost part) take the state the counts give them; the rest were never sent.
  const lostPart = (now: BatchSummary['counts']) => (i: number) =>
    i < 500 ? (now.unknown > 0 ? 'unknown' : 'imported') : 'pending'
  const hold = (now: BatchSummary['counts']) => {
    counts = now
    statusOf = lostPart(now)
    emit('batches.changed', { batchId: 'b1', summary: summary(counts) })
  }
  const { bridge, emit } = eventBridge({
    'batches.list': () => ok({ batches: [summary(counts)], unreadable: [] }),
    'batches.get': () => ok({ ...summary(counts), rows: Array.from({ length: TOTAL }, (_, i) => row(i, statusOf(i))) }),
    'batches.scanInto': () => ok(undefined),
    'batches.capabilities': () => ok({ canUpload: true }),
    'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
    'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
    'batches.upload': () => {
      hold(upload)
      return stopped
    }
  })
  setApiForTests(bridge)
  serviceLink.take('connected')
  stops.push(batchesStore.listen())
  render(ImportScreen)
  await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
  return { hold }
}

/**
 * An upload stopped by a lost answer, whose lost part main then read back: what the screen says is the
 * upload's outcome as a whole — what was sent and is on the console, and what is still to send and how —
 * with the one read-back sentence every screen uses, and the focus on that line (brought into view),
 * not on the screen's title.
 */
describe('an upload stopped by a lost answer, read back by main', () => {
  it('says what was sent and found and what is still to send, with the focus on that line', async () => {
    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled
    stops.push(keepFocus(document))
    const { hold } = await openLobby({ total: TOTAL, pending: 1501, imported: 0, failed: 0, unknown: 500 })

    expect(screen.getByRole('button', { name: 'Upload 2,001 cards to the console' })).toBeInTheDocument()
    await batchesStore.upload()
    await waitFor(() => expect(screen.getByText(/they are marked "to check"/)).toBeInTheDocument())

    // Main reads the lost part back by itself: all 500 are on the console.
    scrolled.mockClear()
    hold({ total: TOTAL, pending: 1501, imported: 500, failed: 0, unknown: 0 })

    await waitFor(() => expect(screen.getByTestId('upload-stopped')).toHaveTextContent(said))
    expect(screen.queryByText(/marked "to check"/)).toBeNull()
    await waitFor(() => expect(announcer.message).toBe(said))
    // The focus is on the line that says it, brought into view; never the screen's title.
    await new Promise((done) => setTimeout(done, 20))
    expect(document.activeElement).toBe(screen.getByTestId('upload-stopped'))
    expect(scrolled.mock.contexts).toContain(screen.getByTestId('upload-stopped'))
    expect(screen.getByRole('button', { name: 'Upload 1,501 cards to the console' })).toBeInTheDocument()
  })

  // Seen on a loaded CI: main read the lost part back (the console answered the card list it reads after
  // a part) before the upload's answer reached the tab, so the batch read after it had no row to check.
  it('says it too when main read the lost part back before the tab heard of the stop', async () => {
    stops.push(keepFocus(document))
    // Settled by main's read-back while the upload's answer is still on its way.
    await openLobby({ total: TOTAL, pending: 1501, imported: 500, failed: 0, unknown: 0 })

    await batchesStore.upload()
    await waitFor(() => expect(screen.getByTestId('upload-stopped')).toHaveTextContent(said))
    expect(screen.queryByText(/marked "to check"/)).toBeNull()
    await new Promise((done) => setTimeout(done, 20))
    expect(document.activeElement).toBe(screen.getByTestId('upload-stopped'))
    expect(screen.getByRole('button', { name: 'Upload 1,501 cards to the console' })).toBeInTheDocument()
  })
})
