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
    let end = start
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++
    if (line === n) return { start, end }
    if (end >= text.length) return undefined
    start = end + (text[end] === '\r' && text[end + 1] === '\n' ? 2 : 1)
  }
}

/** Line `n` of the text as written in the file, or undefined past its end. */
export function csvLineText(text: string, n: number): string | undefined {
  const span = lineSpan(text, n)
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
 * The text with line `n` corrected, or emptied when `fix` is null (an empty line is no row: the line
 * is dropped while every other line keeps its number). The other lines and their line breaks are
 * left exactly as they were. Undefined when the text has no line `n`.
 */
export function withCsvLine(text: string, n: number, fix: CsvLineFix | null): string | undefined {
  const span = lineSpan(text, n)
  if (!span) return undefined
  return text.slice(0, span.start) + (fix ? csvLineOf(fix) : '') + text.slice(span.end)
}
