import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { batchHandlers } from '../../../src/main/handlers/batches'
import { createDispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { channels, type ChannelName } from '../../../src/shared/ipc/contract'
import type { AppServices } from '../../../src/main/services/app-services'
import { tempDir } from '../../support/temp'
import { eventBridge, ok } from '../enroll/event-bridge'

/**
 * A file added, then main restarted (a new batch service on the same data folder: it holds nothing of
 * the old one's memory, only the batch's journal). The open preview is read again, and its lines added
 * are still said as already in the batch — never "duplicate" with a Fix button beside "Added N rows" —
 * because the rule reads the batch (same NFC ID, same alias), not what the old main remembered.
 */
describe('CSV preview: the lines added stay "already in the batch" after a restart of main', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService
  let dir: string

  beforeAll(async () => {
    data = await tempDir()
    dir = `${data.path}/batches`
    service = new BatchService({ dir })
    await service.create({ name: 'Gate' })
    // Each call goes to the service of the moment: a restart swaps it.
    const main = Object.fromEntries(
      (Object.keys(channels) as ChannelName[])
        .filter((name) => name.startsWith('batches.'))
        .map((name) => [
          name,
          (input: unknown) =>
            createDispatch(batchHandlers({ batches: service } as unknown as AppServices) as unknown as Handlers)(
              name,
              input
            )
        ])
    )
    const { bridge } = eventBridge({
      ...main,
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
    })
    setApiForTests(bridge)
  })
  afterAll(async () => {
    batchesStore.closeCsv()
    await data?.remove()
  })

  const lineRow = (line: number) =>
    screen.getAllByRole('row').find((tr) => tr.querySelector('td.num')?.textContent === String(line))!

  it('read again after the restart, and after a line fixed since: added, 0 duplicates, each card once in the batch', async () => {
    render(ImportScreen)
    await screen.findByTestId('batch-title')
    const file = new File(['04A1B2C3,Desk-1\n04A1B2CG,Desk-2\n04A1B2C5,Desk-3\n'], 'gate.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } })
    await fireEvent.click(await screen.findByRole('button', { name: 'Add 2 valid rows to the batch' }))
    await screen.findByTestId('csv-added')

    // Main restarts: a new service on the same folder; the screen re-establishes what it shows.
    service = new BatchService({ dir })
    await batchesStore.reestablish()
    await waitFor(() => expect(lineRow(1)).toHaveAttribute('data-status', 'added'))
    for (const line of [1, 3]) {
      expect(lineRow(line)).toHaveAttribute('data-status', 'added')
      expect(within(lineRow(line)).queryByRole('button', { name: /Fix line/ })).toBeNull()
    }
    expect(screen.getByTestId('csv-counts')).toHaveTextContent('0 duplicate')

    // A line fixed after the restart: the preview is read by the new main, the rule holds.
    await fireEvent.click(within(lineRow(2)).getByRole('button', { name: 'Fix line 2' }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID' }), { target: { value: '04A1B2C4' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Check line' }))
    await waitFor(() => expect(lineRow(2)).toHaveAttribute('data-status', 'ok'))
    for (const line of [1, 3]) expect(lineRow(line)).toHaveAttribute('data-status', 'added')
    const counts = screen.getByTestId('csv-counts')
    expect(counts).toHaveTextContent('0 duplicate')
    expect(counts).toHaveTextContent('2 already in the batch')

    await fireEvent.click(screen.getByRole('button', { name: 'Add 1 valid row to the batch' }))
    await waitFor(() => expect(screen.getByTestId('csv-added')).toHaveTextContent(/^Added 1 row\.$/))
    const batch = await service.get((await service.list()).batches[0]!.id)
    expect(batch.rows.map((r) => [r.nfcId, r.alias])).toEqual([
      ['04A1B2C3', 'Desk-1'],
      ['04A1B2C5', 'Desk-3'],
      ['04A1B2C4', 'Desk-2']
    ])
  })
})
