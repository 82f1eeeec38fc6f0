import { nfcUidByteLengths, nfcUidFormats, normaliseNfcId, type NfcUidFormats } from './uid'

/**
 * Where a card's NFC ID shows up in what the console answers. A card record (spec 2.2) has no NFC ID
 * field: `token` is the 64-hex identity key used in paths, `display_id` is the card's number (the
 * enrollment poll's `card_id` and users' `nfc_cards[].id` are the same number). That number is
 * decimal on consoles ("100005", facts 1.9) and hex in the poll sample ("014A3151", facts 2 E3);
 * for a card read or imported by its UID it is that UID, in decimal as the console's card number
 * or in hex. Small numbers (UA cards' own "100005") are card numbers only, not UIDs.
 */

/** UIDs start at 4 bytes: a decimal below 2^24 is a card number, not a UID read as a number. */
const SMALLEST_UID = 1n << 24n

export interface CardNfcId extends NfcUidFormats {
  /** The reversed byte order read as one number, in decimal: what some third-party cards print. */
  reversedDecimal: string
}

/** The console's decimal card number for a UID (uppercase hex), as the demo console numbers cards. */
export function consoleCardNumber(hex: string): string {
  return nfcUidFormats(hex).decimal
}

/**
 * The NFC ID a card's number stands for, in every form people hold it in; null when the number is
 * not a UID (a UA card's own short number, free text).
 */
export function cardNfcId(displayId: string): CardNfcId | null {
  const id = displayId.trim()
  let hex: string | undefined
  if (/^[1-9]\d*$/.test(id)) {
    // 2^24 has 8 digits: a shorter number is a card number (and costs no BigInt, 20,000 times).
    if (id.length < 8) return null
    const value = BigInt(id)
    if (value < SMALLEST_UID) return null
    hex = padToUid(value.toString(16).toUpperCase())
  } else {
    const normalised = normaliseNfcId(id)
    if (normalised.ok) hex = normalised.hex
  }
  if (!hex) return null
  const formats = nfcUidFormats(hex)
  return { ...formats, reversedDecimal: nfcUidFormats(formats.reversed).decimal }
}

/**
 * The UID a string of decimal digits stands for when it is a card's decimal number (as the reader
 * panel's "Decimal" and the Cards filter show it): its value in hex, padded to a UID length; null
 * when it is not all digits or its value is no UID (below 2^24 or beyond 10 bytes).
 */
export function uidOfDecimal(digits: string): string | null {
  if (!isAllDigits(digits)) return null
  const value = BigInt(digits)
  if (value < SMALLEST_UID) return null
  return padToUid(value.toString(16).toUpperCase()) ?? null
}

/** Only 0-9 (and at least one): no allocation, a CSV preview asks it for every line. */
export function isAllDigits(s: string): boolean {
  if (s.length === 0) return false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/**
 * An NFC ID typed or in a file that is all digits is ambiguous: hex (how an import reads it: the
 * console's format), or the decimal number printed on many cards. It is read as hex, never
 * silently changed; this says so and how to give the other reading. undefined when the ID has a
 * letter, or its digits as a decimal number are no UID (then hex is the only reading).
 */
export function allDigitsReading(hex: string): string | undefined {
  const decimalUid = uidOfDecimal(hex)
  if (decimalUid === null) return undefined
  return `All digits: read as hex ${hex}. If ${hex} is the card's decimal number (the reader panel's "Decimal"), its NFC ID is ${decimalUid}: give that instead.`
}

/**
 * The all-digit note for an NFC ID as it was written (typed, or a CSV cell): one rule for every
 * place. Written with no separators and all digits, it is ambiguous whatever its value (`12345678`
 * is a 4-byte hex UID, and a decimal card number too): read as hex, and the decimal reading named.
 * Written with separators (`04:11:22:33:44:55:77`) or `0x`, it is hex by its form: no note.
 * undefined when no note applies (a letter, separators, or no UID length in hex).
 */
export function writtenDigitsReading(written: string): string | undefined {
  const facts = writtenDigits(written)
  if (!facts) return undefined
  return `All digits: read as hex ${facts.digits}. If ${facts.digits} is the card's decimal number (the reader panel's "Decimal"), its NFC ID is ${facts.decimalUid}: give that instead.`
}

/**
 * The facts of writtenDigitsReading's note (the same rule), for a screen that words them in the
 * desk's language: the digits as written (trimmed) and the NFC ID they stand for as a decimal number.
 */
export function writtenDigits(written: string): { digits: string; decimalUid: string } | undefined {
  const text = written.trim()
  if (!isAllDigits(text)) return undefined
  if (text.length % 2 !== 0 || !(nfcUidByteLengths as readonly number[]).includes(text.length / 2)) return undefined
  // Any value of up to 20 digits fits 10 bytes; a small one is a UID whose first bytes are 00.
  return { digits: text, decimalUid: uidOfDecimal(text) ?? padToUid(BigInt(text).toString(16).toUpperCase())! }
}

/** Leading zero bytes are lost in a number: pad back to the smallest UID length that holds it. */
function padToUid(hex: string): string | undefined {
  const bytes = nfcUidByteLengths.find((n) => n * 2 >= hex.length)
  return bytes === undefined ? undefined : hex.padStart(bytes * 2, '0')
}

/** Lower-case text a card's NFC ID is found by: both byte orders, in hex and in decimal. */
export function nfcSearchText(displayId: string): string {
  const nfc = cardNfcId(displayId)
  if (!nfc) return ''
  return `${nfc.hex}\u0000${nfc.reversed}\u0000${nfc.decimal}\u0000${nfc.reversedDecimal}`.toLowerCase()
}

const hexLike = /^(0x)?[0-9a-f]+([\s:-]+[0-9a-f]+)*$/i

/**
 * What a typed filter is looked for as (lower case): the text itself and, when it is hex written
 * with separators or a 0x prefix ("04:a2:3b", "0x04A2"), the bare hex digits.
 */
export function filterNeedles(query: string): string[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return []
  if (!hexLike.test(needle)) return [needle]
  const compact = needle.replace(/^0x/, '').replace(/[\s:-]/g, '')
  return compact === needle ? [needle] : [needle, compact]
}
