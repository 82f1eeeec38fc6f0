import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import RowsTable from '../../../src/renderer/src/components/import/RowsTable.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from '../import/batch-windows'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

const rows: BatchRow[] = [
  { id: 'r1', nfcId: '04A1B2C3', alias: 'HQ-1', addedAt: '', source: 'scan', status: 'imported', displayId: '100001' },
  {
    id: 'r2',
    nfcId: '04A1B2C4',
    alias: 'HQ-2',
    addedAt: '',
    source: 'scan',
    status: 'failed',
    reason: 'The console refused it.'
  },
  { id: 'r3', nfcId: '04A1B2C5', alias: 'HQ-3', addedAt: '', source: 'scan', status: 'unknown' }
]
const batch: BatchSummary = {
  id: 'b1',
  name: 'Lobby',
  aliasPattern: 'HQ-{n}',
  byteOrder: 'as-read',
  nextNumber: 4,
  createdAt: '',
  updatedAt: '',
  state: 'partly-imported',
  console: null,
  counts: { total: 3, pending: 0, imported: 1, failed: 1, unknown: 1 }
}

/**
 * Import's panels follow the desk's language as the screen does, switched with a batch open, its rows
 * drawn and an ID half typed: the batch list's state and counts, the CSV drop, the rows table, the
 * upload panel and the USB reader change; what was typed stays. Going to a failed row still finds
 * its Edit button once that button's name is German.
 */
describe('Import’s panels in the desk’s language', () => {
  it('switch from English to German with the rows drawn and the typed ID kept', async () => {
    const { bridge } = eventBridge({
      'batches.list': () => ok({ batches: [batch], unreadable: [] }),
      'batches.get': () => ok({ ...batch, rows }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: ['ACR122U'] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
    })
    setApiForTests(bridge)
    render(ImportScreen)
    await waitFor(() => expect(screen.getAllByTestId('batch-row')).toHaveLength(3))
    await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID to add' }), { target: { value: '04A1B2' } })
    expect(screen.getByRole('button', { name: 'Go to failed row' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'USB reader' })).toBeInTheDocument()

    deskLanguage.choose('de')
    expect(await screen.findByRole('heading', { name: 'USB-Leser' }, { timeout: 5000 })).toBeInTheDocument()
    // What the person had on screen is still there.
    expect(screen.getByRole('textbox', { name: 'Hinzuzufügende NFC-ID' })).toHaveValue('04A1B2')
    expect(screen.getAllByTestId('batch-row')).toHaveLength(3)

    // The batch list: its state and counts.
    const list = screen.getByTestId('batch-list')
    expect(list).toHaveTextContent('teilweise importiert')
    expect(list).toHaveTextContent('3 Karten, 1 importiert, 1 fehlgeschlagen, 1 zu prüfen')
    // The CSV drop and the reader.
    expect(screen.getByRole('button', { name: 'CSV öffnen…' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'CSV-Datei' })).toHaveTextContent('Eine Karte pro Zeile')
    expect(screen.getByRole('combobox', { name: 'Leser' })).toHaveDisplayValue('Jeder Leser (1)')
    // The rows table: headers, results, the imported row's card, Edit and Delete by row.
    const table = screen.getByRole('region', { name: 'Karten in diesem Stapel' })
    expect(within(table).getByRole('columnheader', { name: 'Ergebnis' })).toBeInTheDocument()
    expect(within(table).getByText('fehlgeschlagen')).toBeInTheDocument()
    expect(within(table).getByText('zu prüfen')).toBeInTheDocument()
    expect(within(table).getByTestId('display-id')).toHaveTextContent('als Karte 100001')
    expect(within(table).getByRole('button', { name: 'Zeile 2 löschen' })).toBeInTheDocument()
    // The upload panel: Check, Retry, the note on rows to check.
    const upload = screen.getByTestId('upload-panel')
    expect(within(upload).getByRole('button', { name: '1 Zeile mit der Konsole prüfen' })).toBeInTheDocument()
    expect(within(upload).getByRole('button', { name: '1 fehlgeschlagene erneut senden' })).toBeInTheDocument()
    expect(within(upload).getByRole('button', { name: 'Fehlgeschlagene Zeilen exportieren…' })).toBeInTheDocument()
    expect(screen.getByTestId('to-check-note')).toHaveTextContent('1 Zeile ist „zu prüfen“')
    expect(
      screen.queryByText(/USB reader|Open CSV|to check|not imported|Go to failed row|Retry|Export failed|Listen to/)
    ).toBeNull()
  }, 30_000)

  it('go to a failed row by its German Edit button (found by its part, not its English name)', async () => {
    deskLanguage.choose('de')
    const { component } = render(RowsTable, {
      count: rows.length,
      rowAt: (i: number) => rows[i],
      onrange: () => undefined,
      onsave: async () => undefined,
      ondelete: () => undefined
    })
    expect(await screen.findByRole('button', { name: 'Zeile 2 bearbeiten' }, { timeout: 5000 })).toBeInTheDocument()
    const focused = await (component as unknown as { reveal: (i: number) => Promise<HTMLElement | null> }).reveal(1)
    expect(focused).not.toBeNull()
    expect(document.activeElement).toBe(focused)
    expect(document.activeElement).toHaveAccessibleName('Zeile 2 bearbeiten')
  }, 30_000)
})
