/**
 * Reading one NFC ID cell of a CSV file: repair what is safe (and say what was repaired), refuse
 * what is not (and say why). Written for speed: the common case (an ID already in the console's
 * form) is one loop over char codes and no allocation.
 */
export type CellResult = { ok: true; hex: string; repairs: string[] | undefined } | { ok: false; reason: string }

const VALID_LENGTHS = new Set([8, 14, 20])

// Precompiled once: per-row work only runs `.test`, which allocates nothing.
const SCIENTIFIC = /^[+-]?\d(?:[.,]\d+)?E\+\d+$/i
const SEPARATORS = /[:\s-]/g
const HAS_SEPARATOR = /[:\s-]/
const HAS_LOWER = /[a-f]/
const NOT_HEX = /[^0-9A-F]/

function isCanonicalHex(s: string): boolean {
  if (!VALID_LENGTHS.has(s.length)) return false
  for (let i = 0; i < s.length; i++) {
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
  let s = unwrapCell(raw, repairs, 'NFC ID')
  if (s === '') return { ok: false, reason: 'No NFC ID on this line.' }
  if (SCIENTIFIC.test(s)) {
    return {
      ok: false,
      reason:
        `"${s}" is a number in scientific notation: Excel turned the ID into a number and its digits are lost. ` +
        'Format the column as Text and paste the IDs again from their source.'
    }
  }
  if (s.length > 2 && (s.startsWith('0x') || s.startsWith('0X'))) {
    s = s.slice(2)
    repairs.push('"0x" prefix removed')
  }
  if (HAS_SEPARATOR.test(s)) {
    s = s.replace(SEPARATORS, '')
    repairs.push('Separators (":", "-", spaces) removed')
  }
  if (HAS_LOWER.test(s)) {
    s = s.toUpperCase()
    repairs.push('Lowercase hex made uppercase')
  }
  const bad = NOT_HEX.exec(s)
  if (bad) {
    return {
      ok: false,
      reason: `"${raw.trim()}" is not hexadecimal: "${bad[0]}" is not one of 0-9, A-F.`
    }
  }
  if (!VALID_LENGTHS.has(s.length)) {
    const digits = s.length
    const why =
      digits % 2 === 1
        ? `${digits} hex digits, an odd count: a leading zero may have been lost (Excel drops them).`
        : `${digits / 2} bytes long.`
    return { ok: false, reason: `"${s}" has the wrong length: ${why} Card IDs are 4, 7 or 10 bytes (8, 14 or 20 hex digits).` }
  }
  return { ok: true, hex: s, repairs }
}
