/**
 * The rows of the quote-free part of a CSV text, in one pass over its characters, without
 * papaparse. Where a text holds no double quote, papaparse (the file's delimiter, `,` `;` or tab; line break `\n`) reads a
 * line as `line.split(delimiter)` and nothing else; this pass finds the same cells, but hands over where
 * they are instead of building a line string and an array of cells per row (the validator slices
 * the one or two cells it keeps). That is most of what made validating cost 1.8× the bare parse.
 *
 * A quote can open a cell that runs over several lines, so from the line holding the first quote
 * on, the text is papaparse's (`plainEnd`). test/unit/batches/csv-plain-rows.test.ts holds the two
 * to the same cells on any text.
 */

/** Where the rows of one line are: `[start, end)` of `text`, and its first two separators (or -1). */
export interface PlainRowSink {
  plainRow(line: number, start: number, end: number, comma1: number, comma2: number, cells: number): void
}

/**
 * Where the quote-free part of `text` ends: the start of the line that holds its first double
 * quote, or the text's length when it holds none. Lines before it are whole lines.
 */
export function plainEnd(text: string): number {
  const quote = text.indexOf('"')
  if (quote === -1) return text.length
  return text.lastIndexOf('\n', quote) + 1
}

/**
 * Hands every line of `text` before `end` to `sink` (numbered from 1), as papaparse splits them
 * with the same separator:
 * an empty line is one empty cell, and a text that ends with a line break ends with an empty line
 * when `end` is the text's end. Returns the number of lines handed over. `end` must be a line start
 * or the text's length (`plainEnd`). Line breaks are `\n` only (the validator turned CRs into them).
 */
export function scanPlainRows(
  text: string,
  end: number,
  sink: PlainRowSink,
  /** The separator's character code (csv-separator.ts): `,` (44), `;` (59) or tab (9). */
  separator = 44
): number {
  let line = 0
  let start = 0
  let comma1 = -1
  let comma2 = -1
  let cells = 1
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === separator) {
      if (cells === 1) comma1 = i
      else if (cells === 2) comma2 = i
      cells++
    } else if (c === 10) {
      // '\n'
      sink.plainRow(++line, start, i, comma1, comma2, cells)
      start = i + 1
      comma1 = -1
      comma2 = -1
      cells = 1
    }
  }
  // The last line has no line break after it; papaparse reads it (empty or not) when the text ends
  // here, and an empty text as no line at all. A part that stops at a quoted line stops after a
  // line break: nothing is left.
  if (end === text.length && end > 0) sink.plainRow(++line, start, end, comma1, comma2, cells)
  return line
}
