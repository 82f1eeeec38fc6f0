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
