import { ROSTER_MAX_ROWS, ROSTER_SAMPLE_ROWS, type RosterSheet } from '../../../shared/roster/sheet'
import { ROSTER_FILE_MAX_BYTES } from '../../../shared/ipc/channels/roster'
import { readCsvRows } from './roster-csv'
import { readXlsxRows } from './roster-xlsx'
import { withSampleNotRead } from './sample-not-read'
import { rosterFileError } from './roster-errors'
import type { RawRows } from './raw-rows'
import { englishOfNote, sayNote } from '../batches/csv-messages'
import { formats } from '../../../shared/format/formats'
import { columnLetters } from '../../../shared/roster/column-letters'
import rosterEn from '../../../shared/i18n/messages/roster/en.json'
import { Translator } from '../../../shared/i18n/translator'

/** The roster's English words: a column without a name as the English desk calls it ("Column D"). */
const english = new Translator('en', rosterEn)

/**
 * A roster file read: the sheet the mapping screen shows, and every data row in main.
 * `rows[i]` starts on line `lines[i]` of the file (the header is line 1 in a file that starts with
 * it); blank rows are dropped, so the lines are kept to name each row as the user sees it.
 */
export interface RosterFile {
  sheet: RosterSheet
  /** Every data row after the header: trimmed cells, all as wide as `sheet.headers`. */
  rows: string[][]
  /** The line (1-based) each row starts on: `rows[i]` is row id `r${lines[i]}`. */
  lines: number[]
  /** The data rows' lines that could not be read (a quote never closed): flagged on the plan, never onboarded. */
  unreadable: number[]
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const EXCEL_NAME = /\.(xlsx|xlsm|xls)$/i
/** A cell that is data, not a column name: an email address or a plain number. */
const DATA_CELL = /^(?:[^@\s]+@[^@\s]+\.[^@\s]+|\d+)$/

/**
 * Read a roster as exported from an HR tool: an Excel workbook (.xlsx, told by its bytes, not its
 * name) or a CSV text. The first non-blank row names the columns. Refused with what is wrong and
 * what to do: empty (ROSTER_EMPTY), too large (ROSTER_TOO_LARGE), neither CSV nor XLSX or damaged
 * (ROSTER_UNREADABLE), no header (ROSTER_NO_HEADER). A line whose quote is never closed is not a
 * refusal of the file: that line alone is flagged (`unreadable`), the others are read.
 */
export async function readRosterFile(fileName: string, bytes: Buffer): Promise<RosterFile> {
  if (bytes.length === 0)
    throw rosterFileError(
      'ROSTER_EMPTY',
      `${fileName} is empty.`,
      'Choose the file again, or export the roster again from the HR tool.',
      { said: 'empty', file: fileName }
    )
  if (bytes.length > ROSTER_FILE_MAX_BYTES) {
    throw rosterFileError(
      'ROSTER_TOO_LARGE',
      `${fileName} is too large (${(bytes.length / 1048576).toFixed(1)} MB; the limit is ${ROSTER_FILE_MAX_BYTES / 1048576} MB).`,
      `Split the roster into files of at most ${formats('en-US').count(ROSTER_MAX_ROWS)} people and open them one after another.`,
      {
        said: 'bytes',
        file: fileName,
        sizeMb: (bytes.length / 1048576).toFixed(1),
        limitMb: ROSTER_FILE_MAX_BYTES / 1048576,
        max: ROSTER_MAX_ROWS
      }
    )
  }
  let raw: RawRows
  if (startsWith(bytes, ZIP)) raw = await readXlsxRows(bytes, fileName)
  else if (startsWith(bytes, OLE2)) {
    throw rosterFileError(
      'ROSTER_UNREADABLE',
      `${fileName} is an Excel 97-2003 workbook (.xls), which the app does not read.`,
      undefined,
      { said: 'xls', file: fileName }
    )
  } else if (EXCEL_NAME.test(fileName)) {
    throw rosterFileError(
      'ROSTER_UNREADABLE',
      `${fileName} is damaged or is not an Excel workbook: an .xlsx file is a zip archive, and this one is not.`,
      undefined,
      { said: 'notZip', file: fileName }
    )
  } else raw = await readCsvRows(bytes, fileName)
  return shape(fileName, raw)
}

/** Header, blank rows, widths and limits: the same for both formats. */
export function shape(fileName: string, raw: RawRows): RosterFile {
  const { notes } = raw
  const cells = raw.rows.map((row) => row.map((cell) => cell.trim()))
  const headerAt = cells.findIndex((row) => !isBlank(row))
  if (headerAt === -1)
    throw rosterFileError(
      'ROSTER_EMPTY',
      `${fileName} holds no rows.`,
      'Choose the file again, or export the roster again from the HR tool.',
      { said: 'noRows', file: fileName }
    )
  const header = cells[headerAt]!
  const dataCell = header.find((cell) => DATA_CELL.test(cell))
  if (dataCell !== undefined) {
    throw rosterFileError(
      'ROSTER_NO_HEADER',
      `Line ${raw.lines[headerAt]} of ${fileName} holds data ("${dataCell}"), not column names: the first line of a roster names its columns.`,
      'Add a first line with the column names (for example Email, Name, Card), save the file and open it again.',
      { line: raw.lines[headerAt]!, file: fileName, cell: dataCell }
    )
  }
  let last = cells.length - 1
  while (last > headerAt && isBlank(cells[last]!)) last--
  const rows: string[][] = []
  const lines: number[] = []
  let blank = 0
  let width = header.length
  // A line not read (its cells split as written) neither widens the sheet nor is a short line.
  const notRead = new Set(raw.unreadable)
  for (let i = headerAt + 1; i <= last; i++) {
    const row = cells[i]!
    if (isBlank(row)) {
      blank++
      continue
    }
    // Cells past the last non-empty one carry nothing; cells beyond the header are kept.
    let end = row.length
    while (end > 0 && row[end - 1] === '') end--
    if (end > width && !notRead.has(raw.lines[i]!)) width = end
    rows.push(row)
    lines.push(raw.lines[i]!)
  }
  if (rows.length === 0) {
    throw rosterFileError(
      'ROSTER_EMPTY',
      `${fileName} names its columns but holds no people.`,
      'Check that you chose the right file, or export the roster again from the HR tool.',
      { said: 'noPeople', file: fileName }
    )
  }
  if (rows.length > ROSTER_MAX_ROWS) {
    throw rosterFileError(
      'ROSTER_TOO_LARGE',
      `${fileName} holds ${formats('en-US').count(rows.length)} rows; a roster takes at most ${formats('en-US').count(ROSTER_MAX_ROWS)}.`,
      `Split the roster into files of at most ${formats('en-US').count(ROSTER_MAX_ROWS)} people and open them one after another.`,
      { said: 'rows', file: fileName, rows: rows.length, max: ROSTER_MAX_ROWS }
    )
  }
  if (blank > 0) notes.push(sayNote('blankLines', { count: blank }))
  // A column without a name is called by its letter ("Column D"): in English here (the CLI's), and by
  // each desk in its language from `unnamed` and the note's letter, never from this English.
  const headers: string[] = []
  const unnamed: number[] = []
  for (let c = 0; c < width; c++) {
    if (!header[c]) unnamed.push(c)
    headers.push(header[c] || english.t('columnLetter', { letter: columnLetters(c) }))
  }
  if (width > header.length) {
    const more = width - header.length > 1 ? 'yes' : 'no'
    notes.push(sayNote('extraColumnsFrom', { letter: columnLetters(header.length), more }))
  }
  // A CSV line with fewer cells than the header names was cut short or split in two: its missing cells
  // are read as empty, and said, naming the line (a spreadsheet leaves out a row's empty end cells:
  // its rows are not). The first five lines are named.
  const short: number[] = []
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!
    if (raw.sheetName === undefined && row.length < header.length && !notRead.has(lines[r]!)) short.push(lines[r]!)
    if (row.length < width) {
      const padded = row.slice()
      while (padded.length < width) padded.push('')
      rows[r] = padded
    } else if (row.length > width) rows[r] = row.slice(0, width)
  }
  if (short.length > 0) {
    const named = short.slice(0, 5).join(', ')
    notes.push(sayNote('shortLines', { count: short.length, lines: short.length > 5 ? `${named} …` : named }))
  }
  const sheet: RosterSheet = {
    fileName,
    headers,
    rowCount: rows.length,
    sample: rows.slice(0, ROSTER_SAMPLE_ROWS),
    notes: notes.map(englishOfNote),
    noteSaid: notes
  }
  if (unnamed.length > 0) sheet.unnamed = unnamed
  if (raw.sheetName !== undefined) sheet.sheetName = raw.sheetName
  const unreadable = lines.filter((line) => notRead.has(line))
  return { sheet: withSampleNotRead(sheet, lines, unreadable), rows, lines, unreadable }
}

function isBlank(row: string[]): boolean {
  for (const cell of row) if (cell !== '') return false
  return true
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  if (bytes.length < magic.length) return false
  return magic.every((b, i) => bytes[i] === b)
}
