import { endpoints } from '../../../shared/access/endpoints'
import type { AuditRow } from '../../../shared/audit/schemas'
import type { KeptWrite } from './kept-write'

/**
 * How long after a write whose answer was lost the same write is read back before it is sent again.
 * Past it, the same request is the person's new decision (a visitor record has no creation time: two
 * visits of one name and window cannot be told apart by the console).
 */
export const CHECK_AFTER_LOST_MS = 15 * 60_000

/**
 * Writes that a retry never repeats as such: a PIN given again is a new PIN (nobody saw the first).
 */
const NEVER_THE_SAME = new Set<string>([endpoints.userAssignPin.id, endpoints.visitorAssignPin.id])

/**
 * A write that is one by the key its screen made, not by what it sends (kept-write.ts `key`): a purchase
 * is one per dialog (touch-pass-service.ts), and the same count is not the same purchase. A write of this
 * kind with a key already on this console's trail is never sent again, however long ago and whatever its
 * outcome (keyedWrite); without a key it is never the same as another.
 */
const ONE_BY_KEY = new Set<string>([endpoints.E14.id])

/**
 * A card given to a person is the same write whether it was forced over a holder or not (`force_add`):
 * what it leaves on the console is the same card held by the same person, so a plain Give pressed after
 * a take-over found done after all (or a take-over after a plain Give) is answered from the read-back.
 */
const FORCE_ALIKE = new Set<string>([endpoints.userAssignNfc.id, endpoints.visitorAssignNfc.id])

/** Whether the same-write rule knows this write by its key alone (ONE_BY_KEY, with a key kept). */
export const keyedWrite = (endpointId: string, kept: KeptWrite): boolean =>
  ONE_BY_KEY.has(endpointId) && kept.key !== undefined

/**
 * What makes a write "the same write" as an earlier one, by its endpoint: a visitor create is the same
 * visit when it has the same name (any case, spaces around) and window, whatever else the form changed
 * (the rule the create's own read-back finds it by, access/read-back-rules.ts findVisit); a card given to a
 * person, forced or not (FORCE_ALIKE); any other
 * write when it sends the same thing to the same record. Undefined: never treated as the same.
 */
export function sameWriteKey(endpointId: string, kept: KeptWrite): string | undefined {
  if (NEVER_THE_SAME.has(endpointId)) return undefined
  if (ONE_BY_KEY.has(endpointId)) return kept.key === undefined ? undefined : JSON.stringify([endpointId, kept.key])
  const { force_add: _force, ...unforced } = kept.body ?? {}
  const body = FORCE_ALIKE.has(endpointId) ? unforced : (kept.body ?? {})
  if (endpointId === endpoints.E17.id) {
    const name = (key: string) =>
      String(body[key] ?? '')
        .trim()
        .toLowerCase()
    return JSON.stringify([endpointId, name('first_name'), name('last_name'), body['start_time'], body['end_time']])
  }
  return JSON.stringify([endpointId, kept.params ?? {}, kept.query ?? {}, body, kept.nfcIds ?? []])
}

/**
 * An earlier row a new write must be read back against before it is sent: the same write on the same
 * console, begun within CHECK_AFTER_LOST_MS, whose answer was lost and is still Unknown, or was found
 * done by a read-back (the screen that tried it may still offer to try again). A keyed write's earlier
 * row counts whenever it was begun and whatever its outcome (keyedWrite): its key was used.
 */
export function mayBeTheSame(row: AuditRow, now: number, keyed = false): boolean {
  if (keyed) return true
  if (now - Date.parse(row.at) > CHECK_AFTER_LOST_MS) return false
  if (row.outcome === 'unknown') return true
  return row.outcome === 'ok' && row.said?.key === 'settled'
}
