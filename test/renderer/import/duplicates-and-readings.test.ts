import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import ReaderPanel from '../../../src/renderer/src/components/import/ReaderPanel.svelte'
import ByteOrderChoice from '../../../src/renderer/src/components/import/ByteOrderChoice.svelte'
import RowsTable from './RowsTableWhole.svelte'
import CsvPreviewTable from './CsvPreviewWhole.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { BatchRow, BatchSummary, CsvPreview } from '../../../src/shared/batches/schemas'
import type { ReaderCard } from '../../../src/shared/reader/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'

const summary: BatchSummary = {
  id: 'b1',
  name: 'Lobby',
  aliasPattern: 'L-{n}',
  byteOrder: 'reversed',
  nextNumber: 2,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total: 1, pending: 1, imported: 0, failed: 0, unknown: 0 }
}
/** 04A23B1C, tapped (while the batch was as read, or since): the reversed batch sends it as 1C3BA204. */
const held: BatchRow = {
  id: 'r1',
  nfcId: '1C3BA204',
  alias: 'L-1',
  addedAt: '',
  source: 'scan',
  status: 'pending'
}
const card: ReaderCard = {
  reader: 'Virtual PCD 00 00',
  uid: '04A23B1C',
  atr: '3B00',
  standard: 'TAG_ISO_14443_3',
  formats: { hex: '04A23B1C', reversed: '1C3BA204', decimal: '77740828' },
  randomUid: false,
  at: 1
}
const text = (el: HTMLElement) => el.textContent!.replace(/\s+/g, ' ').trim()
const ALL_DIGITS_NOTE =
  'All digits: read as hex 77740828. If 77740828 is the card\'s decimal number (the reader panel\'s "Decimal"), its NFC ID is 04A23B1C: give that instead.'

describe('the screen says a card is a duplicate, in either byte order', () => {
  it('a tap of a card the batch holds in the other order: "already in the batch as …" (as entered) with its alias', () => {
    // An as-read batch holding the card typed as 1C3BA204 (sent as typed).
    render(ReaderPanel, {
      order: 'as-read',
      status: { state: 'ready', message: 'Ready', readers: [] },
      error: null,
      taps: [{ key: 'k1', card, outcome: { kind: 'duplicate', alias: 'L-1', nfcId: '1C3BA204' } }],
      present: null,
      onselect: () => {},
      onretry: () => {}
    })
    expect(text(screen.getByTestId('tap-duplicate'))).toBe('already in the batch as 1C3BA204 (L-1)')
  })

  it('a tap of a card the batch holds as tapped, in a reversed batch: already in the batch, not "as" its sent form', () => {
    // The reversed batch sends the row entered as 04A23B1C as 1C3BA204: main answers with that.
    render(ReaderPanel, {
      order: 'reversed',
      status: { state: 'ready', message: 'Ready', readers: [] },
      error: null,
      taps: [{ key: 'k1', card, outcome: { kind: 'duplicate', alias: 'L-1', nfcId: '1C3BA204' } }],
      present: null,
      onselect: () => {},
      onretry: () => {}
    })
    expect(text(screen.getByTestId('tap-duplicate'))).toBe('already in the batch (L-1)')
  })

  it('a typed duplicate names the row that holds it, and the alias typed with it stays in its field, said so', async () => {
    const { bridge, calls } = eventBridge({
      'batches.list': () => ok({ batches: [summary], unreadable: [] }),
      'batches.get': () => ok({ ...summary, rows: [held] }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      'batches.addScan': () => ok({ duplicate: true, row: held })
    })
    setApiForTests(bridge)
    render(ImportScreen)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
    const id = screen.getByRole('textbox', { name: 'NFC ID to add' })
    const alias = screen.getByRole('textbox', { name: 'Alias to add' })
    await fireEvent.input(id, { target: { value: '04A23B1C' } })
    await fireEvent.input(alias, { target: { value: 'Desk' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    // The row was entered as 04A23B1C (sent as 1C3BA204 in this reversed batch): the same ID again.
    const note =
      '04A23B1C is already in this batch on row 1 (L-1): not added again. The alias "Desk" was not used; it is still in the alias field: edit row 1 to give it this alias.'
    await screen.findByText(note)
    // Said in the app's one live region; the line on screen is no live region of its own.
    await waitFor(() => expect(announcer.message).toBe(note))
    expect(screen.getByTestId('typed-note')).not.toHaveAttribute('role')
    expect(id).toHaveValue('')
    expect(alias).toHaveValue('Desk')
    expect(calls.filter(([c]) => c === 'batches.addScan').map(([, i]) => i)).toEqual([
      { batchId: 'b1', uid: '04A23B1C', source: 'typed', alias: 'Desk' }
    ])
  })
})

describe('the byte order applies to every row', () => {
  it('once rows are on the console the choice is disabled and says why', () => {
    render(ByteOrderChoice, {
      order: 'reversed',
      sampleHex: null,
      locked: '2 cards of this batch are on the console…',
      onchange: () => {}
    })
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled()
    expect(screen.getByTestId('byte-order-locked')).toHaveTextContent('2 cards of this batch are on the console…')
    expect(text(screen.getByTestId('byte-order-preview'))).toMatch(/Every row of the batch is sent in this order/)
  })

  it('a switch main refuses leaves the batch’s order checked', async () => {
    render(ByteOrderChoice, { order: 'as-read', sampleHex: null, onchange: async () => {} })
    const reversed = screen.getByRole('radio', { name: 'Reversed' })
    await fireEvent.click(reversed)
    await waitFor(() => expect(screen.getByRole('radio', { name: 'As read' })).toBeChecked())
    expect(reversed).not.toBeChecked()
  })
})

describe('an all-digit NFC ID says how it was read', () => {
  it('on a typed or CSV row of the batch (never on a tapped one)', () => {
    const row = (id: string, source: BatchRow['source'], nfcId: string): BatchRow => ({
      ...held,
      id,
      source,
      nfcId
    })
    render(RowsTable, {
      rows: [row('a', 'manual', '77740828'), row('b', 'csv', '77740828'), row('c', 'scan', '77740828')],
      onsave: async () => {},
      ondelete: () => {}
    })
    expect(screen.getAllByTestId('digits-reading').map(text)).toEqual([ALL_DIGITS_NOTE, ALL_DIGITS_NOTE])
  })

  it('on a CSV preview line: flagged "read as hex" with the other reading, and counted', () => {
    const preview: CsvPreview = {
      rows: [
        { line: 1, nfcId: '77740828', alias: 'Desk', status: 'ok', messages: [], reading: ALL_DIGITS_NOTE },
        { line: 2, nfcId: '04A23B1C', alias: 'Hall', status: 'ok', messages: [] }
      ],
      notes: [],
      counts: { ok: 2, repaired: 0, refused: 0, duplicate: 0 }
    }
    render(CsvPreviewTable, { preview })
    expect(text(screen.getByTestId('csv-read-as-hex'))).toBe('1 all-digit ID read as hex: check')
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((line) => within(line).getAllByRole('cell').map(text))
    expect(cells).toEqual([
      ['1', '77740828', 'Desk', 'ok, read as hex', ALL_DIGITS_NOTE],
      ['2', '04A23B1C', 'Hall', 'ok', '']
    ])
  })
})
