/**
 * A line of a CSV file corrected (or dropped) in the import preview. The file's text is what the
 * preview reads and what "Add" sends (batches.previewFile, batches.importFile): the correction is
 * made in that text, at the line the preview named, and main reads the whole text again. So a
 * corrected line passes main's own validation — repairs, refusals and duplicates against the other
 * lines and the batch — and the value the person typed is the one that reaches the batch.
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

/**
 * The record that starts on line `n`: its lines (more than one when a quoted cell holds line
 * breaks) and the line breaks inside it. Read as the preview reads it (csv-validate.ts, papaparse
 * with a comma): a quote opens a cell only as its first character, `""` inside is a quote, and a
 * record whose quotes do not close cleanly (never closed, or text after the closing quote) is one
 * line — the preview refuses that line alone and reads on from the next one.
 */
function recordSpan(text: string, n: number): { start: number; end: number; breaks: string } | undefined {
  const line = lineSpan(text, n)
  if (!line) return undefined
  let breaks = ''
  let at = line.start
  let cellStart = true
  while (at < text.length) {
    const c = text[at]!
    if (c === '\n' || c === '\r') break
    if (c === ',') {
      cellStart = true
      at++
      continue
    }
    if (!(cellStart && c === '"')) {
      cellStart = false
      at++
      continue
    }
    // A quoted cell: to its closing quote, over line breaks.
    const inner: string[] = []
    at++
    for (;;) {
      if (at >= text.length) return { ...line, breaks: '' }
      const q = text[at]!
      if (q === '"' && text[at + 1] === '"') at += 2
      else if (q === '"') break
      else if (q === '\n' || q === '\r') {
        const next = afterBreak(text, at)
        inner.push(text.slice(at, next))
        at = next
      } else at++
    }
    at++
    // Spaces may follow the closing quote; then the cell ends (a comma or the record's end).
    while (text[at] === ' ') at++
    if (at < text.length && text[at] !== ',' && text[at] !== '\n' && text[at] !== '\r') {
      return { ...line, breaks: '' }
    }
    breaks += inner.join('')
    cellStart = false
  }
  return { start: line.start, end: at, breaks }
}

/** The record that starts on line `n` as written in the file (all its lines), or undefined past its end. */
export function csvLineText(text: string, n: number): string | undefined {
  const span = recordSpan(text, n)
  return span && text.slice(span.start, span.end)
}

/** A cell as the console's CSV writes it: quoted only when it holds a comma, a quote or a line break. */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** The line written for a correction: `NFCID,alias`, or the NFC ID alone when there is no alias. */
export function csvLineOf(fix: CsvLineFix): string {
  const nfcId = cell(fix.nfcId.trim())
  return fix.alias === '' ? nfcId : `${nfcId},${cell(fix.alias)}`
}

/**
 * The text with the record on line `n` corrected, or emptied when `fix` is null (an empty line is no
 * row: the record is dropped). A record over several lines (a quoted cell with line breaks) is
 * replaced whole: the corrected line on its first line, its other lines left empty, so every line
 * after it keeps the number the preview gave it. The other lines and their line breaks are left
 * exactly as they were. Undefined when the text has no line `n`.
 */
export function withCsvLine(text: string, n: number, fix: CsvLineFix | null): string | undefined {
  const span = recordSpan(text, n)
  if (!span) return undefined
  return text.slice(0, span.start) + (fix ? csvLineOf(fix) : '') + span.breaks + text.slice(span.end)
}
