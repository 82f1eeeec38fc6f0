import type Papa from 'papaparse'
import { AppError } from '../../../shared/errors'
import { CSV_MAX_CHARS, type CsvPreview, type CsvPreviewRow } from '../../../shared/batches/schemas'
import { canonicalHex32, readNfcCell, unwrapCell } from './csv-nfc-id'
import { DuplicateFinder, hashString } from './duplicate-finder'
import { NO_MESSAGES, englishOf, englishOfNote, say, sayNote } from './csv-messages'
import type { CsvNote, CsvSaid } from '../../../shared/batches/csv-said'
import { isHeaderRow, namesIdsAsSent } from './csv-header-row'
import { settleRows, type ExistingKeys } from './csv-duplicates'
import { cardKey, cardKey32 } from '../../../shared/nfc/card-identity'
import { isAllDigits, writtenDigits, writtenDigitsReading } from '../../../shared/nfc/card-number'
import { inByteOrder } from '../../../shared/nfc/byte-order'
import { plainEnd, scanPlainRows, type PlainRowSink } from './csv-plain-rows'
import type { ByteOrder } from '../../../shared/batches/schemas'
import { csvParser } from '../csv-parser'
import { separatorNote } from '../csv-separator'
import { csvSeparator } from '../../../shared/text/csv-separator'
import { quoteNeverClosed, startOfLine } from '../csv-quote-never-closed'

export interface ValidateOptions extends ExistingKeys {
  /**
   * The byte order of the batch the file goes into: every ID is answered as entered for that batch
   * (as a reader shows it; the batch sends it in its order). A file that names its IDs as sent to the
   * console (Import's export, EXPORT_HEADER) has them turned back here, so the batch sends them as
   * they were: never reversed twice.
   */
  byteOrder?: ByteOrder
}

/** Excel's separator line (`sep=,` reads as the cells `sep=` and ``): a header row may follow it. */
const SEP_LINE = /^sep=/i
const MAX_ALIAS = 128
const CHUNK_CHARS = 1 << 19

/** Rows to size the indexes for: about one per 16 characters (`04A1B2C3,Floor2-001`). */
function estimateRows(text: string): number {
  // Stryker disable next-line MethodExpression: equivalent, the indexes grow past their first size (only speed)
  return Math.max(1024, text.length >> 4)
}

/**
 * The import preview of a CSV text in the console's format (`NFCID,alias`, no header): one pass
 * over the file's rows (its quote-free lines read straight from the text, the rest by papaparse),
 * a message for every repair and refusal, then duplicates by NFC ID and alias. Line numbers are the
 * file's. Hot path: no regex and no allocation for a clean row beyond its two cells and the preview
 * row itself.
 *
 * A text with a double quote needs papaparse, loaded on first use: callers `await loadCsvParser()`
 * (csv-parser.ts) first; readCsvAgainst does.
 */
export function validateCsv(
  text: string,
  options: ValidateOptions = {},
  /** `papaparse`: every line through papaparse (the tests that hold the one-pass reader to it). */
  parser: 'auto' | 'papaparse' = 'auto'
): CsvPreview {
  return settleCsv(readCsv(text, parser), options, true)
}

/**
 * A CSV text read once: its rows as the file writes them (repairs and refusals said), before
 * duplicates are known. The duplicates depend on the batch and the console, which an Add changes, so
 * the same reading is settled again after it (`settleCsv`) instead of the file being read twice.
 */
export interface CsvReading {
  readonly rows: readonly CsvPreviewRow[]
  readonly nfcKeys: DuplicateFinder
  readonly notes: readonly CsvNote[]
  readonly counts: Readonly<CsvPreview['counts']>
  /** The line of a header that names the IDs as sent to the console, if any. */
  readonly asSent: number | undefined
}

/**
 * The preview of a reading against the batch and the console (`options`): duplicates settled, IDs
 * of an as-sent file answered as entered. Settles copies of the rows, so the reading can be settled
 * again; `consume` settles the reading's own rows (its last settling: no copy).
 */
export function settleCsv(reading: CsvReading, options: ValidateOptions, consume = false): CsvPreview {
  const rows = consume ? (reading.rows as CsvPreviewRow[]) : reading.rows.map((r) => ({ ...r }))
  const counts = { ...reading.counts }
  const notes = [...reading.notes]
  settleRows(rows, reading.nfcKeys, options, counts)
  if (reading.asSent !== undefined) asEntered(rows, notes, reading.asSent, options.byteOrder)
  return { rows, notes: notes.map(englishOfNote), noteSaid: notes, counts }
}

