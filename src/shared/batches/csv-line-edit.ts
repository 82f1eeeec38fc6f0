import { csvFileSeparator } from '../text/csv-separator'

/**
 * A line of a CSV file corrected (or dropped) in the import preview. The file's text is what the
 * preview reads and what "Add" sends (batches.previewFile, batches.importFile): the correction is
 * made in that text, at the line the preview named, and main reads the whole text again. So a
 * corrected line passes main's own validation — repairs, refusals and duplicates against the other
 * lines and the batch — and the value the person typed is the one that reaches the batch. Records
 * are found and written with the file's own separator (`,` `;` or tab, by the rule main reads the
 * file by: shared/text/csv-separator.ts), so a corrected line reads like its neighbours; only its NFC
 * ID and alias change, the columns after them stay as the file had them. A record left out is left
 * out whole, and can be written back where it was (`withCsvLineBack`): the file read again holds the
 * lines the person left, and no others.
 */
export interface CsvLineFix {
  nfcId: string
  alias: string
}

/**
 * Where line `n` (1-based) is in `text`, without its line break: counted as the preview counts
 * them (a `\r\n`, a lone `\r` or a `\n` ends a line). A byte order mark is not part of line 1.
 */
function lineSpan(text: string, n: number): { start: number; end: number } | undefined {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (let line = 1; ; line++) {
    const end = endOfLine(text, start)
    if (line === n) return { start, end }
    if (end >= text.length) return undefined
    start = afterBreak(text, end)
  }
}

function endOfLine(text: string, from: number): number {
  let end = from
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++
  return end
}

/** Where the line after the line break at `at` starts. */
function afterBreak(text: string, at: number): number {
  return at + (text[at] === '\r' && text[at + 1] === '\n' ? 2 : 1)
}

/** One cell of a record as written: where it is in the text (its quotes included) and the line breaks inside it. */
interface CellSpan {
  start: number
  end: number
  breaks: string
  /** Its quotes do not close cleanly (never closed, or text after the closing quote). */
  broken?: true
}

/**
 * The record that starts on line `n`: its lines (more than one when a quoted cell holds line
 * breaks), its cells as written, and the line breaks inside it. Read as the preview reads it
 * (csv-validate.ts, papaparse with the file's separator `sep`): a quote opens a cell only as its
 * first character, `""` inside is a quote, and a record whose quotes do not close cleanly (never
 * closed, or text after the closing quote) is one line — the preview refuses that line alone and
 * reads on from the next one; its cell with the bad quote then runs to the line's end.
 */
function recordSpan(
  text: string,
  n: number,
  sep: string
): { start: number; end: number; breaks: string; cells: CellSpan[] } | undefined {
  const line = lineSpan(text, n)
  if (!line) return undefined
  const cells: CellSpan[] = []
  let at = line.start
  let cellStart = at
  const oneLine = () => ({ ...line, breaks: '', cells: lineCells(text, line, sep) })
  for (;;) {
    // A cell: quoted (to its closing quote, over line breaks) or plain (to the separator or the line's end).
    let breaks = ''
    if (text[at] === '"') {
      at++
      for (;;) {
        if (at >= text.length) return oneLine()
        const q = text[at]!
        if (q === '"' && text[at + 1] === '"') at += 2
        else if (q === '"') break
        else if (q === '\n' || q === '\r') {
          const next = afterBreak(text, at)
          breaks += text.slice(at, next)
          at = next
        } else at++
      }
      at++
      // Spaces may follow the closing quote; then the cell ends (a separator or the record's end).
      while (text[at] === ' ') at++
      if (at < text.length && text[at] !== sep && text[at] !== '\n' && text[at] !== '\r') return oneLine()
    } else {
      while (at < text.length && text[at] !== sep && text[at] !== '\n' && text[at] !== '\r') at++
    }
    cells.push({ start: cellStart, end: at, breaks })
    if (text[at] !== sep) break
    at++
    cellStart = at
  }
  return { start: line.start, end: at, breaks: cells.map((c) => c.breaks).join(''), cells }
}

/**
 * The cells of a record whose quotes do not close cleanly, on its one line: split at each separator
 * outside a quoted cell; the cell whose quote does not close runs to the line's end.
 */
