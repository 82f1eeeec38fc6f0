import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import RowsTable from './RowsTableWhole.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import type { BatchDetail, BatchRow, BatchSummary, CsvPreview } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

const text = (el: HTMLElement) => el.textContent!.replace(/\s+/g, ' ').trim()

const summary = (byteOrder: BatchSummary['byteOrder']): BatchSummary => ({
  id: 'b1',
  name: 'Gate',
  aliasPattern: null,
  byteOrder,
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total: 2, pending: 2, imported: 0, failed: 0, unknown: 0 }
})
/** A row as main holds it: its NFC ID as sent (the batch's order applied to what was entered). */
const row = (id: string, nfcId: string, source: BatchRow['source'] = 'manual'): BatchRow => ({
  id,
  nfcId,
  alias: '',
  addedAt: '',
  source,
  status: 'pending'
})

describe("a batch's rows are shown as entered, with what a reversed batch sends", () => {
  it('an all-digit ID typed into a reversed batch is shown and explained as typed, sent reversed', () => {
    // Typed 80000001 and 04A23B1C; the reversed batch sends them as 01000080 and 1C3BA204.
    render(RowsTable, {
      rows: [row('a', '01000080'), row('b', '1C3BA204')],
      order: 'reversed',
      onsave: async () => {},
      ondelete: () => {}
    })
    expect(screen.getAllByTestId('entered-id').map(text)).toEqual(['80000001', '04A23B1C'])
    expect(screen.getAllByTestId('sent-as').map(text)).toEqual(['will be sent as 01000080', 'will be sent as 1C3BA204'])
    expect(screen.getAllByTestId('digits-reading').map(text)).toEqual([
      'All digits: read as hex 80000001. If 80000001 is the card\'s decimal number (the reader panel\'s "Decimal"), its NFC ID is 04C4B401: give that instead.'
    ])
  })

  it('an edit starts from the ID as entered, and sends only a change of it', async () => {
    const saved: { nfcId?: string; alias?: string }[] = []
    render(RowsTable, {
      rows: [row('a', '1C3BA204')],
      order: 'reversed',
      onsave: async (_id: string, change: { nfcId?: string; alias?: string }) => void saved.push(change),
      ondelete: () => {}
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Edit row 1' }))
    const field = screen.getByRole('textbox', { name: 'NFC ID' })
    expect(field).toHaveValue('04A23B1C')
    await fireEvent.input(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Desk' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(saved).toEqual([{ alias: 'Desk' }]))
  })
})

describe('Import says outcomes in the one live region, with the focus on the next step', () => {
  function screenWith(extra: Parameters<typeof eventBridge>[0], start: BatchDetail) {
    let detail = start
    const { bridge, calls } = eventBridge({
      'batches.list': () => ok({ batches: [detail], unreadable: [] }),
      'batches.get': () => ok(detail),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      ...extra
    })
    setApiForTests(bridge)
    render(ImportScreen)
    return { calls, set: (next: BatchDetail) => (detail = next) }
  }

  it('a switch of byte order is said with how many rows will upload as what', async () => {
    const before: BatchDetail = { ...summary('as-read'), rows: [row('a', '04A23B1C'), row('b', '04A23B1D', 'scan')] }
    const after: BatchDetail = { ...summary('reversed'), rows: [row('a', '1C3BA204'), row('b', '1D3BA204', 'scan')] }
    const s = screenWith(
      {
        'batches.rename': () => {
          s.set(after)
          return ok(summary('reversed'))
        }
      },
      before
    )
    await waitFor(() => expect(screen.getAllByTestId('entered-id').map(text)).toEqual(['04A23B1C', '04A23B1D']))
    await fireEvent.click(screen.getByRole('radio', { name: 'Reversed' }))
    await waitFor(() =>
      expect(announcer.message).toBe(
        'Byte order: reversed — 2 rows will upload with their bytes reversed (04A23B1C as 1C3BA204).'
      )
    )
    // The rows are shown as they were entered, whichever the order.
    expect(screen.getAllByTestId('entered-id').map(text)).toEqual(['04A23B1C', '04A23B1D'])
    expect(screen.getAllByTestId('sent-as').map(text)).toEqual(['will be sent as 1C3BA204', 'will be sent as 1D3BA204'])
  })

  it('a CSV read puts the focus on "Add N valid rows"; added, on the summary; both said', async () => {
    const preview: CsvPreview = {
      rows: [
        { line: 1, nfcId: '04A23B1C', alias: 'Desk', status: 'ok', messages: [] },
        { line: 2, nfcId: '04A23B1C', alias: 'Hall', status: 'duplicate', messages: ['Same NFC ID as line 1'] }
      ],
      notes: [],
      counts: { ok: 1, repaired: 0, refused: 0, duplicate: 1 }
    }
    screenWith(
      {
        'batches.previewCsv': () => ok(preview),
        'batches.importCsv': () => ok({ added: 1, preview })
      },
      { ...summary('as-read'), rows: [] }
    )
    await screen.findByTestId('batch-title')
    const file = new File(['04A23B1C,Desk\n04A23B1C,Hall\n'], 'gate.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } })
    const add = await screen.findByRole('button', { name: 'Add 1 valid row to the batch' })
    await waitFor(() => expect(document.activeElement).toBe(add))
    await waitFor(() =>
      expect(announcer.message).toBe(
        'Read gate.csv: 1 ok, 0 repaired, 0 refused, 1 duplicate. Add 1 valid row to the batch next.'
      )
    )
    await fireEvent.click(add)
    const added = await screen.findByTestId('csv-added')
    await waitFor(() => expect(document.activeElement).toBe(added))
    await waitFor(() => expect(announcer.message).toBe('Added 1 row; 1 duplicate line was left out.'))
    expect(added).not.toHaveAttribute('role')
  })

  it('a CSV with no refused or duplicate line: the summary says only what was added', async () => {
    const preview: CsvPreview = {
      rows: [
        { line: 1, nfcId: '04A23B1C', alias: 'Desk', status: 'ok', messages: [] },
        { line: 2, nfcId: '04A23B1D', alias: 'Hall', status: 'ok', messages: [] }
      ],
      notes: [],
      counts: { ok: 2, repaired: 0, refused: 0, duplicate: 0 }
    }
    screenWith(
      {
        'batches.previewCsv': () => ok(preview),
        'batches.importCsv': () => ok({ added: 2, preview })
      },
      { ...summary('as-read'), rows: [] }
    )
    await screen.findByTestId('batch-title')
    const file = new File(['04A23B1C,Desk\n04A23B1D,Hall\n'], 'gate.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } })
    const add = await screen.findByRole('button', { name: 'Add 2 valid rows to the batch' })
    await waitFor(() => expect(document.activeElement).toBe(add))
    await waitFor(() =>
      expect(announcer.message).toBe(
        'Read gate.csv: 2 ok, 0 repaired, 0 refused, 0 duplicates. Add 2 valid rows to the batch next.'
      )
    )
    await fireEvent.click(add)
    const added = await screen.findByTestId('csv-added')
    await waitFor(() => expect(document.activeElement).toBe(added))
    await waitFor(() => expect(announcer.message).toBe('Added 2 rows.'))
    expect(added).not.toHaveAttribute('role')
  })

  it('a row saved or deleted, a batch deleted: each said in the live region', async () => {
    const start: BatchDetail = { ...summary('reversed'), rows: [row('a', '1C3BA204'), row('b', '1D3BA204')] }
    const s = screenWith(
      {
        'batches.updateRow': () => {
          s.set({ ...start, rows: [{ ...start.rows[0]!, alias: 'Desk' }, start.rows[1]!] })
          return ok({ ...start.rows[0]!, alias: 'Desk' })
        },
        'batches.deleteRow': () => {
          s.set({ ...start, rows: [{ ...start.rows[0]!, alias: 'Desk' }] })
          return ok(summary('reversed'))
        },
        'batches.delete': () => ok(null)
      },
      start
    )
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit row 1' }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Desk' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(announcer.message).toBe('Row 1 saved, will be sent as 1C3BA204.'))
    await fireEvent.click(screen.getByRole('button', { name: 'Delete row 2' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Delete row' }))
    await waitFor(() => expect(announcer.message).toBe('Row 2 deleted.'))
    await fireEvent.click(screen.getByRole('button', { name: 'Delete batch…' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Delete batch' }))
    await waitFor(() => expect(announcer.message).toBe('Batch “Gate” deleted.'))
  })

  it('after Upload the focus is on the result summary, said in the live region (no second one)', async () => {
    screenWith(
      {
        'batches.upload': () => ok({ uploadId: 'u1', sent: 2, imported: 1, failed: 1, unknown: 0 })
      },
      { ...summary('as-read'), rows: [row('a', '04A23B1C'), row('b', '04A23B1D')] }
    )
    await fireEvent.click(await screen.findByRole('button', { name: 'Upload 2 cards to the console' }))
    const result = await screen.findByTestId('upload-result')
    await waitFor(() => expect(document.activeElement).toBe(result))
    await waitFor(() =>
      expect(announcer.message).toBe('Sent 2: 1 imported, 1 failed (each says why on its row: Go to failed row).')
    )
    expect(result).not.toHaveAttribute('role')
    expect(
      document.querySelector('[data-testid="batch-editor"] [aria-live], [data-testid="batch-editor"] [role=status]')
    ).toBeNull()
  })

  it("writes the summary's counts as every count on the screen is written (a walk found 'Sent 8998: 8997 imported')", async () => {
    screenWith(
      {
        'batches.upload': () => ok({ uploadId: 'u1', sent: 8998, imported: 8997, failed: 1, unknown: 1200 })
      },
      { ...summary('as-read'), rows: [row('a', '04A23B1C'), row('b', '04A23B1D')] }
    )
    await fireEvent.click(await screen.findByRole('button', { name: 'Upload 2 cards to the console' }))
    expect(await screen.findByTestId('upload-result')).toHaveTextContent(
      'Sent 8,998: 8,997 imported, 1 failed (each says why on its row: Go to failed row), 1,200 to check.'
    )
  })
})
