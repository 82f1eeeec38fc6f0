import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

/**
 * A row's Save on the Import screen, as the installer's guide says: the keyboard goes on to the next row
 * (its Edit), and the save is said once. A row fixed after an upload, whose following rows were imported
 * (nothing left to edit after it), hands the focus on to what sends it: Retry.
 */
afterEach(() => cleanup())

const batch = (rows: BatchRow[]): BatchSummary & { rows: BatchRow[] } => ({
  id: 'b1',
  name: 'Floor 2',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 4,
  createdAt: '',
  updatedAt: '',
  state: rows.some((r) => r.status === 'imported') ? 'partly-imported' : 'draft',
  console: null,
  counts: {
    total: rows.length,
    pending: rows.filter((r) => r.status === 'pending').length,
    imported: rows.filter((r) => r.status === 'imported').length,
    failed: rows.filter((r) => r.status === 'failed').length,
    unknown: 0
  },
  rows
})
const row = (n: number, status: BatchRow['status'], more: Partial<BatchRow> = {}): BatchRow => ({
  id: `r${n}`,
  nfcId: `04A1B2C3D4E5F${n}`,
  alias: `Floor2-00${n}`,
  addedAt: '',
  source: 'manual',
  status,
  ...more
})

function screenWith(initial: BatchRow[]) {
  let rows = initial
  const { bridge, calls } = eventBridge({
    'batches.list': () => ok({ batches: [batch(rows)], unreadable: [] }),
    'batches.get': () => ok(batch(rows)),
    'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
    'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
    'batches.updateRow': (input) => {
      const { rowId, alias } = input as { rowId: string; alias?: string }
      rows = rows.map((r) =>
        r.id === rowId
          ? {
              ...r,
              ...(alias !== undefined ? { alias } : {}),
              status: 'pending',
              retry: r.status === 'failed' || undefined
            }
          : r
      )
      return ok({})
    }
  })
  setApiForTests(bridge)
  render(ActionAnnouncer)
  render(ImportScreen)
  return { calls }
}

async function saveAlias(n: number, alias: string) {
  await fireEvent.click(await screen.findByRole('button', { name: `Edit row ${n}` }))
  const field = screen.getByRole('textbox', { name: 'Alias' })
  await fireEvent.input(field, { target: { value: alias } })
  const save = screen.getByRole('button', { name: 'Save' })
  save.focus()
  await fireEvent.click(save)
}

describe("Import: a row's Save moves the keyboard on", () => {
  it('to the next row: Edit row 3 after row 2 is saved, and the save is said', async () => {
    const { calls } = screenWith([row(1, 'pending'), row(2, 'pending'), row(3, 'pending')])
    await saveAlias(2, 'Front')
    await waitFor(() => expect(calls.filter(([c]) => c === 'batches.updateRow')).toHaveLength(1))
    await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent('Row 2 saved'))
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Edit row 3'))
  })

  it('a failed row fixed, the rows after it imported: on to Retry, never back on its own Edit', async () => {
    screenWith([
      row(1, 'imported', { displayId: '100001' }),
      row(2, 'failed', {
        reason: 'The alias "Floor2-002" is already used on the console: give this card another alias.'
      }),
      row(3, 'imported', { displayId: '100003' })
    ])
    await saveAlias(2, 'Floor2-spare')
    await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent('Row 2 saved'))
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^Retry/))
  })
})
