/**
 * A double quote never closed, as Import's card preview and the roster both read it (one rule).
 *
 * papaparse reads everything after a quote that is never closed — or one closed lines later, in the
 * middle of a cell — into one cell: the rest of the file would vanish into it. Such a row is the line
 * it starts on alone, refused with what to do; the reading goes on from the next line
 * (`startOfLine`), so one stray quote never loses the lines after it. A quote in the wrong place on
 * a line that ends where it should is not this (Import refuses that line, the roster says it).
 */

/** A row papaparse flagged for its quotes that swallowed the lines after it (a cell holds a line break), or ran to the end of the text. */
export function quoteNeverClosed(cells: readonly string[], code: string | undefined): boolean {
  if (code === 'MissingQuotes') return true
  for (const cell of cells) if (cell.indexOf('\n') !== -1) return true
  return false
}

/** Where line `n` (1-based) of `text` starts, or -1 past the end: where the reading goes on after line n - 1. */
export function startOfLine(text: string, n: number): number {
  let at = 0
  for (let line = 1; line < n; line++) {
    const nl = text.indexOf('\n', at)
    if (nl === -1) return -1
    at = nl + 1
  }
  return at < text.length ? at : -1
}
