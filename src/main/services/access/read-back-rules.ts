import { AppError } from '../../../shared/errors'
import type { TouchPass } from '../../../shared/access/touch-passes'
import type { Visitor } from '../../../shared/access/visitors'
import type { AccessClient } from './client'
import { refused } from './item-refused'

/**
 * How the console shows that a write whose answer was lost was done, one rule per kind of write. The
 * read right after the lost answer (the visitor create check, the QR code, the PIN) and the check made
 * when the console answers again (audit/later-checks.ts) both ask these, so both say the same thing.
 * A read that fails throws: what happened is then still unknown.
 */

/** What makes two creates the same visit: the person's name and the visit's window. */
export interface VisitKey {
  first_name: string
  last_name: string
  start_time: number
  end_time: number
}

/** The visitor the console holds for this visit: same first and last name (any case), same window. */
export async function findVisit(
  client: { visitors: Pick<AccessClient['visitors'], 'all'> },
  visit: VisitKey
): Promise<Visitor | undefined> {
  // The console's keyword is one prefix (§4.4): the first name, then the exact match here.
  const candidates = await client.visitors.all({ keyword: visit.first_name.trim() })
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()
  return candidates.find(
    (v) =>
      same(v.first_name, visit.first_name) &&
      same(v.last_name, visit.last_name) &&
      v.start_time === visit.start_time &&
      v.end_time === visit.end_time
  )
}

/**
 * Whether the visitor holds a QR code: its download answers. The console refusing the download (no
 * code yet, facts 6.4/6.6) is none; any other failure throws.
 */
export async function holdsQr(
  client: { qrCodes: Pick<AccessClient['qrCodes'], 'download'> },
  visitorId: string
): Promise<boolean> {
  try {
    await client.qrCodes.download(visitorId)
    return true
  } catch (err) {
    if (refused(err)) return false
    throw err
  }
}

/**
 * Whether a PIN given was given, by the PIN the person holds now against the one held before (each
 * the console's token of it, never the PIN): none now, or the same as before, not given; another than
 * before, given. One now with nothing known of before cannot be told (undefined).
 */
export function pinGiven(before: string | null | undefined, now: string | null): boolean | undefined {
  if (now === null) return false
  if (before === undefined) return undefined
  return before !== now
}

/**
 * What a Touch Pass purchase of `count` passes left in the list (E9), by the passes read before it:
 * `bought`, the list grew by exactly the count and these are the new passes (their card ids, their
 * ids when they have none); `none`, the list neither grew nor holds a new pass; undefined, anything
 * else (someone changed the list meanwhile: the purchase cannot be told apart).
 */
export function passesBought(
  before: ReadonlySet<string>,
  after: readonly Pick<TouchPass, 'id' | 'card_id'>[],
  count: number
): { bought: string[] } | 'none' | undefined {
  const bought = after.filter((p) => !before.has(p.id)).map((p) => p.card_id || p.id)
  const grew = after.length - before.size
  if (grew === count && bought.length === count) return { bought }
  if (grew === 0 && bought.length === 0) return 'none'
  return undefined
}

/**
 * Which users a batch of passes (§3.27) was given to, each read back: a user counts as given one when
 * they now hold a pass that was free before the batch was sent (`freeBefore`), so a pass they held
 * already is never taken for one given now. A user that cannot be read throws.
 */
export async function passesGiven(
  client: { users: Pick<AccessClient['users'], 'get'> },
  userIds: readonly string[],
  freeBefore: ReadonlySet<string>
): Promise<{ given: TouchPass[]; notGiven: string[] }> {
  const holders = await Promise.all(userIds.map(async (id) => (await client.users.get(id)).touch_pass))
  const given: TouchPass[] = []
  const notGiven: string[] = []
  userIds.forEach((id, i) => {
    const pass = holders[i]
    if (pass && freeBefore.has(pass.id)) given.push({ ...pass, user_id: pass.user_id || id })
    else notGiven.push(id)
  })
  return { given, notGiven }
}

/**
 * Whether the card is held by the person `id` names now: a card given (E-assign) was done when it is, a
 * card taken back when it is not. Any failure of the read throws.
 */
export async function cardHeldBy(
  client: { nfcCards: Pick<AccessClient['nfcCards'], 'get'> },
  token: string,
  id: string
): Promise<boolean> {
  return (await client.nfcCards.get(token)).user_id === id
}

/** Whether a card delete (E7) was done: the console answers that it has no such card. Any other failure throws. */
export async function cardDeleted(
  client: { nfcCards: Pick<AccessClient['nfcCards'], 'get'> },
  token: string
): Promise<boolean> {
  try {
    await client.nfcCards.get(token)
    return false
  } catch (err) {
    if (err instanceof AppError && err.kind === 'not-found') return true
    throw err
  }
}

/**
 * What a visit cancel (§4.6 without force) left on the console: the visitor CANCELLED (done), still
 * held in another status (not done), or no visitor at all (`gone`: deleted, by another desk — a cancel
 * never deletes; what came first cannot be told). Any other failure of the read throws.
 */
export async function visitCancelFound(
  client: { visitors: Pick<AccessClient['visitors'], 'get'> },
  id: string
): Promise<{ state: 'cancelled' } | { state: 'gone' } | { state: 'not-cancelled'; visitor: Visitor }> {
  try {
    const visitor = await client.visitors.get(id)
    return visitor.status === 'CANCELLED' ? { state: 'cancelled' } : { state: 'not-cancelled', visitor }
  } catch (err) {
    if (err instanceof AppError && err.kind === 'not-found') return { state: 'gone' }
    throw err
  }
}
