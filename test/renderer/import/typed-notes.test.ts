import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import CreateBatchForm from '../../../src/renderer/src/components/import/CreateBatchForm.svelte'
import RowsTable from './RowsTableWhole.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

const summary: BatchSummary = {
  id: 'b1',
  name: 'Lobby',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total: 0, pending: 0, imported: 0, failed: 0, unknown: 0 }
}
const added = (nfcId: string): BatchRow => ({
  id: 'r1',
  nfcId,
  alias: '',
  addedAt: '',
  source: 'manual',
  status: 'pending'
})
/** Main's English, the CLI's words: the desk words the counts beside it in its own language. */
const ENGLISH = 'What main said in English.'

/** Type an ID into the open batch; main answers with `answer`. The note shown after it, or null. */
async function typeId(
  typed: string,
  answer: { duplicate: boolean; row: BatchRow; note?: string; unsure?: { shown: number; without: number } }
) {
  const { bridge } = eventBridge({
    'batches.list': () => ok({ batches: [summary], unreadable: [] }),
    'batches.get': () => ok({ ...summary, rows: [] }),
    'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
    'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
    'batches.addScan': () => ok(answer)
  })
  setApiForTests(bridge)
  render(ImportScreen)
  await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
  await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID to add' }), { target: { value: typed } })
  await fireEvent.click(screen.getByRole('button', { name: 'Add' }))
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'NFC ID to add' })).toHaveValue(''))
  return screen.queryByTestId('typed-note')?.textContent ?? null
}

describe('what the screen says of a typed ID', () => {
  it('8 digits (a 4-byte hex UID and a decimal number too): added as hex, the decimal reading named', async () => {
    expect(await typeId('12345678', { duplicate: false, row: added('12345678') })).toBe(
      'All digits: read as hex 12345678. If 12345678 is the card\'s decimal number (the reader panel\'s "Decimal"), its NFC ID is 00BC614E: give that instead.'
    )
  })

  it('digits typed with separators are hex by their form: no decimal note', async () => {
    expect(await typeId('04:11:22:33:44:55:77', { duplicate: false, row: added('04112233445577') })).toBeNull()
  })

  it('the console check\'s counts are said as a person would, with the card added — never "among the console\'s 0 cards"', async () => {
    expect(
      await typeId('04A23B1C', {
        duplicate: false,
        row: added('04A23B1C'),
        note: ENGLISH,
        unsure: { shown: 2, without: 3 }
      })
    ).toBe(
      'The console shows no card with this NFC ID, but 3 of its cards do not show their NFC ID (UA cards): it may be one of those.'
    )
  })

  it('no card of the console shows its NFC ID: said so, without comparing with none', async () => {
    expect(
      await typeId('04A23B1D', {
        duplicate: false,
        row: added('04A23B1D'),
        note: ENGLISH,
        unsure: { shown: 0, without: 1 }
      })
    ).toBe("None of the console's 1 card shows its NFC ID (UA cards): this card may be one of those.")
  })
})

describe('new batch', () => {
  it('the byte order checkbox says it applies to every card, not only tapped ones', () => {
    render(CreateBatchForm, { oncreate: async () => {}, oncancel: () => {} })
    expect(
      screen.getByRole('checkbox', { name: 'Reverse the byte order of every card (tapped, typed or from a CSV)' })
    ).not.toBeChecked()
    expect(screen.queryByText(/of tapped cards/)).toBeNull()
  })
})

describe('the rows table gives the all-digit note by the same rule', () => {
  it('digits written bare get it; digits written with separators (hexByForm) do not', () => {
    render(RowsTable, {
      rows: [
        { ...added('12345678'), id: 'bare' },
        { ...added('04112233445577'), id: 'colons', hexByForm: true }
      ],
      order: 'as-read',
      locked: false,
      onsave: async () => {},
      ondelete: async () => {}
    })
    expect(screen.getAllByTestId('digits-reading').map((el) => el.textContent)).toEqual([
      'All digits: read as hex 12345678. If 12345678 is the card\'s decimal number (the reader panel\'s "Decimal"), its NFC ID is 00BC614E: give that instead.'
    ])
  })
})
