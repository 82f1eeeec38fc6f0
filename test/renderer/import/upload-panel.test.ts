import { describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import UploadPanel from './UploadPanelWhole.svelte'
import RowsTable from './RowsTableWhole.svelte'
import BatchList from '../../../src/renderer/src/components/import/BatchList.svelte'
import CsvPreviewTable from './CsvPreviewWhole.svelte'
import type { BatchRow, BatchSummary, CheckResult } from '../../../src/shared/batches/schemas'
import type { Reach } from '../../../src/renderer/src/stores/batches.svelte'
import { AppError } from '../../../src/shared/errors'

const summary = (counts: Partial<BatchSummary['counts']>, extra: Partial<BatchSummary> = {}): BatchSummary => ({
  id: 'b1',
  name: 'Floor 2',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'partly-imported',
  console: { profileId: 'p1', name: 'Site A' },
  counts: { total: 0, pending: 0, imported: 0, failed: 0, unknown: 0, ...counts },
  ...extra
})
const row = (id: string, status: BatchRow['status'], extra: Partial<BatchRow> = {}): BatchRow => ({
  id,
  nfcId: '04A1B2C3',
  alias: id,
  addedAt: '',
  source: 'csv',
  status,
  ...extra
})

function panel(props: {
  batch: BatchSummary
  rows?: BatchRow[]
  reach?: Reach
  otherConsole?: { profileId: string; name: string } | null
  checkResult?: CheckResult | null
  error?: AppError | null
  checkError?: AppError | null
}) {
  const handlers = { onupload: vi.fn(), oncheck: vi.fn(), ontest: vi.fn(), onexportfailed: vi.fn() }
  render(UploadPanel, {
    rows: [],
    uploading: false,
    progress: null,
    result: null,
    error: null,
    checking: false,
    checkResult: null,
    checkError: null,
    reach: { state: 'ok' },
    otherConsole: null,
    activeConsoleName: 'Site A',
    ...props,
    ...handlers
  })
  return handlers
}

describe('upload panel: every row can be resolved from the screen', () => {
  it('rows "to check" get "Check with the console" instead of a dead "Nothing to upload"', async () => {
    const h = panel({ batch: summary({ total: 3, unknown: 3 }) })
    expect(screen.getByRole('button', { name: 'Check the rows to check first' })).toBeDisabled()
    await fireEvent.click(screen.getByRole('button', { name: 'Check 3 rows with the console' }))
    expect(h.oncheck).toHaveBeenCalledOnce()
    expect(screen.getByTestId('to-check-note')).toHaveTextContent(/search an NFC ID on Cards, or delete a row/)
  })

  it('"Retry failed" counts only rows it may change: a row the console refused as it is is named apart, to fix', async () => {
    const batch = summary({ total: 3, failed: 3 })
    const refused = (key: 'alreadyOnConsoleAlias' | 'alreadyOnConsole') =>
      ({ reasonSaid: { key, values: { alias: 'Desk', card: '100001' } } }) as Partial<BatchRow>
    panel({
      batch,
      rows: [
        row('a', 'failed', refused('alreadyOnConsoleAlias')),
        row('b', 'failed', refused('alreadyOnConsole')),
        row('c', 'failed', {
          reasonSaid: {
            key: 'error',
            error: { kind: 'server', code: 'HTTP_500', message: 'The console failed.', details: {} }
          }
        })
      ]
    })
    expect(screen.getByRole('button', { name: 'Retry 1 failed row' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Retry 3/ })).toBeNull()
    expect(screen.getByTestId('upload-not-retried')).toHaveTextContent(
      '2 failed rows are not sent again as they are: the console would refuse them the same way. Each says what to change'
    )
  })

  it('"Retry failed" counts a row refused for an alias another card holds: that card may be renamed on the console', () => {
    panel({
      batch: summary({ total: 1, failed: 1 }),
      rows: [
        row('a', 'failed', {
          reasonSaid: { key: 'aliasOnConsole', values: { alias: 'Desk', card: '100001' } }
        } as Partial<BatchRow>)
      ]
    })
    expect(screen.getByRole('button', { name: 'Retry 1 failed row' })).toBeInTheDocument()
    expect(screen.queryByTestId('upload-not-retried')).toBeNull()
  })

  it('"Retry failed" counts the failed rows as the batch list does, and names the rows fixed since apart', async () => {
    const batch = summary({ total: 2, failed: 1, pending: 1 })
    const h = panel({ batch, rows: [row('a', 'failed'), row('b', 'pending', { retry: true })] })
    render(BatchList, { batches: [batch], selectedId: null, activeConsoleId: 'p1', onopen: vi.fn() })
    expect(screen.getByRole('list')).toHaveTextContent(/1 failed/)
    expect(screen.queryByRole('button', { name: /Retry 2 failed/ })).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: 'Retry 1 failed and 1 fixed row' }))
    expect(h.onupload).toHaveBeenCalledWith(true)
    // Neither the failed row nor the fixed one is Upload's (issue 31): nothing new to send.
    expect(screen.getByRole('button', { name: 'No new cards to upload' })).toBeDisabled()
  })

  it('Upload counts only the rows never sent; the failed ones are named by Retry alone (issue 31)', async () => {
    const batch = summary({ total: 4, failed: 2, pending: 2 })
    const h = panel({
      batch,
      rows: [row('a', 'failed'), row('b', 'failed'), row('c', 'pending'), row('d', 'pending')]
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Upload 2 cards to the console' }))
    expect(h.onupload).toHaveBeenLastCalledWith(false)
    await fireEvent.click(screen.getByRole('button', { name: 'Retry 2 failed rows' }))
    expect(h.onupload).toHaveBeenLastCalledWith(true)
  })

  it('only rows fixed since: "Retry 1 fixed row", no failed count the batch list does not show', () => {
    panel({ batch: summary({ total: 1, pending: 1 }), rows: [row('b', 'pending', { retry: true })] })
    expect(screen.getByRole('button', { name: 'Retry 1 fixed row' })).toBeEnabled()
  })

  it('a check that could not compare every console card says so with its result', () => {
    panel({
      batch: summary({ total: 1, pending: 1 }),
      checkResult: { found: 0, absent: 1, unsure: 'What main said in English.', unsureSaid: { shown: 2, without: 3 } }
    })
    expect(screen.getByTestId('check-result')).toHaveTextContent(
      'Checked with the console: 0 cards found there (now imported), 1 card not there (the next upload sends them). The console shows no card with their NFC IDs, but 3 of its cards do not show their NFC ID (UA cards): a card enrolled on a UA reader may be one of those.'
    )
  })

  it('a console answering with errors is said in the sidebar\'s words, never a plain "answers"', () => {
    // The sidebar said "Answering with errors" while Import showed a green "Site A answers." (one state).
    panel({
      batch: summary({ total: 1, pending: 1 }),
      rows: [row('r1', 'pending')],
      reach: {
        state: 'ok',
        note: { state: 'trouble', words: 'Answering with errors', why: 'The console reported an internal error.' }
      }
    })
    const line = screen.getByTestId('console-reach')
    expect(line).toHaveTextContent(/^Site A: Answering with errors\. ?The console reported an internal error\.$/)
    expect(line).not.toHaveTextContent('answers.')
    expect(line).toHaveAttribute('data-state', 'answers-badly')
    // It answers: the upload stays on and says why if it is refused.
    expect(screen.getByRole('button', { name: /^Upload 1 card/ })).toBeEnabled()
  })

  it('an upload or a check that stops puts the focus on its error, never on the heading', async () => {
    // The installer's walk: after a refused or stopped upload the focus was on "Import cards".
    panel({
      batch: summary({ total: 2, pending: 1, unknown: 1 }),
      rows: [row('r1', 'pending'), row('r2', 'unknown')],
      error: new AppError({ kind: 'server', message: 'The upload stopped at part 1 of 1: the console failed.' })
    })
    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'alert'))
    expect(document.activeElement).toHaveTextContent(/The upload stopped at part 1 of 1/)
    cleanup()
    panel({
      batch: summary({ total: 1, unknown: 1 }),
      rows: [row('r2', 'unknown')],
      checkError: new AppError({ kind: 'network', message: 'The console did not answer.' })
    })
    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'alert'))
    expect(document.activeElement).toHaveTextContent(/The console did not answer/)
  })

  it('an unreachable console disables upload and check, says why, and offers to ask again', async () => {
    const h = panel({
      batch: summary({ total: 2, pending: 1, unknown: 1 }),
      reach: {
        state: 'unreachable',
        error: new AppError({ kind: 'network', message: 'The connection was refused.' })
      }
    })
    expect(screen.getByRole('button', { name: 'Upload 1 card to the console' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Check 1 row with the console' })).toBeDisabled()
    expect(screen.getByTestId('console-reach')).toHaveTextContent(
      /Site A cannot be reached: uploading and checking wait.*The connection was refused\./
    )
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(h.ontest).toHaveBeenCalledOnce()
  })

  it('a batch of another console is read-only and says where it went', () => {
    panel({
      batch: summary({ total: 2, pending: 1, imported: 1 }),
      otherConsole: { profileId: 'p1', name: 'Site A' }
    })
    expect(screen.getByTestId('other-console')).toHaveTextContent(/This batch was uploaded to Site A/)
    expect(screen.getByRole('button', { name: 'Upload 1 card to the console' })).toBeDisabled()
  })

  it('the batch list never calls a batch of which nothing was imported "partly imported"', () => {
    render(BatchList, {
      batches: [
        summary({ total: 3, unknown: 3 }, { id: 'a', name: 'Floor 4' }),
        summary({ total: 2, failed: 1, pending: 1 }, { id: 'b', name: 'Floor 5' }),
        summary({ total: 3, imported: 1, unknown: 2 }, { id: 'c', name: 'Floor 6' })
      ],
      selectedId: null,
      activeConsoleId: 'p1',
      onopen: () => {}
    })
    const list = screen.getByTestId('batch-list')
    expect(list).toHaveTextContent(/Floor 4\s*to check\s*3 cards, 3 to check/)
    expect(list).toHaveTextContent(/Floor 5\s*not imported\s*2 cards, 1 failed/)
    expect(list).toHaveTextContent(/Floor 6\s*partly imported\s*3 cards, 1 imported, 2 to check/)
  })

  it('the batch list says "imported to <console>" for a batch of another console', () => {
    render(BatchList, {
      batches: [summary({ total: 1, imported: 1 }, { state: 'imported' })],
      selectedId: null,
      activeConsoleId: 'p2',
      onopen: () => {}
    })
    expect(screen.getByTestId('batch-list')).toHaveTextContent(/Floor 2\s*imported to Site A/)
  })
})

describe('batch rows', () => {
  it('a row "to check" can be deleted (not edited); an imported row shows the console\'s number', async () => {
    const ondelete = vi.fn()
    render(RowsTable, {
      rows: [row('a', 'unknown'), row('b', 'imported', { displayId: '77740828' })],
      onsave: async () => {},
      ondelete
    })
    const [unknown, imported] = within(screen.getByTestId('batch-rows')).getAllByTestId('batch-row')
    expect(within(unknown!).queryByRole('button', { name: 'Edit row 1' })).toBeNull()
    await fireEvent.click(within(unknown!).getByRole('button', { name: 'Delete row 1' }))
    expect(ondelete).toHaveBeenCalledWith('a')
    expect(imported).toHaveTextContent(/imported\s*as card 77740828/)
    expect(within(imported!).queryByRole('button')).toBeNull()
  })

  it('scrolling tables can be reached with the keyboard (axe: scrollable-region-focusable)', () => {
    render(CsvPreviewTable, {
      preview: {
        notes: [],
        counts: { ok: 1, repaired: 0, refused: 0, duplicate: 0 },
        rows: [{ line: 1, nfcId: '04A1B2C3', alias: '', status: 'ok', messages: [] }]
      }
    })
    expect(screen.getByRole('region', { name: 'Lines of the file' })).toHaveAttribute('tabindex', '0')
  })
})

describe('upload panel while web mode’s own service is down', () => {
  it('Upload, Check and Retry are off with the reason on the page, and on again when it is back', async () => {
    const { serviceLink } = await import('../../../src/renderer/src/stores/connection-service.svelte')
    const batch = summary({ total: 3, pending: 1, failed: 1, unknown: 1 })
    panel({ batch, rows: [row('r1', 'pending'), row('r2', 'failed'), row('r3', 'unknown')] })
    const sends = () => [
      screen.getByRole('button', { name: /^Upload 1 card/ }),
      screen.getByRole('button', { name: /^Check 1 row/ }),
      screen.getByRole('button', { name: /^Retry/ })
    ]
    for (const button of sends()) expect(button).toBeEnabled()
    serviceLink.take('lost')
    await new Promise((r) => setTimeout(r, 0))
    expect(screen.getByTestId('console-reach')).toHaveTextContent("Access Desk's service is not answering")
    for (const button of sends()) {
      // Off and focusable (SendButton): aria-disabled, its click refused.
      expect(button).toHaveAttribute('aria-disabled', 'true')
      expect(button).toHaveAccessibleDescription(
        /service is not answering: the buttons that send are off until it is back, and nothing is sent by itself/
      )
    }
    serviceLink.take('connected')
    await new Promise((r) => setTimeout(r, 0))
    for (const button of sends()) {
      expect(button).toBeEnabled()
      expect(button).toHaveAttribute('aria-disabled', 'false')
    }
    expect(screen.getByTestId('console-reach')).toHaveTextContent('Site A answers.')
  })
})
