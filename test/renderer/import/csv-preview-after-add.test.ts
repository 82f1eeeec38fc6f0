import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'
import { importOnBatchService } from './import-on-batch-service'

/**
 * Right after "Add", the preview says what is true of the file's lines: those this Add put in the batch
 * read "added" (counted apart as added now, no longer ok or repaired — never "nothing to add", which
 * reads as if nothing was added), the lines left out are still refused or duplicates, and Add does not
 * offer the added lines again. A reading that finds lines the batch held before says them "already in
 * the batch". Main's own batch service answers
 * (its batch on disk), so what the batch holds afterwards is read from it.
 */
describe('CSV preview right after Add', () => {
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
  afterEach(() => {
    deskLanguage.choose(null)
  })

  const lineRow = (line: number) =>
    screen.getAllByRole('row').find((tr) => tr.querySelector('td.num')?.textContent === String(line))!

  it('the lines added read "added", the counts say so, and Add is not offered for them', async () => {
    render(ImportScreen)
    await screen.findByTestId('batch-title')
    const text = [
      '04A1B2C3,Desk-1', // ok
      '04:a1:b2:c6,Desk-2', // repaired (separators, lower case)
      '04A1B2CG,Desk-3', // refused
      '04A1B2C3,Desk-4', // duplicate of line 1
      '04A1B2C5,Desk-5' // ok
    ].join('\n')
    const file = new File([text], 'gate.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } })
    const add = await screen.findByRole('button', { name: 'Add 3 valid rows to the batch' })
    expect(screen.getByTestId('csv-counts')).toHaveTextContent('2 ok · 1 repaired · 1 refused · 1 duplicate')

    await fireEvent.click(add)
    await waitFor(() =>
      expect(screen.getByTestId('csv-added')).toHaveTextContent(
        'Added 3 rows; 1 refused line and 1 duplicate line were left out.'
      )
    )

    // The counts: nothing left to add, the three counted as added now.
    const counts = screen.getByTestId('csv-counts')
    expect(counts).toHaveTextContent('0 ok · 0 repaired · 1 refused · 1 duplicate · 3 added now')
    // Each added line says so, with no Fix; the lines left out say why, as before.
    for (const line of [1, 2, 5]) {
      expect(lineRow(line)).toHaveAttribute('data-status', 'added')
      expect(lineRow(line)).toHaveTextContent(/added\s*Added to the batch by this Add/)
      expect(lineRow(line)).not.toHaveTextContent(/nothing to add/)
      expect(within(lineRow(line)).queryByRole('button', { name: /Fix line/ })).toBeNull()
    }
    expect(lineRow(3)).toHaveAttribute('data-status', 'refused')
    expect(lineRow(4)).toHaveAttribute('data-status', 'duplicate')
    expect(lineRow(4)).toHaveTextContent(/Same NFC ID as line 1/)
    // Add does not offer the added lines again.
    expect(screen.queryByRole('button', { name: /^Add \d+ valid rows? to the batch$/ })).toBeNull()
    // "Next problem" steps through the two lines left out only.
    expect(screen.getByTestId('csv-problem-count')).toHaveTextContent('2 problems')

    // The batch holds each added line once, as the lines wrote them (the repaired one normalised).
    const batch = await service.get((await service.list()).batches[0]!.id)
    expect(batch.rows.map((r) => [r.nfcId, r.alias])).toEqual([
      ['04A1B2C3', 'Desk-1'],
      ['04A1B2C6', 'Desk-2'],
      ['04A1B2C5', 'Desk-5']
    ])

    // In the desk's other languages, from the same catalogue.
    deskLanguage.choose('de')
    await waitFor(() =>
      expect(lineRow(1)).toHaveTextContent(/hinzugefügt\s*Mit diesem Hinzufügen in den Stapel aufgenommen/)
    )
    expect(screen.getByTestId('csv-counts')).toHaveTextContent('3 jetzt hinzugefügt')
    deskLanguage.choose('fr')
    await waitFor(() => expect(lineRow(2)).toHaveTextContent(/ajoutée\s*Ajoutée au lot par cet ajout/))
    deskLanguage.choose('es')
    await waitFor(() => expect(lineRow(5)).toHaveTextContent(/añadida\s*Añadida al lote con esta acción/))
    expect(screen.getByTestId('csv-counts')).toHaveTextContent('3 añadidas ahora')
  })

  it('a line fixed after Add: Add names that line only, and after it the preview says all three added', async () => {
    render(ImportScreen)
    await screen.findByTestId('batch-title')
    const file = new File(['04A1B2C3,Desk-1\n04A1B2CG,Desk-2\n04A1B2C5,Desk-3\n'], 'gate.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } })
    await fireEvent.click(await screen.findByRole('button', { name: 'Add 2 valid rows to the batch' }))
    await screen.findByTestId('csv-added')
    expect(screen.getByTestId('csv-counts')).toHaveTextContent('0 ok · 0 repaired · 1 refused')

    await fireEvent.click(within(lineRow(2)).getByRole('button', { name: 'Fix line 2' }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID' }), { target: { value: '04A1B2C4' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Check line' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Add 1 valid row to the batch' }))
    await waitFor(() => expect(screen.getByTestId('csv-added')).toHaveTextContent(/^Added 1 row\.$/))

    for (const line of [1, 2, 3]) expect(lineRow(line)).toHaveAttribute('data-status', 'added')
    expect(screen.getByTestId('csv-counts')).toHaveTextContent(
      '0 ok · 0 repaired · 0 refused · 0 duplicate · 3 already in the batch'
    )
    expect(screen.queryByRole('button', { name: /^Add \d+ valid rows? to the batch$/ })).toBeNull()
    const batch = await service.get((await service.list()).batches[0]!.id)
    expect(batch.rows).toHaveLength(3)
  })
})
