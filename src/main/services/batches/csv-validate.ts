import Papa from 'papaparse'
import { AppError } from '../../../shared/errors'
import { CSV_MAX_CHARS, type CsvPreview, type CsvPreviewRow } from '../../../shared/batches/schemas'
import { canonicalHex32, readNfcCell, unwrapCell } from './csv-nfc-id'
import { DuplicateFinder, hashString } from './duplicate-finder'
import { CRLF_MESSAGE, NO_MESSAGES } from './csv-messages'
import { settleRows, type ExistingKeys } from './csv-duplicates'

export type ValidateOptions = ExistingKeys

const HEADER_ID =
  /^(?:nfc[ _-]?(?:id|uid)?|uid|id|card(?:[ _-]?(?:id|uid|number|no))?|serial(?:[ _-]?(?:number|no))?|tag(?:[ _-]?id)?|sep=.)$/i
const HEADER_ALIAS = /^(?:alias|name|label|description)$/i
const MAX_ALIAS = 128
const CHUNK_CHARS = 1 << 19

/** Rows to size the indexes for: about one per 16 characters (`04A1B2C3,Floor2-001`). */
function estimateRows(text: string): number {
  return Math.max(1024, text.length >> 4)
}

/**
 * The import preview of a CSV text in the console's format (`NFCID,alias`, no header): one pass
 * over papaparse's rows, a message for every repair and refusal, then duplicates by NFC ID and
 * alias. Line numbers are the file's. Hot path: no regex and no allocation for a clean row beyond
 * the preview row itself.
 */
export function validateCsv(text: string, options: ValidateOptions = {}): CsvPreview {
  if (text.length > CSV_MAX_CHARS) {
    throw new AppError({
      kind: 'validation',
      code: 'CSV_TOO_LARGE',
      message: `The file is too large to preview (${Math.round(text.length / 1048576)} MB; the limit is ${CSV_MAX_CHARS / 1048576} MB).`,
      hint: 'Split it into smaller files and import them one after another.'
    })
  }
  const reader = new CsvRowReader(text)
  // Chunks: papaparse's rows become garbage chunk by chunk instead of piling up (less GC work).
  // papaparse strips the BOM itself and detects the line ending once, on the first chunk.
  parseInChunks(text, { delimiter: ',', chunkSize: CHUNK_CHARS, chunk: (result) => reader.read(result) })
  const { rows, notes, counts } = reader
  settleRows(rows, reader.nfcKeys, options, counts, { crlf: reader.crlf, bomItem: reader.bom ? reader.firstItem : -1 })
  return { rows, notes, counts }
}

/**
 * The row-by-row part of the preview: papaparse hands over its rows chunk by chunk, and the state
 * that runs across chunks (line numbers, the first row, CRLF) lives here. Rows read as cards get a
 * provisional status; `settleRows` decides it once duplicates are known.
 */
class CsvRowReader {
  readonly rows: CsvPreviewRow[] = []
  readonly notes: string[] = []
  readonly counts = { ok: 0, repaired: 0, refused: 0, duplicate: 0 }
  readonly nfcKeys: DuplicateFinder
  readonly bom: boolean
  /** A line break inside a cell is only possible in a quoted cell. */
  private readonly mayHaveBreaksInCells: boolean
  crlf = false
  /** The preview row of the file's first non-empty line, if it was read as a card. */
  firstItem = -1
  private rowIndex = 0
  private extraLines = 0
  private first = true

  constructor(text: string) {
    this.bom = text.charCodeAt(0) === 0xfeff
    if (this.bom) this.notes.push('The byte order mark (BOM) at the start of the file was removed.')
    this.mayHaveBreaksInCells = text.indexOf('"') !== -1
    this.nfcKeys = new DuplicateFinder(estimateRows(text))
  }

