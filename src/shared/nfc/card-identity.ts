/**
 * One physical card, whichever byte order its UID is written in. A batch sends every row in its
 * byte order (as read or reversed), and people copy IDs in either order, so `04A23B1C` and
 * `1C3BA204` are the same card to every duplicate check of a batch (taps, typed IDs, edits, CSV
 * files): all of them compare `cardKey`s, never the IDs as written.
 *
 * Two different cards whose UIDs are each other's bytes reversed (`04A23B1C` and `1C3BA204` as two
 * real cards) are taken as one card: the second is a duplicate and is not added. Such a pair is
 * vanishingly rare (4-byte IDs: one pair in about 2^32; 7-byte NXP IDs start with 04 and seldom end
 * with it), while the same card entered in both orders is the everyday mistake this prevents. A UID
 * that reads the same reversed (`1A2B2B1A`) is one card in either order, as it should be.
 */

/** Uppercase hex with its bytes in the other order: `04A23B1C` → `1C3BA204`. */
export function reverseBytes(hex: string): string {
  let out = ''
  for (let i = hex.length - 2; i >= 0; i -= 2) out += hex.slice(i, i + 2)
  return out
}

/**
 * The card's identity: of the UID and its byte-reverse, the one that sorts first. Allocates only
 * when the reverse is the one (a CSV preview calls it for every line).
 */
export function cardKey(hex: string): string {
  const n = hex.length
  for (let i = 0; i < n; i += 2) {
    // Pair i of the reverse is pair n-2-i of the UID.
    const j = n - 2 - i
    const d = hex.charCodeAt(i) - hex.charCodeAt(j) || hex.charCodeAt(i + 1) - hex.charCodeAt(j + 1)
    if (d < 0) return hex
    if (d > 0) return reverseBytes(hex)
  }
  return hex
}

/** Whether two NFC IDs (uppercase hex) are the same card, in either byte order. */
export function sameCard(a: string, b: string): boolean {
  return a === b || (a.length === b.length && cardKey(a) === cardKey(b))
}

/**
 * A 4-byte UID held as a number (see canonicalHex32), keyed like `cardKey`: the smaller of it and
 * its byte swap. Equal for the same card in either order; no string is made.
 */
export function cardKey32(value: number): number {
  const swapped = (((value & 0xff) << 24) | ((value & 0xff00) << 8) | ((value >>> 8) & 0xff00) | (value >>> 24)) >>> 0
  return Math.min(value >>> 0, swapped)
}
