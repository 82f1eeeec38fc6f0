import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import BatchList from '../../../src/renderer/src/components/import/BatchList.svelte'
import ReaderPanel from '../../../src/renderer/src/components/import/ReaderPanel.svelte'
import EnrollStatus from '../../../src/renderer/src/components/enroll/EnrollStatus.svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import type { BatchSummary } from '../../../src/shared/batches/schemas'
import type { ReaderStatus } from '../../../src/shared/reader/schemas'
import { openRoster, progress } from '../roster/fixtures'

/**
 * A state only main knows live (an upload in progress, a roster run, the USB reader's state, an
 * enrollment's wait) is never shown as live while web mode's tab cannot reach main: each panel words it
 * through the one helper, lib/last-known.svelte.ts, as the last known and when ("uploading — last known
 * at 10:42: Access Desk's service is not answering, so this is not live"). Back: the live words again.
 */
afterEach(() => {
  serviceLink.take('connected')
  cleanup()
})

const NOT_LIVE = /last known at \d{1,2}:\d{2}.*not answering, so this is not live/
/** The link goes down at a known time, so the words can be read in full. */
const down = () => {
  serviceLink.take('connected')
  serviceLink.take('lost', new Date(2026, 10, 29, 10, 42).getTime())
  flushSync()
}
const up = () => {
  serviceLink.take('connected')
  flushSync()
}

const uploading: BatchSummary = {
  id: 'b1',
  name: 'Floor 2',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'uploading',
  console: null,
  counts: { total: 40, pending: 40, imported: 0, failed: 0, unknown: 0 }
}

describe('the last known, not live, while main cannot be reached (one helper, every such panel)', () => {
  it('Import’s batch list: an upload in progress', () => {
    up()
    render(BatchList, { batches: [uploading], selectedId: null, onopen: () => {} })
    const state = () => within(screen.getByTestId('batch-list')).getByText(/uploading/)
    expect(state()).toHaveTextContent(/^uploading$/)
    down()
    expect(state()).toHaveTextContent(NOT_LIVE)
    expect(state()).toHaveTextContent('uploading — last known at 10:42')
    up()
    expect(state()).toHaveTextContent(/^uploading$/)
  })

  it('Import’s reader panel: the reader’s state, and no green dot', () => {
    const status: ReaderStatus = { state: 'ready', message: 'Reader ready', readers: ['ACR122U'] }
    up()
    render(ReaderPanel, { status, error: null, taps: [], present: null, onselect: () => {}, onretry: () => {} })
    const state = screen.getByTestId('reader-state')
    expect(state).toHaveTextContent(/^Reader ready$/)
    expect(screen.getByTestId('reader-panel').querySelector('.dot.on')).not.toBeNull()
    down()
    expect(state).toHaveTextContent(NOT_LIVE)
    expect(state).toHaveTextContent(/^Reader ready — last known at 10:42/)
    expect(screen.getByTestId('reader-panel').querySelector('.dot.on')).toBeNull()
    up()
    expect(state).toHaveTextContent(/^Reader ready$/)
  })

  it('Roster’s run: the phase badge and the time left', async () => {
    up()
    const { emit } = await openRoster('running')
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    emit('roster.progress', progress({ done: 10, etaSeconds: 180 }))
    flushSync()
    const eta = screen.getByTestId('run-eta')
    expect(eta).toHaveTextContent(/^About 3 min left$/)
    expect(screen.getByText(/^Running$/)).toBeInTheDocument()
    down()
    expect(eta).toHaveTextContent(NOT_LIVE)
    expect(screen.queryByText(/^Running$/)).toBeNull()
    expect(screen.getByText(/^Running — last known at 10:42/)).toBeInTheDocument()
    up()
    expect(eta).toHaveTextContent(/^About 3 min left$/)
  })

  it('Enroll’s wait for a card on the networked reader', () => {
    up()
    render(EnrollStatus, { phase: 'running', progress: null, secondsLeft: 50, readerLabel: 'Front door' })
    const wait = within(screen.getByTestId('enroll-status')).getByText(/Front door/)
    expect(wait).not.toHaveTextContent(/last known/)
    down()
    expect(wait).toHaveTextContent(NOT_LIVE)
    up()
    expect(wait).not.toHaveTextContent(/last known/)
  })
})
