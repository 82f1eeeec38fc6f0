import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

/** A batch uploaded to Site A, opened while "Demo console" is active: every way to change it is off. */
const summary: BatchSummary = {
  id: 'b1',
  name: 'Lobby',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: { profileId: 'site-a', name: 'Site A' },
  counts: { total: 1, pending: 1, imported: 0, failed: 0, unknown: 0 }
}
const row: BatchRow = { id: 'r1', nfcId: '04A23B1C', alias: 'Desk', addedAt: '', source: 'scan', status: 'pending' }
const REASON =
  'Read-only while Demo console is active: this batch belongs to Site A. Switch to Site A in Settings to continue it. ' +
  'For Demo console, export it as CSV and open that file in a new batch.'

/** Demo console active, Site A (the batch's console) saved beside it. */
function demoConsoleActive() {
  connection.profiles = [
    { id: 'demo', name: 'Demo console' },
    { id: 'site-a', name: 'Site A' }
  ] as typeof connection.profiles
  connection.activeId = 'demo'
}

afterEach(() => {
  connection.activeId = null
  connection.profiles = []
})

describe('a batch of another console', () => {
  it('takes no change from the screen: Add, Enter in the NFC ID field, Open CSV…, Edit and Delete are off, with the reason', async () => {
    const calls: string[] = []
    const { bridge } = eventBridge({
      'batches.list': () => ok({ batches: [summary], unreadable: [] }),
      'batches.get': () => ok({ ...summary, rows: [row] }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      'batches.addScan': () => {
        calls.push('addScan')
        return ok({ duplicate: false, row: { ...row, id: 'r2', nfcId: '0A0B0C0D' } })
      }
    })
    setApiForTests(bridge)
    demoConsoleActive()
    render(ImportScreen)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit row 1' })).toBeDisabled())

    // Enter in the NFC ID field adds nothing.
    const id = screen.getByRole('textbox', { name: 'NFC ID to add' })
    await fireEvent.input(id, { target: { value: '0A0B0C0D' } })
    await fireEvent.submit(screen.getByRole('form', { name: 'Add a card by its NFC ID' }))
    await new Promise((r) => setTimeout(r, 0))
    expect(calls).toEqual([])

    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    expect(add).toHaveAccessibleDescription(REASON)
    const openCsv = screen.getByRole('button', { name: 'Open CSV…' })
    expect(openCsv).toBeDisabled()
    expect(openCsv).toHaveAccessibleDescription(REASON)
    expect(screen.getByRole('button', { name: 'Delete row 1' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Edit row 1' })).toHaveAccessibleDescription(REASON)
    // Main refuses a tap into it too: the reader panel does not say taps go there (issue 31).
    expect(screen.getByTestId('taps-to').textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Taps are not kept: “Lobby” belongs to Site A and takes no taps while Demo console is active. ' +
        'Open or create a batch for Demo console to keep them.'
    )
  })
})

describe('a batch of another console, a file brought to it', () => {
  function openReadOnly(calls: string[]) {
    const { bridge } = eventBridge(
      new Proxy(
        {
          'batches.list': () => ok({ batches: [summary], unreadable: [] }),
          'batches.get': () => ok({ ...summary, rows: [row] }),
          'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
          'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
        } as Record<string, () => unknown>,
        {
          get: (known, name: string) =>
            known[name] ??
            (() => {
              calls.push(name)
              return ok({})
            })
        }
      ) as never
    )
    setApiForTests(bridge)
    demoConsoleActive()
    render(ImportScreen)
  }
  const csv = () => new File(['04A23B1D,One\n04A23B1E,Two\n'], 'cards.csv', { type: 'text/csv' })

  it('refuses a dropped file at once with the reason: no preview, nothing to add', async () => {
    const calls: string[] = []
    openReadOnly(calls)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
    await fireEvent.drop(screen.getByRole('group', { name: 'CSV file' }), { dataTransfer: { files: [csv()] } })
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.getByTestId('drop-refused')).toHaveTextContent(`“cards.csv” was not read. ${REASON}`)
    expect(screen.queryByTestId('csv-panel')).toBeNull()
    expect(screen.queryByRole('button', { name: /to the batch/ })).toBeNull()
    expect(calls.filter((c) => c.startsWith('batches.'))).toEqual([])
  })

  it('refuses a file dropped anywhere else on the screen the same way', async () => {
    const calls: string[] = []
    openReadOnly(calls)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
    await fireEvent.drop(window, { dataTransfer: { files: [csv()] } })
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.getByTestId('drop-refused')).toHaveTextContent(`“cards.csv” was not read. ${REASON}`)
    expect(screen.queryByTestId('csv-panel')).toBeNull()
    expect(screen.queryByRole('button', { name: /to the batch/ })).toBeNull()
  })

  it('refuses a file given to the hidden file input the same way', async () => {
    const calls: string[] = []
    openReadOnly(calls)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
    const input = screen.getByLabelText('CSV file to import') as HTMLInputElement
    expect(input).toBeDisabled()
    Object.defineProperty(input, 'files', { value: [csv()], configurable: true })
    await fireEvent.change(input)
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.getByTestId('drop-refused')).toHaveTextContent('“cards.csv” was not read.')
    expect(screen.queryByTestId('csv-panel')).toBeNull()
  })

  it('says the reason once, every control pointing at it, and the NFC ID field is off too', async () => {
    openReadOnly([])
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit row 1' })).toBeDisabled())
    expect(screen.getAllByText((_, el) => el?.children.length === 0 && el.textContent === REASON)).toHaveLength(1)
    expect(screen.getByRole('textbox', { name: 'NFC ID to add' })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'NFC ID to add' })).toHaveAccessibleDescription(REASON)
    for (const name of ['Add', 'Open CSV…', 'Edit row 1', 'Delete row 1'])
      expect(screen.getByRole('button', { name })).toHaveAccessibleDescription(REASON)
    for (const radio of screen.queryAllByRole('radio')) expect(radio).toHaveAccessibleDescription(REASON)
  })
})