function lineCells(text: string, line: { start: number; end: number }, sep: string): CellSpan[] {
  const cells: CellSpan[] = []
  let at = line.start
  for (;;) {
    const start = at
    if (text[at] === '"') {
      let closed = false
      at++
      while (at < line.end) {
        if (text[at] === '"' && text[at + 1] === '"') at += 2
        else if (text[at] === '"') {
          at++
          while (text[at] === ' ') at++
          closed = at >= line.end || text[at] === sep
          break
        } else at++
      }
      if (!closed) {
        cells.push({ start, end: line.end, breaks: '', broken: true })
        return cells
      }
    } else {
      while (at < line.end && text[at] !== sep) at++
    }
    cells.push({ start, end: at, breaks: '' })
    if (at >= line.end) return cells
    at++
  }
}

/** The record that starts on line `n` as written in the file (all its lines), or undefined past its end. */
export function csvLineText(text: string, n: number): string | undefined {
  const span = recordSpan(text, n, csvFileSeparator(text))
  return span && text.slice(span.start, span.end)
}

/** A cell as the console's CSV writes it: quoted only when it holds the separator, a quote or a line break. */
function cell(value: string, sep: string): string {
  return value.includes(sep) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/**
 * The line written for a correction in a file separated by `sep`: `NFCID,alias` as the console
 * writes it, `NFCID;alias` in a `;` file, and so on. Without an alias: the NFC ID alone in a comma
 * file; in a `;` or tab file, followed by its separator, so the line still holds one (when it is the
 * first line, the one the separator is found on, the file is read by it still).
 */
export function csvLineOf(fix: CsvLineFix, sep = ','): string {
  const nfcId = cell(fix.nfcId.trim(), sep)
  if (fix.alias === '') return sep === ',' ? nfcId : `${nfcId}${sep}`
  return `${nfcId}${sep}${cell(fix.alias, sep)}`
}

/**
 * The text with the record on line `n` corrected, or emptied when `fix` is null (an empty line is no
 * row: the record is dropped). A correction replaces the NFC ID and the alias, the record's first two
 * cells, and keeps every cell after them as written (a remark, a room: Import does not read them, the
 * file is still the person's): only a cell whose quote never closes is written again, quoted, so
 * the corrected line can be read. Where the first two cells held line breaks (a quoted alias over
 * lines), the corrected line is followed by that many empty lines, so every line after it keeps the
 * number the preview gave it. The other lines and their line breaks are left exactly as they were.
 * Undefined when the text has no line `n`.
 */
export function withCsvLine(text: string, n: number, fix: CsvLineFix | null): string | undefined {
  const sep = csvFileSeparator(text)
  const span = recordSpan(text, n, sep)
  if (!span) return undefined
  if (!fix) return text.slice(0, span.start) + span.breaks + text.slice(span.end)
  const kept = span.cells.slice(2)
  const line =
    kept.length === 0
      ? csvLineOf(fix, sep)
      : [
          cell(fix.nfcId.trim(), sep),
          cell(fix.alias, sep),
          ...kept.map((c) => (c.broken ? cell(unquoted(text.slice(c.start, c.end)), sep) : text.slice(c.start, c.end)))
        ].join(sep)
  const breaks = span.cells
    .slice(0, 2)
    .map((c) => c.breaks)
    .join('')
  return text.slice(0, span.start) + line + breaks + text.slice(span.end)
}

/** A cell whose quote never closes, as its text: without its opening quote, `""` read as one quote. */
function unquoted(raw: string): string {
  return raw.slice(1).replaceAll('""', '"')
}

/**
 * The text with a record left out of line `n` (withCsvLine with no fix) written back there as it
 * was (`record`, from csvLineText before it was left out): the empty line and the empty lines that
 * stood for its line breaks hold it again. Undefined when line `n` is not such an emptied record
 * (the text changed there meanwhile): nothing is written over.
 */
export function withCsvLineBack(text: string, n: number, record: string): string | undefined {
  const line = lineSpan(text, n)
  if (!line || line.start !== line.end) return undefined
  const breaks = (record.match(/\r\n|\r|\n/g) ?? []).join('')
  if (text.slice(line.start, line.start + breaks.length) !== breaks) return undefined
  return text.slice(0, line.start) + record + text.slice(line.start + breaks.length)
}
