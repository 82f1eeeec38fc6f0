import type { CsvPreviewRow } from './schemas'

/**
 * A line of a CSV preview that needs a look: refused, a duplicate, repaired, or an all-digit ID read as
 * hex (a line already added from the file needs none). The preview's "Next problem" / "Previous problem" step through these (issue 31: a 10,000-line
 * file's few problems were found only by scrolling); main lists their positions with the preview.
 */
function csvLineIsProblem(row: Pick<CsvPreviewRow, 'status' | 'reading'>): boolean {
  return (row.status !== 'ok' && row.status !== 'added') || row.reading !== undefined
}

/** The positions (0-based) of the problem lines, in file order. */
export function csvProblemLines(rows: readonly Pick<CsvPreviewRow, 'status' | 'reading'>[]): number[] {
  const at: number[] = []
  rows.forEach((row, i) => {
    if (csvLineIsProblem(row)) at.push(i)
  })
  return at
}
