import { normaliseNfcId } from '../../../shared/nfc/uid'
import { uidOfDecimal } from '../../../shared/nfc/card-number'

/**
 * Reading one NFC ID cell of a CSV file: repair what is safe (and say what was repaired), refuse
 * what is not (and say why). The common case (an ID already in the console's form) is one loop
 * over char codes and no allocation; the rest goes through the shared `normaliseNfcId`.
 */
export type CellResult = { ok: true; hex: string; repairs: string[] | undefined } | { ok: false; reason: string }

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

/** Spaces and wrapping quotes around a cell (papaparse keeps quotes that do not start the cell). */
export function unwrapCell(raw: string, repairs: string[], what: string): string {
  let s = raw.trim()
  if (s.length !== raw.length) repairs.push(`Spaces around the ${what} removed`)
  // Excel's "keep as text" export: ="04A1B2C3"
  if (s.length >= 3 && s.startsWith('="') && s.endsWith('"')) {
    s = s.slice(2, -1).trim()
    repairs.push(`Excel text marker ="…" around the ${what} removed`)
  }
  let unquoted = false
  while (s.length >= 2) {
    const first = s.charCodeAt(0)
    if ((first === 34 || first === 39) && s.charCodeAt(s.length - 1) === first) {
      s = s.slice(1, -1).trim()
      unquoted = true
    } else break
  }
  if (unquoted) repairs.push(`Quotes around the ${what} removed`)
  return s
}

export function readNfcCell(raw: string): CellResult {
  if (isCanonicalHex(raw)) return { ok: true, hex: raw, repairs: undefined }
  const repairs: string[] = []
  const s = unwrapCell(raw, repairs, 'NFC ID')
  if (s === '') return { ok: false, reason: 'No NFC ID on this line.' }
  if (SCIENTIFIC.test(s)) {
    return {
      ok: false,
      reason:
        `"${s}" is a number in scientific notation: Excel turned the ID into a number and its digits are lost. ` +
        'Format the column as Text and paste the IDs again from their source.'
    }
  }
  const result = normaliseNfcId(s)
  if (!result.ok) {
    const compact = s.replace(SEPARATORS, '').replace(HEX_PREFIX, '')
    const excel =
      compact.length % 2 === 1 && compact.length < 20 && ALL_HEX.test(compact)
        ? ' A leading zero may have been lost (Excel drops them).'
        : ''
    // Digits only: perhaps the decimal number printed on the card (10 digits, say), which is no hex UID.
    const decimalUid = uidOfDecimal(compact)
    const decimal = decimalUid
      ? ` If ${compact} is the card's decimal number, its NFC ID is ${decimalUid}: give that instead.`
      : ''
    return { ok: false, reason: `"${s}": ${result.reason}${excel}${decimal}` }
  }
  if (HEX_PREFIX.test(s)) repairs.push('"0x" prefix removed')
  if (HAS_SEPARATOR.test(s)) repairs.push('Separators (":", "-", spaces) removed')
  if (HAS_LOWER.test(s.replace(HEX_PREFIX, ''))) repairs.push('Lowercase hex made uppercase')
  return { ok: true, hex: result.hex, repairs }
}