/** Reads a CSV text in one pass (see validateCsv); duplicates are left to `settleCsv`. */
export function readCsv(text: string, parser: 'auto' | 'papaparse' = 'auto'): CsvReading {
  if (text.length > CSV_MAX_CHARS) {
    throw new AppError({
      kind: 'validation',
      code: 'CSV_TOO_LARGE',
      message: `The file is too large to preview (${Math.round(text.length / 1048576)} MB; the limit is ${CSV_MAX_CHARS / 1048576} MB).`,
      hint: 'Split it into smaller files and import them one after another.',
      details: { sizeMb: Math.round(text.length / 1048576), limitMb: CSV_MAX_CHARS / 1048576 }
    })
  }
  if (text.indexOf('\u0000') !== -1) {
    // A UTF-16 file read as UTF-8 (or a binary file): every other character is NUL.
    throw new AppError({
      kind: 'validation',
      code: 'CSV_ENCODING',
      message: 'This file is not readable text: it holds NUL characters (probably UTF-16 without a byte order mark).',
      hint: 'Save it as "CSV UTF-8 (Comma delimited)" (Excel: File > Save As) and open it again.'
    })
  }
  const notes: CsvNote[] = []
  if (text.charCodeAt(0) === 0xfeff) {
    // Stryker disable next-line MethodExpression: equivalent, the ID reader's trim removes U+FEFF too; slicing keeps the first cell exact
    text = text.slice(1)
    notes.push(sayNote('bomRemoved'))
  }
  // Files edited on several systems mix line endings; papaparse guesses one from the first line
  // and would run two lines together. Said once for the file, never per row.
  if (text.indexOf('\r') !== -1) {
    text = text.replace(CR_LINE_ENDINGS, '\n')
    notes.push(sayNote('crlfRead'))
  }
  // The separator as the roster reads it (shared/text/csv-separator.ts): French and German Excel write `;`.
  const { separator, sepLineEnd } = csvSeparator(text)
  const note = sepLineEnd === 0 ? separatorNote(separator) : undefined
  if (note) notes.push(note)
  const reader = new CsvRowReader(text, notes, separator)
  // The quote-free lines (all of a file in the console's own format) are read in one pass without
  // papaparse (csv-plain-rows.ts); from the first line with a quote on, papaparse reads the rest.
  const plain = parser === 'papaparse' ? 0 : plainEnd(text)
  let rest = text
  if (plain > 0) {
    const lines = scanPlainRows(text, plain, reader, separator.charCodeAt(0))
    rest = plain === text.length ? '' : text.slice(plain)
    reader.restartAt(lines)
  }
  while (rest !== '') {
    // Chunks: papaparse's rows become garbage chunk by chunk instead of piling up (less GC work).
    parseInChunks(csvParser(), rest, {
      delimiter: separator,
      newline: '\n',
      chunkSize: CHUNK_CHARS,
      chunk: (result) => reader.read(result)
    })
    const broken = reader.takeBrokenQuote()
    if (broken === undefined) break
    // A quote never closed (csv-quote-never-closed.ts, the roster's rule too): that line is refused
    // and the reading goes on from the next one, so one stray quote never swallows the rest of the file.
    const next = startOfLine(rest, broken.line - reader.lineBase + 1)
    // Stryker disable next-line ConditionalExpression,UnaryOperator: equivalent, the broken cell holds the line break looked for, so a next line always exists
    if (next === -1) break
    rest = rest.slice(next)
    reader.restartAt(broken.line)
  }
  return { rows: reader.rows, nfcKeys: reader.nfcKeys, notes, counts: reader.counts, asSent: reader.asSent }
}

const CR_LINE_ENDINGS = /\r\n?/g

/**
 * A file whose IDs are as sent to the console (its header line says so): each ID answered as the
 * batch enters it — turned back in a reversed batch, which turns it again when sending — and said
 * once. Duplicates were settled already: they compare cards in either order.
 */
function asEntered(rows: CsvPreviewRow[], notes: CsvNote[], line: number, order: ByteOrder | undefined): void {
  if (order === 'reversed') {
    for (const r of rows) if (r.nfcId !== undefined) r.nfcId = inByteOrder(r.nfcId, order)
  }
  notes.push(sayNote('asSent', { line: String(line), reversed: order === 'reversed' ? 'yes' : 'no' }))
}

