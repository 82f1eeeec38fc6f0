/**
 * NFC card UIDs: one normal form (uppercase hex, no separators) and the formats people copy them
 * in. Pure: shared by the reader path, the CSV import and the screens.
 */

/** UID lengths ISO 14443-3 defines: single (4), double (7) and triple (10) size. */
export const nfcUidByteLengths = [4, 7, 10] as const

/** Why an ID is not one a console takes, as facts (the CSV preview words them in the desk's language). */
export type NfcIdProblem =
  | { kind: 'empty' }
  | { kind: 'notHex'; digit: string }
  | { kind: 'odd'; digits: number }
  | { kind: 'length'; bytes: number }
/**
 * A problem's facts as the values of its one sentence (the `import` catalogue's `nfcIdProblem`): the
 * desk says it in its language; its English is `reason`'s, word for word.
 */
export function nfcIdProblemValues(problem: NfcIdProblem): Record<string, string> {
  return {
    problem: problem.kind,
    digit: problem.kind === 'notHex' ? problem.digit : '',
    digits: problem.kind === 'odd' ? String(problem.digits) : '',
    bytes: problem.kind === 'length' ? String(problem.bytes) : ''
  }
}

export type NormalisedNfcId = { ok: true; hex: string } | { ok: false; reason: string; problem: NfcIdProblem }

export interface NfcUidFormats {
  /** As the reader returns it, e.g. `04A23B1C`. */
  hex: string
  /** Byte order reversed, e.g. `1C3BA204`: what some systems print on their badges. */
  reversed: string
  /** The hex read as one unsigned big-endian number, in decimal (BigInt: 10-byte UIDs exceed 2^53). */
  decimal: string
}

const separators = /[\s:-]/g

/**
 * Accepts `04:a2:3b:1c`, `04 A2 3B 1C`, `04-a2-3b-1c`, `0x04A23B1C` or `04a23b1c`; returns the UID as
 * uppercase hex, or why it is not a UID a console would accept.
 */
export function normaliseNfcId(text: string): NormalisedNfcId {
  let compact = text.trim().replace(separators, '')
  if (/^0x/i.test(compact)) compact = compact.slice(2)
  if (compact === '') return { ok: false, reason: 'The NFC ID is empty.', problem: { kind: 'empty' } }
  const bad = compact.match(/[^0-9a-f]/i)
  if (bad) {
    return {
      ok: false,
      reason: `"${bad[0]}" is not a hex digit: an NFC ID is written in hex (0-9, A-F).`,
      problem: { kind: 'notHex', digit: bad[0] }
    }
  }
  if (compact.length % 2 !== 0) {
    return {
      ok: false,
      reason: `The NFC ID has ${compact.length} hex digits; whole bytes take two digits each.`,
      problem: { kind: 'odd', digits: compact.length }
    }
  }
  const hex = compact.toUpperCase()
  const reason = uidLengthProblem(hex.length / 2)
  return reason ? { ok: false, reason, problem: { kind: 'length', bytes: hex.length / 2 } } : { ok: true, hex }
}

/** Why a UID of this many bytes is refused, or undefined if the length is one a card can have. */
export function uidLengthProblem(bytes: number): string | undefined {
  if ((nfcUidByteLengths as readonly number[]).includes(bytes)) return undefined
  return `An NFC UID is 4, 7 or 10 bytes (8, 14 or 20 hex digits); this one is ${bytes} byte${bytes === 1 ? '' : 's'}.`
}

/** Bytes as uppercase hex, for UIDs and ATRs read from a reader. */
export function bytesToHex(bytes: ArrayLike<number>): string {
  let out = ''
  for (let i = 0; i < bytes.length; i++) out += (bytes[i]! & 0xff).toString(16).padStart(2, '0')
  return out.toUpperCase()
}

/** The formats of a normalised (uppercase, even-length) hex UID. */
export function nfcUidFormats(hex: string): NfcUidFormats {
  const pairs = hex.match(/../g) ?? []
  return {
    hex,
    reversed: pairs.reverse().join(''),
    decimal: hex === '' ? '0' : BigInt(`0x${hex}`).toString(10)
  }
}

/**
 * A 4-byte UID starting with 08 is a random ID (ISO 14443-3 RID): phones and some cards make a
 * new one at every tap, so enrolling it would create a credential that never matches again.
 */
export function isRandomUid(hex: string): boolean {
  return hex.length === 8 && hex.startsWith('08')
}
