import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import RowsTable from '../../../src/renderer/src/components/import/RowsTable.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { BatchRow, BatchSummary, CsvPreview } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from '../import/batch-windows'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
  connection.activeId = null
  connection.profiles = []
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
    expect(within(upload).getByRole('button', { name: '1 fehlgeschlagene Zeile erneut senden' })).toBeInTheDocument()
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

  it('the screen’s own sentences: the locked byte order, a card typed or found already, a CSV read and added, a row saved', async () => {
    const typed: BatchRow = {
      id: 'r4',
      nfcId: '12345678',
      alias: 'HQ-4',
      addedAt: '',
      source: 'manual',
      status: 'pending'
    }
    const answers = [
      { duplicate: true, row: rows[1] },
      { duplicate: false, row: typed }
    ]
    const preview: CsvPreview = {
      rows: [
        { line: 1, nfcId: '04A23B1C', alias: 'Desk', status: 'ok', messages: [] },
        {
          line: 2,
          nfcId: '04A23B1C',
          alias: 'Hall',
          status: 'duplicate',
          messages: ['Same NFC ID as line 1'],
          said: [{ key: 'sameNfcIdAsLine', values: { line: '1' } }]
        }
      ],
      notes: [],
      counts: { ok: 1, repaired: 0, refused: 0, duplicate: 1 }
    }
    const { bridge } = eventBridge({
      'batches.list': () => ok({ batches: [batch], unreadable: [] }),
      'batches.get': () => ok({ ...batch, rows }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: ['ACR122U'] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      'batches.addScan': () => ok(answers.shift()),
      'batches.previewCsv': () => ok(preview),
      'batches.importCsv': () => ok({ added: 1, preview }),
      'batches.updateRow': () => ok({ ...rows[1]!, alias: 'Tor' })
    })
    setApiForTests(bridge)
    render(ImportScreen)
    await waitFor(() => expect(screen.getAllByTestId('batch-row')).toHaveLength(3))
    expect(screen.getByTestId('batch-editor')).toHaveTextContent('2 cards of this batch are on the console')

    deskLanguage.choose('de')
    expect(await screen.findByRole('heading', { name: 'USB-Leser' }, { timeout: 5000 })).toBeInTheDocument()
    // Why the byte order cannot change (2 rows are, or may be, on the console).
    expect(screen.getByTestId('batch-editor')).toHaveTextContent(
      '2 Karten dieses Stapels sind (vielleicht) schon in dieser Bytereihenfolge auf der Konsole'
    )

    // A card the batch holds already, typed with an alias: which row, and where the alias stays.
    const id = screen.getByRole('textbox', { name: 'Hinzuzufügende NFC-ID' })
    await fireEvent.input(id, { target: { value: '04A1B2C4' } })
    await fireEvent.input(screen.getByRole('textbox', { name: 'Hinzuzufügender Alias' }), { target: { value: 'Tor' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }))
    await waitFor(() =>
      expect(screen.getByTestId('typed-note')).toHaveTextContent(
        '04A1B2C4 ist schon in diesem Stapel, in Zeile 2 (HQ-2): nicht noch einmal hinzugefügt. Der Alias „Tor“ wurde nicht verwendet; er steht noch im Alias-Feld: Bearbeiten Sie Zeile 2, um ihr diesen Alias zu geben.'
      )
    )

    // A card added, all digits: said with the decimal reading.
    await fireEvent.input(id, { target: { value: '12345678' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }))
    await waitFor(() =>
      expect(announcer.message).toBe(
        '12345678 als HQ-4 hinzugefügt. Nur Ziffern: als Hex 12345678 gelesen. Ist 12345678 die Dezimalnummer der Karte („Dezimal“ im Leserbereich), lautet ihre NFC-ID 00BC614E: Geben Sie stattdessen diese ein.'
      )
    )

    // A CSV read, then added.
    const file = new File(['04A23B1C,Desk\n04A23B1C,Hall\n'], 'gate.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('Zu importierende CSV-Datei'), { target: { files: [file] } })
    const add = await screen.findByRole('button', { name: '1 gültige Zeile zum Stapel hinzufügen' })
    await waitFor(() =>
      expect(announcer.message).toBe(
        'gate.csv gelesen: 1 in Ordnung, 0 korrigiert, 0 abgelehnt, 1 doppelt. Fügen Sie als Nächstes 1 gültige Zeile zum Stapel hinzu.'
      )
    )
    // Why a line is a duplicate: main's facts, worded in German (never main's English sentence).
    expect(await screen.findByText('Dieselbe NFC-ID wie Zeile 1')).toBeInTheDocument()
    expect(screen.queryByText('Same NFC ID as line 1')).toBeNull()
    await fireEvent.click(add)
    expect(await screen.findByTestId('csv-added')).toHaveTextContent(
      '1 Zeile hinzugefügt; 1 doppelte Zeile wurde ausgelassen.'
    )

    // A row saved.
    await fireEvent.click(screen.getByRole('button', { name: 'Zeile 2 bearbeiten' }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Tor' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Speichern' }))
    await waitFor(() => expect(announcer.message).toBe('Zeile 2 gespeichert.'))
    expect(
      screen.queryByText(/already in this batch|Added|Read gate|left out|saved|cannot change|All digits/)
    ).toBeNull()
  }, 30_000)

  it('a batch of another console says why it is read-only in German', async () => {
    connection.profiles = [
      { id: 'demo', name: 'Demo console' },
      { id: 'site-a', name: 'Site A' }
    ] as typeof connection.profiles
    connection.activeId = 'demo'
    const owned = { ...batch, console: { profileId: 'site-a', name: 'Site A' } }
    const { bridge } = eventBridge({
      'batches.list': () => ok({ batches: [owned], unreadable: [] }),
      'batches.get': () => ok({ ...owned, rows }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
    })
    setApiForTests(bridge)
    deskLanguage.choose('de')
    render(ImportScreen)
    await waitFor(
      () =>
        expect(screen.getByTestId('read-only-note')).toHaveTextContent(
          'Schreibgeschützt, solange Demo-Konsole aktiv ist: Dieser Stapel gehört zu Site A. Wechseln Sie in den Einstellungen zu Site A, um ihn fortzusetzen. Für Demo-Konsole exportieren Sie ihn als CSV und öffnen die Datei in einem neuen Stapel.'
        ),
      { timeout: 5000 }
    )
  }, 30_000)
})
