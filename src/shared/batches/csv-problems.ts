import type { CsvPreviewRow } from './schemas'

/**
 * A line of a CSV preview that needs a look: refused, a duplicate, repaired, or an all-digit ID read as
 * hex. A line already in the batch needs none, its digits too: it is the batch's row now (its Edit, not
 * the preview's Fix), and the preview's "read as hex" count leaves it out as well. The preview's "Next
 * problem" / "Previous problem" step through these (a 10,000-line file's few problems were found only by
 * scrolling); main lists their positions with the preview.
 */
function csvLineIsProblem(row: Pick<CsvPreviewRow, 'status' | 'reading'>): boolean {
  if (row.status === 'added') return false
  return row.status !== 'ok' || row.reading !== undefined
}

/** The positions (0-based) of the problem lines, in file order. */
export function csvProblemLines(rows: readonly Pick<CsvPreviewRow, 'status' | 'reading'>[]): number[] {
  const at: number[] = []
  rows.forEach((row, i) => {
    if (csvLineIsProblem(row)) at.push(i)
  })
  return at
}
