import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import type { BatchDetail } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

/**
 * A refused line of the CSV preview is corrected in the preview, or left out, and the rest added:
 * nothing is lost, and the corrected value is what main is asked to add. Main's own validator reads
 * the file each time (batches.previewCsv / importCsv answered by validateCsv), so the line is checked
 * by main's rules, duplicates included.
 */
const batch: BatchDetail = {
  id: 'b1',
  name: 'Gate',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total: 0, pending: 0, imported: 0, failed: 0, unknown: 0 },
  rows: []
}

// The store is the app's one: the file a test opened goes with it.
beforeEach(() => batchesStore.closeCsv())

function importScreen() {
  const added: string[] = []
  const { bridge } = eventBridge({
    'batches.list': () => ok({ batches: [batch], unreadable: [] }),
    'batches.get': () => ok(batch),
    'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
    'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
    'batches.previewCsv': (input) => ok(validateCsv((input as { text: string }).text)),
    'batches.importCsv': (input) => {
      const { text } = input as { text: string }
      added.push(text)
      const preview = validateCsv(text)
      return ok({ added: preview.counts.ok + preview.counts.repaired, preview })
    }
  })
  setApiForTests(bridge)
  render(ImportScreen)
  return { added }
}

async function openFile(content: string) {
  await screen.findByTestId('batch-title')
  const file = new File([content], 'gate.csv', { type: 'text/csv' })
  await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } })
  await screen.findByRole('button', { name: /valid rows? to the batch/ })
}

const lineRow = (line: number) =>
  screen.getAllByRole('row').find((tr) => tr.querySelector('td.num')?.textContent === String(line))!

// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('CSV preview: a refused line corrected or left out', () => {
  it('a bad NFC ID typed again is checked at once, the focus on its line; the corrected value is what is added', async () => {
    const { added } = importScreen()
    await openFile('04A1B2C3,Desk-1\n04A1B2CG,Desk-2\r\n04A1B2C5,Desk-3\n')
    expect(lineRow(2)).toHaveAttribute('data-status', 'refused')
    screen.getByRole('button', { name: 'Add 2 valid rows to the batch' })

    await fireEvent.click(within(lineRow(2)).getByRole('button', { name: 'Fix line 2' }))
    const form = screen.getByTestId('csv-line-fix')
    const nfcId = within(form).getByRole('textbox', { name: 'NFC ID' })
    await waitFor(() => expect(document.activeElement).toBe(nfcId))
    expect(within(form).getByTestId('csv-line-written')).toHaveTextContent('04A1B2CG,Desk-2')
    expect(nfcId).toHaveValue('04A1B2CG')
    expect(within(form).getByRole('textbox', { name: 'Alias (optional)' })).toHaveValue('Desk-2')

    // Corrected to the ID of line 1: main's rules find the duplicate, and the form stays for another try.
    await fireEvent.input(nfcId, { target: { value: '04A1B2C3' } })
    await fireEvent.click(within(form).getByRole('button', { name: 'Check line' }))
    await waitFor(() => expect(announcer.message).toBe('Line 2 checked again: duplicate — Same NFC ID as line 1'))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'NFC ID' })))
    expect(lineRow(2)).toHaveAttribute('data-status', 'duplicate')

    await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID' }), { target: { value: '04a1b2c4' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Check line' }))
    await waitFor(() => expect(announcer.message).toMatch(/^Line 2 checked again: repaired — /))
    expect(screen.queryByTestId('csv-line-fix')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(lineRow(2)))
    expect(lineRow(2)).toHaveAttribute('data-status', 'repaired')
    expect(within(lineRow(2)).getByText('04A1B2C4')).toBeInTheDocument()

    await fireEvent.click(screen.getByRole('button', { name: 'Add 3 valid rows to the batch' }))
    await screen.findByTestId('csv-added')
    // The other lines exactly as in the file (their line breaks too), line 2 as corrected.
    expect(added).toEqual(['04A1B2C3,Desk-1\n04a1b2c4,Desk-2\r\n04A1B2C5,Desk-3\n'])
  })

  it('a line left out is not added, every other line keeps its number; an empty ID is refused with what to do', async () => {
    const { added } = importScreen()
    await openFile('04A1B2C3,Desk-1\n4.21E+13,Desk-2\n04A1B2C5,"Desk, 3"\n')
    await fireEvent.click(within(lineRow(2)).getByRole('button', { name: 'Fix line 2' }))
    const nfcId = screen.getByRole('textbox', { name: 'NFC ID' })
    await fireEvent.input(nfcId, { target: { value: ' ' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Check line' }))
    expect(screen.getByText("Type the card's NFC ID (for example 04A1B2C3), or leave the line out.")).toBeVisible()
    expect(document.activeElement).toBe(nfcId)
    expect(nfcId).toHaveAttribute('aria-invalid', 'true')

    await fireEvent.click(screen.getByRole('button', { name: 'Leave line out' }))
    await waitFor(() => expect(announcer.message).toBe('Line 2 left out: it will not be added.'))
    await waitFor(() => expect(document.activeElement).toBe(lineRow(3)))
    expect(screen.getAllByRole('row').map((tr) => tr.querySelector('td.num')?.textContent ?? null)).toEqual([
      null,
      '1',
      '3'
    ])
    await fireEvent.click(screen.getByRole('button', { name: 'Add 2 valid rows to the batch' }))
    await screen.findByTestId('csv-added')
    expect(added).toEqual(['04A1B2C3,Desk-1\n\n04A1B2C5,"Desk, 3"\n'])
  })

  it('a record over several lines (a quoted alias with a line break) is fixed whole; the lines after it keep their numbers', async () => {
    const { added } = importScreen()
    await openFile('04A1B2C3,Desk-1\n04A1B2C4,"Lobby\nspare"\n04A1B2C5,Desk-3\n')
    expect(lineRow(2)).toHaveAttribute('data-status', 'refused')
    await fireEvent.click(within(lineRow(2)).getByRole('button', { name: 'Fix line 2' }))
    const form = screen.getByTestId('csv-line-fix')
    // The record as written, all its lines; its alias offered on one line (a field holds no line break).
    expect(within(form).getByTestId('csv-line-written').textContent).toBe('04A1B2C4,"Lobby\nspare"')
    expect(within(form).getByRole('textbox', { name: 'Alias (optional)' })).toHaveValue('Lobby spare')
    await fireEvent.click(within(form).getByRole('button', { name: 'Check line' }))
    await waitFor(() => expect(announcer.message).toBe('Line 2 checked again: ok.'))
    expect(screen.getAllByRole('row').map((tr) => tr.querySelector('td.num')?.textContent ?? null)).toEqual([
      null,
      '1',
      '2',
      '4'
    ])
    expect(lineRow(2)).toHaveAttribute('data-status', 'ok')
    expect(lineRow(4)).toHaveAttribute('data-status', 'ok')
    await fireEvent.click(screen.getByRole('button', { name: 'Add 3 valid rows to the batch' }))
    await screen.findByTestId('csv-added')
    expect(added).toEqual(['04A1B2C3,Desk-1\n04A1B2C4,Lobby spare\n\n04A1B2C5,Desk-3\n'])
  })
})
