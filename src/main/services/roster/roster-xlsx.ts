import { rosterFileError } from './roster-errors'
import type { RawRows } from './raw-rows'
import type { CsvNote } from '../../../shared/batches/csv-said'
import { sayNote } from '../batches/csv-messages'

/** A number cell, kept as the text the workbook stores (see parseNumber below). */
interface NumberCell {
  number: string
}
type Cell = string | NumberCell | boolean | Date | null | undefined

/**
 * A roster saved as an Excel workbook: the first sheet that holds data, every cell as the text a
 * person reads in Excel. Numbers are kept as the workbook writes them (an employee number 42 is
 * "42", never "42.0"; a value like 0.30000000000000004 is cut to Excel's 15 digits), dates as
 * ISO dates, TRUE/FALSE as words. Row i of the sheet is line i.
 */
export async function readXlsxRows(bytes: Uint8Array, fileName: string): Promise<RawRows> {
  let sheets: { sheet: string; data: Cell[][] }[]
  // The workbook reader is loaded on the first workbook opened, not at main's start.
  const { default: readXlsxFile } = await import('read-excel-file/node')
  try {
    sheets = (await readXlsxFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      // Numbers stay as the text the workbook stores: exact, and never a float's "42.0". Wrapped,
      // so a text cell that reads "1.50" is told apart from a number and kept as typed.
      parseNumber: (text: string): NumberCell => ({ number: text }),
      trim: false
    })) as unknown as { sheet: string; data: Cell[][] }[]
  } catch (err) {
    throw unreadable(err, fileName)
  }
  const found = sheets.find((s) => s.data.some((row) => row.some((cell) => cellText(cell) !== '')))
  if (!found) {
    throw rosterFileError(
      'ROSTER_EMPTY',
      `${fileName} has no sheet with data.`,
      'Open the workbook, check that the people are on its first sheet, save it and open it again.',
      { said: 'noSheet', file: fileName }
    )
  }
  const rows = found.data.map((row) => row.map(cellText))
  const notes: CsvNote[] = []
  if (sheets.length > 1) notes.push(sayNote('sheetRead', { count: sheets.length, sheet: found.sheet }))
  return { rows, lines: rows.map((_, i) => i + 1), notes, sheetName: found.sheet }
}

export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'string') return cell
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE'
  if (cell instanceof Date) return dateText(cell)
  return numberText(cell.number)
}

/** A number as Excel shows it by default: integers as written, fractions to 15 significant digits. */
function numberText(text: string): string {
  const value = Number(text)
  if (!Number.isFinite(value)) return text
  // Integers as written: a 16-digit number is not rounded, 42 stays "42".
  if (/^-?\d+$/.test(text)) return text
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value)
  return String(Number(value.toPrecision(15)))
}

/** A date cell: "2024-01-15", with the time when there is one ("2024-01-15 08:30"). */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return ''
  const iso = date.toISOString()
  const day = iso.slice(0, 10)
  const h = date.getUTCHours()
  const m = date.getUTCMinutes()
  const s = date.getUTCSeconds()
  if (h === 0 && m === 0 && s === 0) return day
  return s === 0 ? `${day} ${iso.slice(11, 16)}` : `${day} ${iso.slice(11, 19)}`
}

function unreadable(err: unknown, fileName: string): Error {
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'NO_DATA')
    return rosterFileError('ROSTER_EMPTY', `${fileName} is empty.`, undefined, {
      said: 'emptyWorkbook',
      file: fileName
    })
  if (code === 'XLS_FILE_NOT_SUPPORTED') {
    return rosterFileError(
      'ROSTER_UNREADABLE',
      `${fileName} is an Excel 97-2003 workbook (.xls), which the app does not read.`,
      undefined,
      { said: 'xls', file: fileName }
    )
  }
  return rosterFileError(
    'ROSTER_UNREADABLE',
    `${fileName} could not be read as an Excel workbook: the file is damaged or is another kind of document.`,
    undefined,
    { said: 'notXlsx', file: fileName }
  )
}
