import { reverseBytes } from './card-identity'

/**
 * The one rule of a batch's byte order, for every row alike (tapped, typed, edited or read from a
 * CSV, before or after a switch): an NFC ID is entered as a reader shows the UID, and the batch
 * sends it in its order — as entered, or with its bytes reversed. Main turns what was entered into
 * what is sent with this; the screen turns a row's sent ID back into what was entered (reversing is
 * its own inverse), so what is shown, what is checked and what is uploaded never disagree.
 */
export type BatchByteOrder = 'as-read' | 'reversed'

/** The NFC ID a batch of this order sends for an ID as entered — and, the same call, back. */
export function inByteOrder(hex: string, order: BatchByteOrder): string {
  return order === 'reversed' ? reverseBytes(hex) : hex
}
