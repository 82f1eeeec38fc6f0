import Papa from 'papaparse'
import { AppError } from '../../../shared/errors'
import { CSV_MAX_CHARS, type CsvPreview, type CsvPreviewRow } from '../../../shared/batches/schemas'
import { canonicalHex32, readNfcCell, unwrapCell } from './csv-nfc-id'
import { firstLines, firstLinesByMap, hashString, pack, POSITION_LIMIT } from './string-index'

export interface ValidateOptions {
  /** NFC IDs and aliases already in the batch the rows go to: reported as duplicates too. */
  existingNfcIds?: { has(key: string): boolean }
  existingAliases?: { has(key: string): boolean }
}

const CRLF_MESSAGE = 'Windows line ending (CRLF) replaced by LF'
// Shared (frozen) message lists for the common cases: no allocation per row.
const NO_MESSAGES = Object.freeze([]) as unknown as string[]
const CRLF_ONLY = Object.freeze([CRLF_MESSAGE]) as unknown as string[]
const HEADER_ID =
  /^(?:nfc[ _-]?(?:id|uid)?|uid|id|card(?:[ _-]?(?:id|uid|number|no))?|serial(?:[ _-]?(?:number|no))?|tag(?:[ _-]?id)?|sep=.)$/i
const HEADER_ALIAS = /^(?:alias|name|label|description)$/i
const MAX_ALIAS = 128
const CHUNK_CHARS = 1 << 19

/** Rows to size the indexes for: about one per 16 characters (`04A1B2C3,Floor2-001`). */
function estimateRows(text: string): number {
  return Math.max(1024, Math.floor(text.length / 20))
}

/**
 * The import preview of a CSV text in the console's format (`NFCID,alias`, no header): one pass
 * over papaparse's rows, a message for every repair and refusal, duplicates by NFC ID and alias.
 * Line numbers are the file's. Hot path: no regex and no allocation for a clean row beyond the
 * preview row itself.
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
  const notes: string[] = []
  const bom = text.charCodeAt(0) === 0xfeff
  if (bom) notes.push('The byte order mark (BOM) at the start of the file was removed.')

  // A line break inside a cell is only possible in a quoted cell.
  const mayHaveBreaksInCells = text.indexOf('"') !== -1
  const expected = estimateRows(text)
  const rows: CsvPreviewRow[] = []
  let count = 0
  const counts = { ok: 0, repaired: 0, refused: 0, duplicate: 0 }
  // Rows that reach the duplicate check, resolved after the parse (see resolveDuplicates).
  const candidates = new Candidates(expected)
  const existingNfc = options.existingNfcIds
  const existingAlias = options.existingAliases
  let crlf = false
  let rowIndex = 0
  let extraLines = 0
  let first = true

  // Chunks: papaparse's rows become garbage chunk by chunk instead of piling up (less GC work).
  // papaparse strips the BOM itself and detects the line ending once, on the first chunk.
  parseInChunks(text, {
    delimiter: ',',
    chunkSize: CHUNK_CHARS,
    chunk: (result) => {
      if (rowIndex === 0 && result.meta.linebreak === '\r\n') {
        crlf = true
        notes.push('Windows line endings (CRLF) were replaced by LF.')
      }
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
              rows[count++] = row(line, undefined, '', 'repaired', [
                "Header row skipped: the console's format has none"
              ])
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

        // Duplicates are settled after the parse; the row is written as if unique and replaced if not.
        candidates.add(count, line, nfcNumber, messages)

        const bomHere = bom && isFirst
        if (messages === undefined && !crlf && !bomHere) {
          rows[count++] = row(line, nfcId, alias, 'ok', NO_MESSAGES)
          counts.ok++
          continue
        }
        if (messages === undefined && !bomHere) messages = CRLF_ONLY
        else {
          // The list kept for a duplicate's message must not get these whole-file repairs.
          if (messages !== undefined) candidates.keepMessagesCopy(messages)
          messages ??= []
          if (crlf) messages.push(CRLF_MESSAGE)
          if (bomHere) messages.unshift('Byte order mark (BOM) removed')
        }
        rows[count++] = row(line, nfcId, alias, 'repaired', messages)
        counts.repaired++
      }
    }
  })
  resolveDuplicates(candidates, rows, counts, options)
  return { rows, notes, counts }
}

/**
 * The rows that reached the duplicate check, in file order (a position each): their row, line and
 * NFC ID key, packed for sorting. Checking while parsing meant a random probe into a table of
 * several MB per row between papaparse's allocations; sorting once afterwards walks memory in order.
 */
