import { decodeText } from '../../../shared/text/encoding'
import { rosterFileError } from './roster-errors'
import { quoteNeverClosed, startOfLine } from '../csv-quote-never-closed'
import type { RawRows } from './raw-rows'
import { sayNote } from '../batches/csv-messages'
import type { CsvNote } from '../../../shared/batches/csv-said'
import { loadCsvParser } from '../csv-parser'
import { separatorNote } from '../csv-separator'
import { csvSeparator } from '../../../shared/text/csv-separator'

/**
 * A roster saved as CSV by an HR tool or Excel: decoded (UTF-8 with or without a BOM, UTF-16 by its
 * BOM, else Windows-1252 when the bytes are not UTF-8, as Excel's plain "CSV" saves on Western
 * systems), then split with the delimiter the file uses (comma, semicolon or tab). Every row keeps
 * the line it starts on, so the plan names the lines the user sees in a text editor. A line whose
 * quote is never closed is read alone and named in `unreadable`; the lines after it are read. papaparse
 * is loaded on the first file read (csv-parser.ts).
 */
export async function readCsvRows(bytes: Uint8Array, fileName: string): Promise<RawRows> {
  const Papa = await loadCsvParser()
  const decoded = decodeText(bytes)
  // What the reading says, as facts (Import's file notes: the same keys, the same words).
  const notes: CsvNote[] = [...decoded.said]
  let text = decoded.text
  if (looksBinary(text)) {
    throw rosterFileError(
      'ROSTER_UNREADABLE',
      `${fileName} is neither a CSV text file nor an Excel workbook (.xlsx).`,
      undefined,
      { said: 'neither', file: fileName }
    )
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  // Files edited on several systems mix line endings; line numbers count plain line breaks.
  if (text.indexOf('\r') !== -1) text = text.replace(/\r\n?/g, '\n')

  let firstLine = 1
  // The separator as Import reads it (csv-separator.ts); Excel's "sep=;" line is not part of the table.
  const { separator: delimiter, sepLineEnd } = csvSeparator(text)
  if (sepLineEnd > 0) {
    text = text.slice(sepLineEnd)
    firstLine = 2
    notes.push(sayNote('sepLine', { line: '1', separator: delimiter === '\t' ? 'tab' : delimiter }))
  } else {
    const note = separatorNote(delimiter)
    if (note) notes.push(note)
  }
  const rows: string[][] = []
  const lines: number[] = []
  const unreadable: number[] = []
  // papaparse reads the text; a quote never closed (csv-quote-never-closed.ts, Import's rule too) makes
  // its line a row of its own, flagged, and the reading goes on from the next line.
  let rest = text
  let line = firstLine
  for (;;) {
    const result = Papa.parse<string[]>(rest, { delimiter, newline: '\n', skipEmptyLines: false })
    const quoteCodes = new Map<number, string>()
    for (const error of result.errors) {
      if (error.type !== 'Quotes' || error.row === undefined) continue
      const had = quoteCodes.get(error.row)
      quoteCodes.set(error.row, had === 'MissingQuotes' ? had : error.code)
    }
    const base = line
    let broken: number | undefined
    for (let r = 0; r < result.data.length; r++) {
      const cells = result.data[r]!
      const code = quoteCodes.get(r)
      if (code !== undefined && quoteNeverClosed(cells, code)) {
        broken = line
        break
      }
      if (code !== undefined) notes.push(sayNote('quoteMisplaced', { line: String(line) }))
      rows.push(cells)
      lines.push(line)
      line++
      // A quoted cell may hold line breaks: the next row starts that many lines further.
      for (const cell of cells) for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) line++
    }
    if (broken === undefined) break
    // The bad line is kept as its cells split as written, so its row still names whom it was about;
    // it is never onboarded (`unreadable`: the plan flags it and sends nothing for it).
    const start = startOfLine(rest, broken - base + 1)
    const next = startOfLine(rest, broken - base + 2)
    rows.push(rest.slice(start, next === -1 ? undefined : next - 1).split(delimiter))
    lines.push(broken)
    unreadable.push(broken)
    if (next === -1) break
    rest = rest.slice(next)
    line = broken + 1
  }

  // Excel's "keep as text" export writes ="00042" so a number keeps its leading zeros: the value is
  // what is between the quotes.
  let markers = 0
  for (const cells of rows) {
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c]!.trim()
      if (cell.length >= 3 && cell.startsWith('="') && cell.endsWith('"')) {
        cells[c] = cell.slice(2, -1)
        markers++
      }
    }
  }
  if (markers > 0) notes.push(sayNote('excelMarkers'))
  return { rows, lines, notes, ...(unreadable.length > 0 && { unreadable }) }
}

/** NULs, or more than 1 % control characters (not tab or line breaks): a binary file, not text. */
function looksBinary(text: string): boolean {
  const n = Math.min(text.length, 64 * 1024)
  let control = 0
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c === 0) return true
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f) control++
  }
  return control > n / 100
}
