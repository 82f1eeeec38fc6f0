import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useScrollBox } from '../../support/scroll-box'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CsvPreviewTable from '../../../src/renderer/src/components/import/CsvPreviewTable.svelte'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { CsvPreviews } from '../../../src/main/services/batches/csv-previews'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

/**
 * "Next problem" / "Previous problem" in the CSV preview (issue 31): in a 10,000-line file with problems
 * at lines 5, 5,000 and 9,990, each press scrolls the virtual list to the next problem and puts the focus
 * on its line, with the count "2 of 3 problems". The file is read by main's own validator and preview
 * keeper (the problems' positions come from main). jsdom lays nothing out: the scroll box is given its
 * on-screen size and content height, and scrolling moves its scrollTop, as a browser does.
 */
// The box's content is the table's whole height (37 px a line): the virtual list may scroll that far.
useScrollBox(37 * 10_001)
afterEach(() => cleanup())

const LINES = 10_000
const id = (i: number) => `04C9${i.toString(16).toUpperCase().padStart(4, '0')}`
const bad = new Map([
  [5, 'not-an-id,Bad-5'],
  [5_000, 'zz,Bad-5000'],
  [9_990, '4.21E+13,Sci-9990']
])
const text = Array.from({ length: LINES }, (_, i) => bad.get(i + 1) ?? `${id(i)},Line-${i + 1}`).join('\n')

function focusedLine(): string | null | undefined {
  return (document.activeElement as HTMLElement | null)?.querySelector('td.num')?.textContent
}

// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('CSV preview: Next problem / Previous problem', () => {
  it('each press shows and focuses the next problem line, with its place among them', async () => {
    const preview = validateCsv(text)
    const open = new CsvPreviews().open(preview, 200)
    expect(open.problems).toEqual([4, 4_999, 9_989])
    render(CsvPreviewTable, { preview: open, lineAt: (i: number) => preview.rows[i], onrange: () => undefined })
    expect(screen.getByTestId('csv-problem-count')).toHaveTextContent('3 problems')

    const next = screen.getByRole('button', { name: 'Next problem' })
    for (const [line, place] of [
      ['5', '1 of 3 problems'],
      ['5000', '2 of 3 problems'],
      ['9990', '3 of 3 problems'],
      ['5', '1 of 3 problems']
    ] as const) {
      next.focus()
      await fireEvent.click(next)
      await waitFor(() => expect(focusedLine()).toBe(line))
      expect(document.activeElement).toHaveAttribute('data-status', 'refused')
      expect(screen.getByTestId('csv-problem-count')).toHaveTextContent(place)
    }
    const previous = screen.getByRole('button', { name: 'Previous problem' })
    previous.focus()
    await fireEvent.click(previous)
    await waitFor(() => expect(focusedLine()).toBe('9990'))
    expect(screen.getByTestId('csv-problem-count')).toHaveTextContent('3 of 3 problems')
  })

  it(
    'keeps its place when the preview answers with the lines of a new range (the same preview, a new object)',
    { timeout: 30_000 },
    async () => {
      // The store hands the table a new preview object each time main answers a range scrolled to: the
      // place among the problems was reset by it, so presses at a human pace cycled back to the first.
      const preview = validateCsv(text)
      const open = new CsvPreviews().open(preview, 200)
      const { rerender } = render(CsvPreviewTable, {
        preview: open,
        lineAt: (i: number) => preview.rows[i],
        onrange: () => undefined
      })
      const next = screen.getByRole('button', { name: 'Next problem' })
      for (const [line, place] of [
        ['5', '1 of 3 problems'],
        ['5000', '2 of 3 problems'],
        ['9990', '3 of 3 problems']
      ] as const) {
        next.focus()
        await fireEvent.click(next)
        await waitFor(() => expect(focusedLine()).toBe(line))
        expect(screen.getByTestId('csv-problem-count')).toHaveTextContent(place)
        await rerender({ preview: { ...open } })
        expect(screen.getByTestId('csv-problem-count')).toHaveTextContent(place)
      }
      // Another file: the place starts again.
      await rerender({ preview: { ...open, previewId: `${open.previewId}-other` } })
      expect(screen.getByTestId('csv-problem-count')).toHaveTextContent(/^3 problems$/)
    }
  )
})
