import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'
import { importOnBatchService } from './import-on-batch-service'

/**
 * A line the person leaves out of a CSV preview stays counted ("left out by you", so the counts add
 * up to the file's lines), is listed as the file wrote it, and can be put back: the file is read
 * again with it where it was, the focus goes to it in the table, and it is said once. Add says how
 * many lines were left out by the person, and never adds them. Main's own batch service answers, so
 * what the batch holds afterwards is read from it.
 */
describe('CSV preview: lines left out by the person', () => {
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
  const counts = () => screen.getByTestId('csv-counts').textContent!.replace(/\s+/g, ' ').trim()

  // French Excel: `;`, a header with a remark column, CRLF; line 4's remark and line 8's alias are
  // quoted over two lines.
  const file = [
    'Numéro NFC;Libellé;Remarque',
    '04FD0001;Clé 1;à rendre', // 2 ok
    '04FDZZ;Clé 2;', // 3 refused
    '04FD0003;Clé 3;"à rendre', // 4 ok
    'le 2"',
    '04FD0005;Clé 5;', // 6 ok
    '04FD0001;Clé 6;', // 7 duplicate of line 2
    '04FDYY;"Clé', // 8 refused
    '8";'
  ].join('\r\n')

  async function leaveOut(line: number) {
    await fireEvent.click(within(lineRow(line)!).getByRole('button', { name: `Fix line ${line}` }))
    await fireEvent.click(within(screen.getByTestId('csv-line-fix')).getByRole('button', { name: 'Leave line out' }))
    await waitFor(() => expect(announcer.message).toBe(`Line ${line} left out: it will not be added.`))
    await waitFor(() => expect(lineRow(line)).toBeUndefined())
  }

  it('counts them, lists them as written, puts one back with the focus on it, and Add leaves the others out', async () => {
    render(ImportScreen)
    await screen.findByTestId('batch-title')
    const csv = new File([file + '\r\n'], 'badges.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [csv] } })
    await screen.findByRole('button', { name: 'Add 3 valid rows to the batch' })
    expect(counts()).toBe('3 ok · 0 repaired · 2 refused · 1 duplicate')
    expect(screen.queryByTestId('csv-left-out')).toBeNull()

    // Line 7 (a duplicate of line 2) and line 8 (its record over two lines) are left out.
    await leaveOut(7)
    await leaveOut(8)
    // Six lines: 3 ok, 1 refused, 2 left out by the person.
    expect(counts()).toBe('3 ok · 0 repaired · 1 refused · 0 duplicate · 2 left out by you')
    const list = screen.getByRole('region', { name: 'Left out by you' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).toEqual([
      'Line 7 04FD0001;Clé 6; Put back',
      'Line 8 04FDYY;"Clé 8"; Put back'
    ])

    // Put back by keyboard: the line is read again where it was, said once, and focused in the table.
    const putBack = within(list).getByRole('button', { name: 'Put back line 8' })
    putBack.focus()
    await fireEvent.click(putBack)
    await waitFor(() => expect(lineRow(8)).toBeDefined())
    await waitFor(() => expect(document.activeElement).toBe(lineRow(8)))
    await waitFor(() => expect(announcer.message).toMatch(/^Line 8 put back: refused — ./))
    expect(lineRow(8)).toHaveTextContent('04FD')
    expect(lineRow(9)).toBeUndefined()
    expect(counts()).toBe('3 ok · 0 repaired · 2 refused · 0 duplicate · 1 left out by you')
    expect(
      within(screen.getByRole('region', { name: 'Left out by you' }))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-line'))
    ).toEqual(['7'])

    const added = 'Added 3 rows; 2 refused lines were left out. 1 line left out by you was not added.'
    await fireEvent.click(screen.getByRole('button', { name: 'Add 3 valid rows to the batch' }))
    await waitFor(() => expect(screen.getByTestId('csv-added')).toHaveTextContent(added))
    await waitFor(() => expect(announcer.message).toBe(added))
    // The batch holds the valid lines, and not line 7, left out.
    const batch = await service.get((await service.list()).batches[0]!.id)
    expect(batch.rows.map((r) => [r.nfcId, r.alias])).toEqual([
      ['04FD0001', 'Clé 1'],
      ['04FD0003', 'Clé 3'],
      ['04FD0005', 'Clé 5']
    ])
    // Still counted after the Add: the file's six lines.
    expect(counts()).toBe('0 ok · 0 repaired · 2 refused · 0 duplicate · 3 added now · 1 left out by you')
  })
})
