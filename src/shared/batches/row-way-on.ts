import { wayOn, type WayOn } from '../way-on'
import type { BatchRow } from './schemas'
import type { RowReasonKey } from './row-reason'

/**
 * What can change a failed Import row, by the one rule (shared/way-on.ts), as the roster's results ask
 * it of a step (roster/step-way-on.ts): Import's "Retry failed" sends a failed row again only when the
 * same again may go otherwise. A row the console refused for what it holds is sent again once the
 * person changed it (edited: pending again, marked `retry`), never as it is: its reason says what to
 * change, and the screen counts it apart. A refusal that another record of the console decides (an alias
 * another card holds) is not the row's own: that record can change, so Retry sends the row.
 */
const REFUSED: Readonly<Partial<Record<RowReasonKey, WayOn>>> = {
  // The console holds this card already: remove the row, or find the card on Cards.
  alreadyOnConsole: 'card',
  alreadyOnConsoleAlias: 'card',
  // Most likely one of its UA cards that show no NFC ID.
  likelyUaCard: 'card',
  likelyUaCardNamed: 'card',
  // aliasOnConsole is not here: the alias is another card's, and that card can be renamed or removed
  // on the console. The same row again may then go otherwise, so Retry sends it (its reason says both
  // ways on: free the alias on the console, or change it here); while the alias is still taken the
  // console refuses it again, harmlessly, and the row says why again.
  // None of its cards shows this NFC ID or alias: check the NFC ID.
  noMatch: 'value',
  // Refused without a reason the desk could read, or the part refused with the console's words.
  notImported: 'other',
  cardsUnread: 'other',
  refusedSaid: 'other'
}

export function batchRowWayOn(row: Pick<BatchRow, 'reasonSaid'>): WayOn {
  const said = row.reasonSaid
  // A row kept before its reasons were facts says nothing to judge by: offered Retry, as before.
  if (!said) return 'retry'
  if (said.key === 'error') return wayOn(said.error)
  return REFUSED[said.key] ?? 'retry'
}

/**
 * Whether "Retry failed" sends this row: a failed row the same again may change (or one refused for the
 * token, which goes once the token has the key, as a roster step does), and a failed row fixed since.
 */
export function batchRowRetried(row: Pick<BatchRow, 'status' | 'retry' | 'reasonSaid'>): boolean {
  if (row.status === 'pending') return row.retry === true
  if (row.status !== 'failed') return false
  const way = batchRowWayOn(row)
  return way === 'retry' || way === 'token'
}
