import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'
import { importOnBatchService } from './import-on-batch-service'

/**
 * A refused line fixed after "Add": the lines already added from this file are said as they are —
 * already in the batch, added from this file — never as duplicates or refusals, and Add names only
 * the corrected line. Main's own batch service answers (its batch on disk), so what the batch holds
 * afterwards is read from it.
 */
describe('CSV preview: a line fixed after Add', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService

  beforeAll(async () => {
    data = await tempDir()
  })
  afterAll(async () => {
    await data?.remove()
  })
  beforeEach(async () => {
    service = await importOnBatchService(data.path)
  })

  const lineRow = (line: number) =>
    screen.getAllByRole('row').find((tr) => tr.querySelector('td.num')?.textContent === String(line))!

  it('the lines added are "already in the batch (added from this file)"; Add names the corrected line only', async () => {
    render(ImportScreen)
    await screen.findByTestId('batch-title')
    const file = new File(['04A1B2C3,Desk-1\n04A1B2CG,Desk-2\n04A1B2C5,Desk-3\n'], 'gate.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } })
    await fireEvent.click(await screen.findByRole('button', { name: 'Add 2 valid rows to the batch' }))
    await screen.findByTestId('csv-added')

    await fireEvent.click(within(lineRow(2)).getByRole('button', { name: 'Fix line 2' }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID' }), { target: { value: '04A1B2C4' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Check line' }))
    await waitFor(() => expect(announcer.message).toBe('Line 2 checked again: ok.'))

    for (const line of [1, 3]) {
      expect(lineRow(line)).toHaveAttribute('data-status', 'added')
      expect(lineRow(line)).toHaveTextContent(
        /already in the batch\s*Same NFC ID and alias as in the batch: nothing to add/
      )
      expect(lineRow(line)).not.toHaveTextContent(/duplicate|refused/i)
      expect(within(lineRow(line)).queryByRole('button', { name: /Fix line/ })).toBeNull()
    }
    const counts = screen.getByTestId('csv-counts')
    expect(counts).toHaveTextContent('1 ok')
    expect(counts).toHaveTextContent('0 duplicate')
    expect(counts).toHaveTextContent('2 already in the batch')

    await fireEvent.click(screen.getByRole('button', { name: 'Add 1 valid row to the batch' }))
    await waitFor(() => expect(screen.getByTestId('csv-added')).toHaveTextContent(/^Added 1 row\.$/))
    // Said as they are after the second Add: the line just added is in the batch too, like the others.
    for (const line of [1, 2, 3]) expect(lineRow(line)).toHaveAttribute('data-status', 'added')

    const batch = await service.get((await service.list()).batches[0]!.id)
    expect(batch.rows.map((r) => [r.nfcId, r.alias])).toEqual([
      ['04A1B2C3', 'Desk-1'],
      ['04A1B2C5', 'Desk-3'],
      ['04A1B2C4', 'Desk-2']
    ])
  })
})