  read(result: Papa.ParseResult<string[]>): void {
    if (this.rowIndex === 0 && result.meta.linebreak === '\r\n') {
      this.crlf = true
      this.notes.push('Windows line endings (CRLF) were replaced by LF.')
    }
    const { rows, counts, nfcKeys, crlf, mayHaveBreaksInCells } = this
    let count = rows.length
    let rowIndex = this.rowIndex
    let extraLines = this.extraLines
    let first = this.first
    const data = result.data
    for (let i = 0; i < data.length; i++) {
      const cells = data[i]!
      const line = ++rowIndex + extraLines
      if (mayHaveBreaksInCells) {
        for (let c = 0; c < cells.length; c++) extraLines += countNewlines(cells[c]!)
      }
      const nCells = cells.length
      let idCell = cells[0]!
      if (nCells === 1 && (idCell.length === 0 || idCell.trim() === '')) continue
      const isFirst = first
      first = false

      let aliasCell = nCells > 1 ? cells[1]! : ''
      let messages: string[] | undefined

      if (nCells === 1 && (idCell.indexOf(';') !== -1 || idCell.indexOf('\t') !== -1)) {
        const sep = idCell.indexOf(';') !== -1 ? ';' : '\t'
        const parts = idCell.split(sep)
        if (parts.length === 2) {
          idCell = parts[0]!
          aliasCell = parts[1]!
          messages = [`"${sep === ';' ? ';' : 'tab'}" used as separator; read as a comma`]
        }
      }
      if (nCells > 2) {
        let extra = false
        for (let c = 2; c < nCells; c++) if (cells[c]!.trim() !== '') extra = true
        if (extra) {
          rows[count++] = row(line, undefined, aliasCell, 'refused', [
            `${nCells} columns: the format is NFCID,alias. An alias that contains a comma must be in double quotes.`
          ])
          counts.refused++
          continue
        }
        ;(messages ??= []).push('Empty extra columns removed')
      }

      // With LF line endings, a line ending in CRLF keeps its "\r" in the last cell.
      if (!crlf) {
        const last = nCells > 1 ? aliasCell : idCell
        if (last.charCodeAt(last.length - 1) === 13) {
          if (nCells > 1) aliasCell = aliasCell.slice(0, -1)
          else idCell = idCell.slice(0, -1)
          ;(messages ??= []).push(CRLF_MESSAGE)
        }
      }

      // Fast path: an ID already in the console's form needs no repair and no allocation.
      let nfcNumber = canonicalHex32(idCell)
      let nfcId = idCell
      if (nfcNumber === -1) {
        const id = readNfcCell(idCell)
        if (!id.ok) {
          if (
            isFirst &&
            (HEADER_ID.test(unwrapCell(idCell, [], '')) || HEADER_ALIAS.test(unwrapCell(aliasCell, [], '')))
          ) {
            rows[count++] = row(line, undefined, '', 'repaired', ["Header row skipped: the console's format has none"])
            counts.repaired++
            continue
          }
          rows[count++] = row(line, undefined, aliasCell.trim(), 'refused', [id.reason])
          counts.refused++
          continue
        }
        nfcId = id.hex
        nfcNumber = canonicalHex32(nfcId)
        if (id.repairs !== undefined && id.repairs.length > 0) (messages ??= []).push(...id.repairs)
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
        if (hasControl(alias)) {
          rows[count++] = row(line, nfcId, alias, 'refused', ['The alias holds a line break or control character.'])
          counts.refused++
          continue
        }
        if (alias.length > MAX_ALIAS) {
          rows[count++] = row(line, nfcId, alias, 'refused', [`The alias is longer than ${MAX_ALIAS} characters.`])
          counts.refused++
          continue
        }
      }

      // Duplicates are found after the pass (see DuplicateFinder); until then the row holds its
      // own repairs only, and its status is decided in `settleRows`.
      const item = count
      rows[count++] = row(
        line,
        nfcId,
        alias,
        'ok',
        messages !== undefined && messages.length > 0 ? messages : NO_MESSAGES
      )
      nfcKeys.add(nfcNumber !== -1 ? nfcNumber : hashString(nfcId), item)
      if (isFirst) this.firstItem = item
    }
    this.rowIndex = rowIndex
    this.extraLines = extraLines
    this.first = first
  }
}

/**
 * papaparse calls `chunk` synchronously, chunk after chunk, for a string input (StringStreamer);
 * its typings only declare chunked parsing for files and streams.
 */
const parseInChunks = Papa.parse as unknown as (
  text: string,
  config: Papa.ParseConfig<string[]> & { chunkSize: number; chunk(result: Papa.ParseResult<string[]>): void }
) => void

/** One shape for every preview row (keeps V8's objects monomorphic). */
function row(
  line: number,
  nfcId: string | undefined,
  alias: string,
  status: CsvPreviewRow['status'],
  messages: string[]
): CsvPreviewRow {
  return { line, nfcId, alias, status, messages }
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
