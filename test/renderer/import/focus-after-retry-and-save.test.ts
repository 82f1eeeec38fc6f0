import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import UploadPanel from './UploadPanelWhole.svelte'
import RowsTable from './RowsTableWhole.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { AppError } from '../../../src/shared/errors'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

/** After Import's Try again and a row's Save, the focus is on the result or the next row, never the body. */
afterEach(() => cleanup())

const row = (id: string, alias: string): BatchRow => ({
  id,
  nfcId: `04A1B2C${id}`,
  alias,
  addedAt: '',
  source: 'manual',
  status: 'pending'
})

describe('Import keeps the focus where the person goes on', () => {
  it("a row's Save hands the focus to the next row's Edit (the last row's own Edit)", async () => {
    const saved: string[] = []
    const { rerender } = render(RowsTable, {
      rows: [row('1', 'Desk'), row('2', 'Gate')],
      onsave: async (id: string) => void saved.push(id),
      ondelete: () => undefined
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Edit row 1' }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Front' } })
    const save = screen.getByRole('button', { name: 'Save' })
    save.focus()
    await fireEvent.click(save)
    await waitFor(() => expect(saved).toEqual(['1']))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit row 2' })))

    await rerender({ rows: [row('1', 'Front'), row('2', 'Gate')] })
    await fireEvent.click(screen.getByRole('button', { name: 'Edit row 2' }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Back' } })
    screen.getByRole('button', { name: 'Save' }).focus()
    await fireEvent.keyDown(screen.getByRole('textbox', { name: 'Alias' }), { key: 'Enter' })
    await waitFor(() => expect(saved).toEqual(['1', '2']))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit row 2' })))
  })

  it('Try again on an unreachable console: the answer is said, the focus on the line that says it', async () => {
    const batch: BatchSummary = {
      id: 'b1',
      name: 'Floor 2',
      aliasPattern: null,
      byteOrder: 'as-read',
      nextNumber: 1,
      createdAt: '',
      updatedAt: '',
      state: 'draft',
      console: null,
      counts: { total: 1, pending: 1, imported: 0, failed: 0, unknown: 0 }
    }
    const props = {
      batch,
      rows: [row('1', 'Desk')],
      uploading: false,
      progress: null,
      result: null,
      error: null,
      checking: false,
      checkResult: null,
      checkError: null,
      otherConsole: null,
      activeConsoleName: 'Site A',
      onupload: () => undefined,
      oncheck: () => undefined,
      onexportfailed: () => undefined
    }
    // The console answers now.
    const answered = { rerender: async (): Promise<void> => undefined }
    const { rerender } = render(UploadPanel, {
      ...props,
      reach: { state: 'unreachable', error: new AppError({ kind: 'network', message: 'No answer.' }) },
      ontest: (): Promise<void> => answered.rerender()
    })
    answered.rerender = () => rerender({ ...props, reach: { state: 'ok' } })
    const again = screen.getByRole('button', { name: 'Try again' })
    again.focus()
    await fireEvent.click(again)
    await waitFor(() => expect(announcer.message).toBe('Site A answers.'))
    expect(document.activeElement).toBe(screen.getByTestId('console-reach'))
  })
})

describe("a row's Edit puts the focus in the field the person came to change", () => {
  it('the NFC ID, first in the row; the alias of a row the console refused for its alias', async () => {
    const refused: BatchRow = {
      ...row('2', 'Gate'),
      status: 'failed',
      reason: 'The alias "Gate" is already used on the console: give this card another alias.'
    }
    render(RowsTable, { rows: [row('1', 'Desk'), refused], onsave: async () => undefined, ondelete: () => undefined })
    await fireEvent.click(screen.getByRole('button', { name: 'Edit row 1' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'NFC ID' })))
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Edit row 2' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Alias' })))
  })
})

describe("Import's Try again after the batches could not be read", () => {
  it('puts the focus on the batches read (their heading), not on the page body', async () => {
    let answers = 0
    const { bridge } = eventBridge({
      'batches.list': () =>
        ++answers === 1
          ? { ok: false, error: { kind: 'server', message: 'The batches could not be read.', retryable: true } }
          : ok({ batches: [], unreadable: [] }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
    })
    setApiForTests(bridge)
    render(ImportScreen)
    const again = await screen.findByRole('button', { name: 'Try again' })
    again.focus()
    await fireEvent.click(again)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Batches' })))
  })
})
