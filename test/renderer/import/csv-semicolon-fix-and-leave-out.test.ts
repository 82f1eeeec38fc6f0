import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'
import { importOnBatchService } from './import-on-batch-service'

/**
 * A French Excel CSV (`;`, a header with a column of its own, CRLF) with a line fixed and a line left
 * out on screen, then added and read again against the batch: the fixed line is written with the
 * file's `;` and reads as typed (its comma kept), the record left out (a quoted alias over two lines)
 * is gone whole, and at each reading the counts are those of the lines shown and the line left out
 * (counted apart), and Add adds the lines shown.
 * Main's own batch service answers, so what the batch holds afterwards is read from it.
 */
describe('CSV preview of a ";" file: a line fixed, a line left out, read again', () => {
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
    screen.getAllByRole('row').find((tr) => tr.querySelector('td.num')?.textContent === String(line))
  /** The lines the table shows, by status: what the counts must say. */
  const shown = () => {
    const by: Record<string, number[]> = {}
    for (const tr of screen.getAllByRole('row')) {
      const status = tr.getAttribute('data-status')
      if (status) (by[status] ??= []).push(Number(tr.querySelector('td.num')!.textContent))
    }
    return by
  }
  const counts = () => screen.getByTestId('csv-counts').textContent!.replace(/\s+/g, ' ').trim()

  const file = [
    'Numéro NFC;Libellé;Remarque',
    '04FE0001;Clé 1;à rendre',
    '04FE0002;"Clé',
    '2";à rendre',
    '04FE0003;Clé 1;',
    '04FEZZ;Clé 5;',
    '04FE0006;Clé 6;'
  ].join('\r\n')

  it('the counts are the lines shown at every reading, and Add adds the lines as fixed', async () => {
    render(ImportScreen)
    await screen.findByTestId('batch-title')
    const csv = new File([file + '\r\n'], 'badges.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [csv] } })
    await screen.findByRole('button', { name: 'Add 2 valid rows to the batch' })
    expect(shown()).toEqual({ ok: [2, 7], refused: [3, 6], duplicate: [5] })
    expect(counts()).toBe('2 ok · 0 repaired · 2 refused · 1 duplicate')

    await fireEvent.click(within(lineRow(6)!).getByRole('button', { name: 'Fix line 6' }))
    const form = screen.getByTestId('csv-line-fix')
    await fireEvent.input(within(form).getByRole('textbox', { name: 'NFC ID' }), { target: { value: '04FE0005' } })
    await fireEvent.input(within(form).getByRole('textbox', { name: 'Alias (optional)' }), {
      target: { value: 'Salle 2, étage' }
    })
    await fireEvent.click(within(form).getByRole('button', { name: 'Check line' }))
    await waitFor(() => expect(announcer.message).toBe('Line 6 checked again: ok.'))
    expect(lineRow(6)).toHaveTextContent('Salle 2, étage')

    await fireEvent.click(within(lineRow(3)!).getByRole('button', { name: 'Fix line 3' }))
    await fireEvent.click(within(screen.getByTestId('csv-line-fix')).getByRole('button', { name: 'Leave line out' }))
    await waitFor(() => expect(announcer.message).toBe('Line 3 left out: it will not be added.'))
    await waitFor(() => expect(lineRow(3)).toBeUndefined())
    expect(lineRow(4)).toBeUndefined()
    expect(shown()).toEqual({ ok: [2, 6, 7], duplicate: [5] })
    // The line left out is still counted: the counts add up to the file's five lines.
    expect(counts()).toBe('3 ok · 0 repaired · 0 refused · 1 duplicate · 1 left out by you')

    await fireEvent.click(screen.getByRole('button', { name: 'Add 3 valid rows to the batch' }))
    await waitFor(() =>
      expect(screen.getByTestId('csv-added')).toHaveTextContent(
        'Added 3 rows; 1 duplicate line was left out. 1 line left out by you was not added.'
      )
    )
    // Read again against the batch the add left: the same lines, the added ones said as in the batch.
    await waitFor(() => expect(shown()).toEqual({ added: [2, 6, 7], duplicate: [5] }))
    expect(counts()).toMatch(/^0 ok · 0 repaired · 0 refused · 1 duplicate · 3 .* · 1 left out by you$/)

    const batch = await service.get((await service.list()).batches[0]!.id)
    expect(batch.rows.map((r) => [r.nfcId, r.alias])).toEqual([
      ['04FE0001', 'Clé 1'],
      ['04FE0005', 'Salle 2, étage'],
      ['04FE0006', 'Clé 6']
    ])
  })
})
