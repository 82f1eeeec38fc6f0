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
