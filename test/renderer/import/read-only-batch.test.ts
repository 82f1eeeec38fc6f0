import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { eventBridge, ok } from '../enroll/event-bridge'

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
  'Read-only while Demo console is active: this batch belongs to Site A. Switch to Site A in Settings to change it.'

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
    connection.profiles = [
      { id: 'demo', name: 'Demo console' },
      { id: 'site-a', name: 'Site A' }
    ] as typeof connection.profiles
    connection.activeId = 'demo'
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
  })
})
