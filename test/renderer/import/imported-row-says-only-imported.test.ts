import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import RowsTable from './RowsTableWhole.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

const summary = (counts: BatchSummary['counts']): BatchSummary => ({
  id: 'b1',
  name: 'Lobby',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: counts.imported > 0 ? 'imported' : 'draft',
  console: null,
  counts
})
const typed: BatchRow = {
  id: 'r1',
  nfcId: '04A23B1C',
  alias: 'Desk-01',
  addedAt: '',
  source: 'manual',
  status: 'pending'
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

/**
 * A card typed while some of the console's cards show no NFC ID is said to be maybe one of those (already
 * on the console). Once the upload imported it, that is no longer a question: the row says only that it is
 * imported, with the console's number for it, and nothing on the screen still says it may be there already.
 */
describe('an imported row says only that it is imported', () => {
  it('the note of a typed card that may be on the console goes once the upload imported it', async () => {
    let counts: BatchSummary['counts'] = { total: 0, pending: 0, imported: 0, failed: 0, unknown: 0 }
    let rows: BatchRow[] = []
    const { bridge, emit } = eventBridge({
      'batches.list': () => ok({ batches: [summary(counts)], unreadable: [] }),
      'batches.get': () => ok({ ...summary(counts), rows }),
      'batches.scanInto': () => ok(undefined),
      'batches.capabilities': () => ok({ canUpload: true }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      'batches.addScan': () => {
        counts = { total: 1, pending: 1, imported: 0, failed: 0, unknown: 0 }
        rows = [typed]
        emit('batches.changed', { batchId: 'b1', summary: summary(counts) })
        return ok({ duplicate: false, row: typed, unsure: { shown: 2, without: 3 } })
      },
      'batches.upload': () => {
        counts = { total: 1, pending: 0, imported: 1, failed: 0, unknown: 0 }
        rows = [{ ...typed, status: 'imported', token: 't1', displayId: '100042' }]
        emit('batches.changed', { batchId: 'b1', summary: summary(counts) })
        return ok({ uploadId: 'u1', sent: 1, imported: 1, failed: 0, unknown: 0 })
      }
    })
    setApiForTests(bridge)
    serviceLink.take('connected')
    stops.push(batchesStore.listen())
    render(ImportScreen)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))

    await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID to add' }), { target: { value: '04A23B1C' } })
    await fireEvent.input(screen.getByRole('textbox', { name: 'Alias to add' }), { target: { value: 'Desk-01' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(screen.getByTestId('typed-note')).toHaveTextContent(/it may be one of those/))

    await fireEvent.click(await screen.findByRole('button', { name: 'Upload 1 card to the console' }))
    await waitFor(() => expect(screen.getByTestId('upload-result')).toHaveTextContent('Sent 1: 1 imported.'))
    const row = await waitFor(() => {
      const imported = screen.getAllByTestId('batch-row').find((tr) => tr.dataset['status'] === 'imported')
      expect(imported).toBeDefined()
      return imported!
    })
    expect(within(row).getByTestId('display-id')).toHaveTextContent('as card 100042')
    expect(within(row).queryByTestId('row-reason')).toBeNull()
    // Nothing on the screen says any more that the card may be on the console already.
    expect(screen.queryByTestId('typed-note')).toBeNull()
    expect(screen.getByTestId('batch-editor')).not.toHaveTextContent(/may be one of those|already on the console/)
  })

  it('a reason kept with a row is not shown once the row is imported: it said why the row was not yet there', () => {
    const unsure = {
      key: 'checkedUnsure',
      values: { at: '2026-11-30T10:00:00.000Z', shown: 2, without: 3 }
    } as BatchRow['reasonSaid']
    render(RowsTable, {
      rows: [
        { ...typed, id: 'in', status: 'imported', token: 't1', displayId: '100042', reasonSaid: unsure },
        { ...typed, id: 'out', nfcId: '04A23B1D', alias: 'Desk-02', reasonSaid: unsure }
      ],
      order: 'as-read',
      locked: false,
      onsave: async () => {},
      ondelete: async () => {}
    })
    const [imported, pending] = screen.getAllByTestId('batch-row')
    expect(within(imported!).getByTestId('display-id')).toHaveTextContent('as card 100042')
    expect(within(imported!).queryByTestId('row-reason')).toBeNull()
    expect(imported).not.toHaveTextContent(/already on the console/)
    // A row not imported still says it (Upload sends it, and why it may be there already).
    expect(within(pending!).getByTestId('row-reason')).toHaveTextContent(/already on the console\. Upload sends it\./)
  })
})