/**
 * The row-by-row part of the preview: rows come from the one-pass reader (`plainRow`) and from
 * papaparse chunk by chunk (`read`), and the state that runs across them (line numbers, the first
 * row, a declared separator) lives here. Rows read as cards get a provisional status; `settleRows`
 * decides it once duplicates are known.
 */
class CsvRowReader implements PlainRowSink {
  readonly rows: CsvPreviewRow[] = []
  readonly counts = { ok: 0, repaired: 0, refused: 0, duplicate: 0 }
  readonly nfcKeys: DuplicateFinder
  /** A line break inside a cell is only possible in a quoted cell. */
  private readonly mayHaveBreaksInCells: boolean
  /** The line before the text being parsed now (0, the last quote-free line, or the line of a quote never closed). */
  lineBase = 0
  private rowIndex = 0
  private extraLines = 0
  private first = true
  private broken: { line: number } | undefined
  /** The separator a `sep=` first line declared, if any. */
  private declared: string | undefined
  /**
   * How many columns the file's header row names (2 without one): the columns after the alias that
   * it names are not read, and said once, instead of every line being refused for them.
   */
  private columns = 2
  /** The line of a header that names the IDs as sent to the console (EXPORT_HEADER), if any. */
  asSent: number | undefined

  constructor(
    private readonly text: string,
    private readonly notes: CsvNote[],
    /** The file's column separator (csv-separator.ts). */
    private readonly separator: string
  ) {
    this.mayHaveBreaksInCells = text.indexOf('"') !== -1
    this.nfcKeys = new DuplicateFinder(estimateRows(text))
  }

  /** The line of a quote never closed, found in the last parse (once). */
  takeBrokenQuote(): { line: number } | undefined {
    const broken = this.broken
    this.broken = undefined
    return broken
  }

  /** Parse on after line `line` (the rest of the file is a new text for papaparse). */
  restartAt(line: number): void {
    this.lineBase = line
    this.rowIndex = 0
    this.extraLines = 0
  }

  /** One quote-free line, `[start, end)` of the text (csv-plain-rows.ts): only its first two cells are sliced. */
  plainRow(line: number, start: number, end: number, comma1: number, comma2: number, cells: number): void {
    const text = this.text
    if (cells === 1) {
      this.readRow(line, text.slice(start, end), '', 1, false)
      return
    }
    const alias = text.slice(comma1 + 1, cells === 2 ? end : comma2)
    const rest = cells > 2 ? text.slice(comma2 + 1, end).split(this.separator) : undefined
    const extra = rest !== undefined && anyFilled(rest)
    // The third cell names the first column not read, should this line be the header.
    this.readRow(line, text.slice(start, comma1), alias, cells, extra, this.first ? rest?.[0] : undefined)
  }

  read(result: Papa.ParseResult<string[]>): void {
    if (this.broken !== undefined) return
    const { rows, counts, mayHaveBreaksInCells, lineBase } = this
    const data = result.data
    // The rows with a quote papaparse could not read (never closed, or closed lines later in the
    // middle of a cell): such a cell may have swallowed the lines after it. Every one of them, not
    // only the first: a misplaced quote earlier in the chunk must not let a later one swallow lines.
    let quoteRows: Map<number | undefined, string> | undefined
    for (const error of result.errors) {
      if (error.type !== 'Quotes') continue
      // A row may have two quote errors: "never closed" is the one that counts.
      const had = quoteRows?.get(error.row)
      ;(quoteRows ??= new Map()).set(error.row, had === 'MissingQuotes' ? had : error.code)
    }
    for (let i = 0; i < data.length; i++) {
      const cells = data[i]!
      const line = lineBase + ++this.rowIndex + this.extraLines
      if (quoteRows !== undefined && quoteRows.has(i)) {
        const spans = quoteNeverClosed(cells, quoteRows.get(i))
        rows.push(
          row(line, undefined, '', 'refused', [
            say(spans ? 'quoteNeverClosed' : 'quoteMisplaced', { line: String(line) })
          ])
        )
        counts.refused++
        this.first = false
        if (spans) {
          this.broken = { line }
          break
        }
        continue
      }
      if (mayHaveBreaksInCells) {
        for (let c = 0; c < cells.length; c++) this.extraLines += countNewlines(cells[c]!)
      }
      const nCells = cells.length
      this.readRow(
        line,
        cells[0]!,
        nCells > 1 ? cells[1]! : '',
        nCells,
        nCells > 2 && anyFilled(cells.slice(2)),
        cells[2]
      )
    }
  }

