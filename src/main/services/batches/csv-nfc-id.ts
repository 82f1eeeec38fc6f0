import { AppError } from '../../../shared/errors'
import { nfcIdProblemValues, normaliseNfcId, type NfcIdProblem } from '../../../shared/nfc/uid'
import { uidOfDecimal } from '../../../shared/nfc/card-number'
import type { CsvSaid } from '../../../shared/batches/csv-said'
import { englishOf, say } from './csv-messages'

/**
 * Reading one NFC ID cell of a CSV file: repair what is safe (and say what was repaired), refuse
 * what is not (and say why). The common case (an ID already in the console's form) is one loop
 * over char codes and no allocation; the rest goes through the shared `normaliseNfcId`.
 */
export type CellResult =
  | { ok: true; hex: string; repairs: CsvSaid[] | undefined }
  /** `reason`: `said` in main's English (a typed card's refusal, a roster's cell). */
  | { ok: false; reason: string; said: CsvSaid }

function refused(said: CsvSaid): CellResult {
  return { ok: false, reason: englishOf(said), said }
}

// Precompiled once: per-row work only runs `.test`, which allocates nothing.
const SCIENTIFIC = /^[+-]?\d(?:[.,]\d+)?E\+\d+$/i
const HAS_SEPARATOR = /[:\s-]/
const HAS_LOWER = /[a-f]/
const HEX_PREFIX = /^0x/i
const SEPARATORS = /[:\s-]/g
const ALL_HEX = /^[0-9A-F]+$/i

/**
 * A 4-byte ID already in the console's form (8 uppercase hex digits) as an unsigned number, or -1.
 * The value keys the duplicate index without hashing a string.
 */
export function canonicalHex32(s: string): number {
  if (s.length !== 8) return -1
  let value = 0
  for (let i = 0; i < 8; i++) {
    const c = s.charCodeAt(i)
    let digit: number
    if (c >= 48 && c <= 57) digit = c - 48
    else if (c >= 65 && c <= 70) digit = c - 55
    else return -1
    value = value * 16 + digit
  }
  return value
}

function isCanonicalHex(s: string): boolean {
  const n = s.length
  if (n !== 8 && n !== 14 && n !== 20) return false
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    // 0-9 or A-F
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 70))) return false
  }
  return true
}

/**
 * Spaces and wrapping quotes around a cell (papaparse keeps quotes that do not start the cell), each
 * repair said of `what` (the NFC ID or the alias cell).
 */
export function unwrapCell(raw: string, repairs: CsvSaid[], what: 'nfcId' | 'alias'): string {
  let s = raw.trim()
  if (s.length !== raw.length) repairs.push(say('spacesRemoved', { what }))
  // Excel's "keep as text" export: ="04A1B2C3"
  if (s.length >= 3 && s.startsWith('="') && s.endsWith('"')) {
    s = s.slice(2, -1).trim()
    repairs.push(say('excelMarkerRemoved', { what }))
  }
  let unquoted = false
  while (s.length >= 2) {
    const first = s.charCodeAt(0)
    if ((first === 34 || first === 39) && s.charCodeAt(s.length - 1) === first) {
      s = s.slice(1, -1).trim()
      unquoted = true
    } else break
  }
  if (unquoted) repairs.push(say('quotesRemoved', { what }))
  return s
}

/**
 * An ID refused by the ID reader as an error's facts: the key of the sentence Import's preview says of
 * such a line (`csvSaid`) and its values, so the desk words a typed ID's error and a roster's tap as
 * that line (shared/errors-wording.ts `idRefused`); main's English message is that sentence's English.
 */
export function idRefusedFacts(said: CsvSaid): Record<string, string> {
  return { csvSaid: said.key, ...said.values }
}

/** A typed ID (Import's field, a row's edit) that is no NFC ID: the preview line's sentence, as an error. */
export function typedIdRefused(cell: Extract<CellResult, { ok: false }>): AppError {
  return new AppError({
    kind: 'validation',
    code: 'NFC_ID_INVALID',
    message: cell.reason,
    details: idRefusedFacts(cell.said)
  })
}

/**
 * A UID read from a card that is no NFC ID a console takes (the reader's `problemSaid`: a length no
 * card has), said as the preview says a line with that ID: no leading zero lost, no decimal reading
 * (a reader gives whole bytes in hex).
 */
export function tappedIdSaid(uid: string, problem: NfcIdProblem): { said: CsvSaid; english: string } {
  const said = say('nfcIdInvalid', {
    cell: uid,
    ...nfcIdProblemValues(problem),
    zeroLost: 'no',
    decimalUid: 'none',
    digitsWritten: uid
  })
  return { said, english: englishOf(said) }
}

export function readNfcCell(raw: string): CellResult {
  if (isCanonicalHex(raw)) return { ok: true, hex: raw, repairs: undefined }
  const repairs: CsvSaid[] = []
  const s = unwrapCell(raw, repairs, 'nfcId')
  if (s === '') return refused(say('noNfcId'))
  if (SCIENTIFIC.test(s)) return refused(say('scientific', { cell: s }))
  const result = normaliseNfcId(s)
  if (!result.ok) {
    const compact = s.replace(SEPARATORS, '').replace(HEX_PREFIX, '')
    const zeroLost = compact.length % 2 === 1 && compact.length < 20 && ALL_HEX.test(compact)
    // Digits only: perhaps the decimal number printed on the card (10 digits, say), which is no hex UID.
    const decimalUid = uidOfDecimal(compact)
    const p = result.problem
    return refused(
      say('nfcIdInvalid', {
        cell: s,
        problem: p.kind,
        digit: p.kind === 'notHex' ? p.digit : '',
        digits: p.kind === 'odd' ? String(p.digits) : '',
        bytes: p.kind === 'length' ? String(p.bytes) : '',
        zeroLost: zeroLost ? 'yes' : 'no',
        decimalUid: decimalUid ?? 'none',
        digitsWritten: compact
      })
    )
  }
  if (HEX_PREFIX.test(s)) repairs.push(say('prefixRemoved'))
  if (HAS_SEPARATOR.test(s)) repairs.push(say('separatorsRemoved'))
  if (HAS_LOWER.test(s.replace(HEX_PREFIX, ''))) repairs.push(say('lowercaseMadeUpper'))
  return { ok: true, hex: result.hex, repairs }
}