class Candidates {
  n = 0
  row: Int32Array
  line: Int32Array
  /** pack(4-byte NFC ID as a number, position), for the numeric ones (`numeric` of them). */
  nfcPacked: Float64Array
  numeric = 0
  /** Positions of 7- and 10-byte IDs (compared as strings). */
  longIds: number[] = []
  /** The row's own repair messages (before whole-file ones), only where there are some. */
  messages: (string[] | undefined)[] = []

  constructor(expected: number) {
    this.row = new Int32Array(expected)
    this.line = new Int32Array(expected)
    this.nfcPacked = new Float64Array(expected)
  }

  add(row: number, line: number, nfcNumber: number, messages: string[] | undefined): void {
    const i = this.n++
    if (i === this.row.length) this.grow()
    this.row[i] = row
    this.line[i] = line
    if (nfcNumber >= 0) this.nfcPacked[this.numeric++] = pack(nfcNumber, i)
    else this.longIds.push(i)
    if (messages !== undefined) this.messages[i] = messages
  }

  keepMessagesCopy(messages: string[]): void {
    this.messages[this.n - 1] = messages.slice()
  }

  private grow(): void {
    const size = this.row.length * 2
    const row = new Int32Array(size)
    row.set(this.row)
    const line = new Int32Array(size)
    line.set(this.line)
    const nfcPacked = new Float64Array(size)
    nfcPacked.set(this.nfcPacked)
    this.row = row
    this.line = line
    this.nfcPacked = nfcPacked
  }
}

/**
 * The first occurrence of an NFC ID or alias is kept; later ones become duplicates naming the
 * first's line. A row whose NFC ID is a duplicate (or already in the batch) does not claim its alias.
 */
function resolveDuplicates(
  c: Candidates,
  rows: CsvPreviewRow[],
  counts: CsvPreview['counts'],
  options: ValidateOptions
): void {
  const n = c.n
  if (n === 0) return
  const { line } = c
  const rowOf = c.row
  const nfcIdAt = (i: number) => rows[rowOf[i]!]!.nfcId!
  const aliasAt = (i: number) => rows[rowOf[i]!]!.alias
  const existingNfc = options.existingNfcIds
  const existingAlias = options.existingAliases
  const big = n >= POSITION_LIMIT

  const sameNfc = new Int32Array(n).fill(-1)
  if (big) firstLinesByMap(n, nfcIdAt, line, sameNfc)
  else {
    firstLines(c.nfcPacked, c.numeric, line, sameNfc)
    const long = c.longIds
    if (long.length > 0) {
      const packed = new Float64Array(long.length)
      for (let j = 0; j < long.length; j++) packed[j] = pack(hashString(nfcIdAt(long[j]!)), long[j]!)
      firstLines(packed, long.length, line, sameNfc, nfcIdAt)
    }
  }

  // 0: new NFC ID, 1: same as an earlier line, 2: already in the batch.
  const nfcState = new Uint8Array(n)
  const claims = new Float64Array(n)
  let m = 0
  for (let i = 0; i < n; i++) {
    if (sameNfc[i] !== -1) nfcState[i] = 1
    else if (existingNfc !== undefined && existingNfc.has(nfcIdAt(i))) nfcState[i] = 2
    else if (!big) {
      const a = aliasAt(i)
      if (a !== '') claims[m++] = pack(hashString(a), i)
    }
  }
  const sameAlias = new Int32Array(n).fill(-1)
  if (big) firstLinesByMap(n, (i) => (nfcState[i] === 0 && aliasAt(i) !== '' ? aliasAt(i) : undefined), line, sameAlias)
  else firstLines(claims, m, line, sameAlias, aliasAt)

  for (let i = 0; i < n; i++) {
    const state = nfcState[i]!
    const aliasDup = sameAlias[i] !== -1
    if (state === 0 && !aliasDup && existingAlias === undefined) continue
    const a = aliasAt(i)
    const aliasUsed = !aliasDup && a !== '' && existingAlias !== undefined && existingAlias.has(a)
    if (state === 0 && !aliasDup && !aliasUsed) continue
    const dup: string[] = []
    if (state === 1) dup.push(`Same NFC ID as line ${sameNfc[i]}`)
    else if (state === 2) dup.push('This NFC ID is already in the batch')
    if (aliasDup) dup.push(`Alias "${a}" is also on line ${sameAlias[i]}; aliases must be unique`)
    else if (aliasUsed) dup.push(`Alias "${a}" is already used in the batch`)
    const r = rowOf[i]!
    const before = rows[r]!
    if (before.status === 'ok') counts.ok--
    else counts.repaired--
    counts.duplicate++
    const own = c.messages[i]
    rows[r] = row(line[i]!, before.nfcId, a, 'duplicate', own ? [...own, ...dup] : dup)
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