  /**
   * One line of the file as its first two cells and how many cells it has (`extra`: a cell after
   * the alias holds more than spaces), whichever reader found them.
   */
  private readRow(
    line: number,
    idCell: string,
    aliasCell: string,
    nCells: number,
    extra: boolean,
    /** The third cell of the file's first row (the first column not read, if it is a header). */
    thirdCell?: string
  ): void {
    if (nCells === 1 && (idCell.length === 0 || idCell.trim() === '')) return
    const { rows, counts } = this
    const isFirst = this.first
    this.first = false
    let messages: CsvSaid[] | undefined

    if (isFirst && nCells <= 2 && SEP_LINE.test(idCell)) {
      // Excel's separator line (`sep=;`): the file says how it is written. Named as such, and its
      // separator honoured without a word on every line. A header row may follow it.
      const declared = nCells === 2 ? this.separator : idCell.slice(4)
      if (declared.length === 1) {
        this.declared = declared
        this.notes.push(sayNote('sepLine', { line: String(line), separator: declared === '\t' ? 'tab' : declared }))
        this.first = true
        return
      }
    }
    if (nCells === 1 && (idCell.indexOf(';') !== -1 || idCell.indexOf('\t') !== -1)) {
      const sep = idCell.indexOf(';') !== -1 ? ';' : '\t'
      const parts = idCell.split(sep)
      if (parts.length === 2) {
        idCell = parts[0]!
        aliasCell = parts[1]!
        // A separator the file declared is no repair.
        if (sep !== this.declared) messages = [say('separatorReadAsComma', { separator: sep === ';' ? ';' : 'tab' })]
      }
    } else if (nCells === 1 && this.separator !== ',' && idCell.indexOf(',') !== -1) {
      // The console's own `NFCID,alias` in a `;` or tab file (a line pasted in from the console's
      // format): read as such, no repair. The preview's corrected line is written with the file's
      // own separator (shared/batches/csv-line-edit.ts).
      const parts = idCell.split(',')
      if (parts.length === 2) {
        idCell = parts[0]!
        aliasCell = parts[1]!
      }
    }
    // More cells than the header names: text in one refuses the line (an alias with an unquoted
    // separator would lose its end), empty ones are a repair. The first line may be that header.
    let tooMany = false
    if (nCells > this.columns) {
      if (extra && !isFirst) {
        this.refuseColumns(line, aliasCell, nCells)
        return
      }
      if (extra) tooMany = true
      else (messages ??= []).push(say('emptyColumnsRemoved'))
    }

    // Fast path: an ID already in the console's form needs no repair and no allocation.
    let nfcNumber = canonicalHex32(idCell)
    let nfcId = idCell
    // Stryker disable next-line ConditionalExpression: equivalent, the fast path's ID read the slow way is the same ID
    if (nfcNumber === -1) {
      const id = readNfcCell(idCell)
      if (!id.ok) {
        if (
          isFirst &&
          // Stryker disable next-line ArrayDeclaration,StringLiteral: equivalent, the repairs and field name of a header check are dropped
          isHeaderRow(unwrapCell(idCell, [], 'nfcId'), unwrapCell(aliasCell, [], 'alias'))
        ) {
          // A file-level note, not a row: a skipped header is neither a card nor a repair. An
          // export's header (its IDs as sent) is said once its rows are read (asEntered).
          if (namesIdsAsSent(unwrapCell(idCell, [], 'nfcId'))) this.asSent = line
          else this.notes.push(sayNote('headerSkipped', { line: String(line) }))
          if (SEP_LINE.test(idCell)) this.first = true
          else if (tooMany) this.notReadColumns(nCells, thirdCell)
          return
        }
        if (tooMany) {
          this.refuseColumns(line, aliasCell, nCells)
          return
        }
        rows.push(row(line, undefined, aliasCell.trim(), 'refused', [id.said]))
        counts.refused++
        return
      }
      nfcId = id.hex
      nfcNumber = canonicalHex32(nfcId)
      if (id.repairs !== undefined && id.repairs.length > 0) (messages ??= []).push(...id.repairs)
    }

    if (tooMany) {
      this.refuseColumns(line, aliasCell, nCells)
      return
    }

    let alias = aliasCell
    const aliasLength = alias.length
    if (aliasLength > 0) {
      const a = alias.charCodeAt(0)
      const z = alias.charCodeAt(aliasLength - 1)
      // Space, tab, quote or apostrophe at either end: unwrap (allocates only on this path).
      if (a === 32 || z === 32 || a === 34 || z === 34 || a === 39 || z === 39 || a === 9 || z === 9) {
        alias = unwrapCell(alias, (messages ??= []), 'alias')
      }
      if (alias.indexOf('\ufffd') !== -1) {
        // U+FFFD is what a UTF-8 decoder puts for bytes that are not UTF-8: the alias's own
        // letters (é, ü, …) are lost. Importing it would keep the loss for good.
        rows.push(row(line, nfcId, alias, 'refused', [say('aliasNotUtf8')]))
        counts.refused++
        return
      }
      if (hasControl(alias)) {
        rows.push(row(line, nfcId, alias, 'refused', [say('aliasControl')]))
        counts.refused++
        return
      }
      if (alias.length > MAX_ALIAS) {
        rows.push(row(line, nfcId, alias, 'refused', [say('aliasTooLong', { max: String(MAX_ALIAS) })]))
        counts.refused++
        return
      }
    }

    // Duplicates are found after the pass (see DuplicateFinder); until then the row holds its
    // own repairs only, and its status is decided in `settleRows`.
    const item = rows.length
    rows.push(
      row(
        line,
        nfcId,
        alias,
        'ok',
        messages,
        // Read as hex, as the console's format says; flagged, never changed (card-number.ts).
        // The rule is on the ID as written: separators (04:11:22:…) make it hex by its form.
        isAllDigits(nfcId) ? (nfcId === idCell ? nfcId : unwrapCell(idCell, [], 'nfcId')) : undefined
      )
    )
    // Hashed by card (either byte order: card-identity.ts), so the same card reversed meets its twin.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,UnaryOperator: equivalent, which key a row is hashed by changes only the speed (equal keys are settled by comparing cards)
    this.nfcKeys.add(nfcNumber !== -1 ? cardKey32(nfcNumber) : hashString(cardKey(nfcId)), item)
  }

