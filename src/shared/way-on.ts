import type { AppErrorData, ErrorKind } from './errors'

/**
 * What can change an outcome — THE rule every screen asks before it offers Retry (ErrorNotice's Try
 * again, the roster's results, Import's Retry failed). An answer the console will give again for the
 * same input is never offered a bare Retry: it offers what can change it.
 * - `retry`: the console did not answer, its answer was lost, it was busy or failed itself, or this
 *   computer failed (a reader, the disk): the same again may go otherwise.
 * - `card`: the card is the console's for someone else, at another site, or one it will not import
 *   (most likely one of its cards that show no NFC ID): pick another card, or free this one first.
 * - `value`: the console (or this desk's check) refused a value: fix the value.
 * - `token`: the token is refused or lacks a permission: change the token (Settings → Connections).
 * - `other`: refused for what it is (not found, not allowed, not offered by this console): the
 *   error's hint says what to change.
 * `retryable` is the error's own word where it was made (false: the same call is refused alike); an
 * error kept with a record (a roster step, a batch row) has none, and is judged by its kind and code.
 */
export type WayOn = 'retry' | 'card' | 'value' | 'token' | 'other'

/** Card refusals that hold until another card is used or this one is freed (facts 3.2 codes 24, 28, 30). */
const CARD_CODES: ReadonlySet<string> = new Set([
  'CODE_CREDS_NFC_HAS_BIND_USER',
  'CODE_CREDS_NFC_CARD_IS_PROVISION',
  'CODE_CREDS_DISABLE_TRANSFER_UID_USER_NFC',
  'ROSTER_LINE_CARD_NOT_IMPORTED',
  'ROSTER_LINE_BAD_UID'
])

/** Kinds of refusal the same input gets again. */
const REPEATS: ReadonlySet<ErrorKind> = new Set(['conflict', 'not-found', 'unsupported'])

export function wayOn(failure: Pick<AppErrorData, 'kind' | 'code'> & { retryable?: boolean }): WayOn {
  if (failure.code !== undefined && CARD_CODES.has(failure.code)) return 'card'
  if (failure.kind === 'auth' || failure.kind === 'permission') return 'token'
  if (failure.kind === 'validation') return 'value'
  if (REPEATS.has(failure.kind)) return 'other'
  return failure.retryable === false ? 'other' : 'retry'
}

/** Whether Retry is offered for this outcome (see wayOn). */
export function offersRetry(failure: Pick<AppErrorData, 'kind' | 'code'> & { retryable?: boolean }): boolean {
  return wayOn(failure) === 'retry'
}