  /** A line with text in more columns than the file has: refused whole, so no part of it is lost. */
  private refuseColumns(line: number, aliasCell: string, nCells: number): void {
    this.rows.push(row(line, undefined, aliasCell, 'refused', [say('tooManyColumns', { columns: String(nCells) })]))
    this.counts.refused++
  }

  /**
   * A header that names more columns than the NFC ID and the alias (a "Remarque" column): those are
   * the file's, not a fault of every line. They are not read, and that is said once, naming the first.
   */
  private notReadColumns(nCells: number, thirdCell: string | undefined): void {
    this.columns = nCells
    const name = thirdCell === undefined ? '' : unwrapCell(thirdCell, [], 'alias')
    this.notes.push(
      sayNote('columnsNotRead', { column: '3', name: name === '' ? 'none' : name, more: nCells > 3 ? 'yes' : 'no' })
    )
  }
}

/** A cell after the alias that holds more than spaces (such a line is refused, empty ones are dropped). */
function anyFilled(cells: string[]): boolean {
  for (const cell of cells) if (cell.trim() !== '') return true
  return false
}

/**
 * papaparse calls `chunk` synchronously, chunk after chunk, for a string input (StringStreamer);
 * its typings only declare chunked parsing for files and streams.
 */
function parseInChunks(
  papa: typeof Papa,
  text: string,
  config: Papa.ParseConfig<string[]> & { chunkSize: number; chunk(result: Papa.ParseResult<string[]>): void }
): void {
  ;(papa.parse as unknown as (t: string, c: typeof config) => void)(text, config)
}

/**
 * One shape for every preview row (keeps V8's objects monomorphic): what is said of it as facts
 * (`said`, the desk's words) and in main's English (`messages`); none: the shared empty list.
 */
function row(
  line: number,
  nfcId: string | undefined,
  alias: string,
  status: CsvPreviewRow['status'],
  said: CsvSaid[] | undefined,
  /** The ID as written, when all digits: the all-digit note applies to it (card-number.ts). */
  digitsWritten?: string
): CsvPreviewRow {
  const none = said === undefined || said.length === 0
  const reading = digitsWritten === undefined ? undefined : writtenDigitsReading(digitsWritten)
  const readingSaid = digitsWritten === undefined ? undefined : writtenDigits(digitsWritten)
  return {
    line,
    nfcId,
    alias,
    status,
    messages: none ? NO_MESSAGES : said.map(englishOf),
    said: none ? undefined : said,
    reading,
    ...(readingSaid && { readingSaid })
  }
}

function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 32 || c === 127) return true
  }
  return false
}

function countNewlines(s: string): number {
  let n = 0
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++
  return n
}
