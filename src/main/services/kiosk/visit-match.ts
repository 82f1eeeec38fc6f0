import type { Visitor } from '../../../shared/access/visitors'
import type { KioskFound, KioskRefusal } from '../../../shared/kiosk/schemas'
import { sameWord, searchRecord, searchWords, wordForms } from '../../../shared/text/search-words'
import { checkableNow, checkInTime, refusalOf } from '../../../shared/kiosk/check-in-rule'
import { badgeVisit } from '../../../shared/visitors/badge-visit'
import { localDay, touchesDay } from '../today/desk-day'

// Which visits the kiosk may check in, and why not, is one rule of shared/kiosk (read here and by the service).
export {
  EARLY_MINUTES,
  checkableNow,
  checkInTime,
  isClosedVisit,
  kioskRefusalOf,
  refusalOf,
  type CheckInTime
} from '../../../shared/kiosk/check-in-rule'

/**
 * Lower case, accents dropped, punctuation as spaces: "José  O'Neil" → ["jose", "o", "neil"]. The
 * words of every search by name (shared/text/search-words.ts); the kiosk's rule on them is stricter.
 */
export const words = searchWords

/**
 * Every word typed is a whole word of `text` (any order), as a keyboard without its letters types it
 * ("Weiss" for Weiß, "Mueller" or "Muller" for Müller: `wordForms`); nothing typed matches nothing.
 */
function coversWords(typed: string[], text: string): boolean {
  const free = wordForms(text)
  if (typed.length === 0) return false
  return typed.every((w) => {
    const i = free.findIndex((forms) => sameWord(w, forms))
    if (i < 0) return false
    free.splice(i, 1)
    return true
  })
}

/**
 * The full name, as a visitor types it, in either order (family name first or last): every word
 * typed is a whole word of the name, and the words cover the first name and the last name. Prefixes never match, so the kiosk cannot be used
 * to list who is expected ("a", "an", …): only someone who knows a visitor's full name finds them.
 */
export function matchesFullName(v: Pick<Visitor, 'first_name' | 'last_name'>, typed: string): boolean {
  const t = words(typed)
  const first = wordForms(v.first_name)
  const last = wordForms(v.last_name)
  if (first.length === 0 || last.length === 0) return false
  // Chinese, Japanese and Korean names are written without a space, family name first ("王伟" for
  // 伟 王): one word typed matches the whole name written together, in either order — still the
  // full name, never a part of it.
  if (t.length === 1) {
    const [one] = t
    return searchRecord([v.first_name, v.last_name]).joined.includes(one!)
  }
  if (!coversWords(t, `${v.first_name} ${v.last_name}`)) return false
  const isPart = (part: string[][]) => t.some((w) => part.some((forms) => sameWord(w, forms)))
  return isPart(first) && isPart(last)
}

/**
 * Whether the visit's window touches the desk's day of `now` (what "today's visitors" are), in the desk's
 * `timeZone` (the kiosk page's; main's own without): Today's rule (desk-day.ts).
 */
export function touchesToday(v: Pick<Visitor, 'start_time' | 'end_time'>, now: Date, timeZone?: string): boolean {
  return touchesDay(v, localDay(now, timeZone))
}

/**
 * Which refusal the visitor hears first: a visit that opens later, then one the desk can fix now (no
 * door). offline-no-code, console-refused, namesake, not-found and held are never a visit's own state here (matchVisit
 * reads the visits as the console has them): they rank last only to keep the table whole.
 */
const refusalRank: Record<KioskRefusal['reason'], number> = {
  'too-early': 0,
  'no-doors': 1,
  cancelled: 2,
  ended: 3,
  'no-hours': 4,
  'offline-no-code': 5,
  'console-refused': 6,
  namesake: 7,
  'not-found': 8,
  held: 9
}

/**
 * Of today's visits of the name typed, none of which can be checked in now, the one the visitor
 * is told about: the next one to open, else a cancelled one, else one that is over. null when a
 * visit of the name is open (or none matches): nothing was refused.
 */
export function refusedVisit(
  visitors: readonly Visitor[],
  name: string,
  now: Date,
  timeZone?: string
): { visitor: Visitor; refusal: KioskRefusal } | null {
  // The day once for the list, not once a visit (a zone's day is a calendar sum).
  const day = localDay(now, timeZone)
  const hits = visitors.filter((v) => touchesDay(v, day) && matchesFullName(v, name))
  if (hits.length === 0 || hits.some((v) => checkableNow(v, now))) return null
  const told = hits
    .map((visitor) => ({ visitor, refusal: refusalOf(visitor, now) }))
    .sort(
      (a, b) =>
        refusalRank[a.refusal.reason] - refusalRank[b.refusal.reason] ||
        (a.visitor.start_time ?? 0) - (b.visitor.start_time ?? 0)
    )
  return told[0]!
}

export interface FindInput {
  name: string
  company?: string | undefined
  host?: string | undefined
}

/**
 * Whether two visits of one name are one person's (an earlier visit cancelled and booked again): the
 * same company and host, and no two different email addresses. Any other visit of the name is a
 * namesake's, and the kiosk must tell the two apart before it hands either out.
 */
function samePerson(a: Visitor, b: Visitor): boolean {
  const same = (x: string | undefined, y: string | undefined) => words(x ?? '').join(' ') === words(y ?? '').join(' ')
  const emails = [a.email, b.email].map((e) => e?.trim().toLowerCase() ?? '')
  return (
    same(a.visitor_company, b.visitor_company) &&
    same(a.inviter_name, b.inviter_name) &&
    (emails[0] === '' || emails[1] === '' || emails[0] === emails[1])
  )
}

/** What the kiosk found, and the visit of the name it refused (recorded for the desk), if one. */
export interface Matched {
  found: KioskFound
  refused?: { visitor: Visitor; refusal: KioskRefusal } | undefined
}

/**
 * The visit of the person at the kiosk among today's visitors. Several matches are told apart by
 * company, then by host; the answer for several says only how many and what to ask next, never
 * who they are. A match whose visit cannot be checked in now (cancelled, over, too early) is "not-now".
 */
export function findVisit(visitors: readonly Visitor[], input: FindInput, now: Date, timeZone?: string): KioskFound {
  return matchVisit(visitors, input, now, timeZone).found
}

/**
 * findVisit, with the visit it refused. `visitors` holds today's closed visits of the name too (the
 * kiosk reads them): a cancelled visitor who shares their name with someone expected today is not
 * handed that person's visit — the kiosk asks the company or the host, as for two open visits, and a
 * visit still not told apart sends them to the desk with the reason ("namesake"), for Today to show.
 */
export function matchVisit(visitors: readonly Visitor[], input: FindInput, now: Date, timeZone?: string): Matched {
  const typed = words(input.name).length
  if (typed === 0) return { found: { kind: 'none', reason: 'need-full-name' } }
  const day = localDay(now, timeZone)
  const named = visitors.filter((v) => touchesDay(v, day) && matchesFullName(v, input.name))
  // One word that is no whole name written together ("Ana"): ask for the first and last name.
  if (named.length === 0) return { found: { kind: 'none', reason: typed < 2 ? 'need-full-name' : 'no-match' } }
  const open = named.filter((v) => checkableNow(v, now))
  if (open.length === 0) return notNow(named, input.name, now)
  // The open visits, and the closed ones of somebody else of the same name.
  let hits = [...open, ...named.filter((v) => !checkableNow(v, now) && !open.some((o) => samePerson(o, v)))]

  const company = words(input.company ?? '')
  if (hits.length > 1 && company.length > 0) {
    hits = hits.filter((v) => coversWords(company, v.visitor_company ?? ''))
    if (hits.length === 0) return { found: { kind: 'none', reason: 'no-match' } }
  }
  const host = words(input.host ?? '')
  if (hits.length > 1 && host.length > 0) {
    hits = hits.filter((v) => coversWords(host, v.inviter_name ?? ''))
    if (hits.length === 0) return { found: { kind: 'none', reason: 'no-match' } }
  }
  // Told apart down to closed visits only: the visitor is told why theirs cannot be checked in.
  if (!hits.some((v) => checkableNow(v, now))) return notNow(hits, input.name, now)
  if (hits.length === 1) {
    const v = hits[0]!
    const opensAt = opensAtOf(v, now)
    return {
      found: {
        kind: 'one',
        visit: {
          ...badgeVisit(v),
          // Said only when the doors are still shut (checked in within the hour before they open).
          ...(opensAt !== null && { opensAt })
        }
      }
    }
  }
  // Asked only where it can tell visits apart: visitors of no company are asked for their host.
  const companies = new Set(hits.map((v) => words(v.visitor_company ?? '').join(' ')))
  const count = hits.length
  if (company.length === 0 && companies.size > 1) return { found: { kind: 'several', count, ask: 'company' } }
  const hosts = new Set(hits.map((v) => words(v.inviter_name ?? '').join(' ')))
  if (host.length === 0 && (hosts.size > 1 || !hits.some((v) => !checkableNow(v, now))))
    return { found: { kind: 'several', count, ask: 'host' } }
  // Still not told apart. With a namesake's closed visit among them the desk hears why (recorded).
  const closed = hits.find((v) => !checkableNow(v, now))
  if (!closed) return { found: { kind: 'none', reason: 'ambiguous' } }
  const refusal: KioskRefusal = { reason: 'namesake' }
  return { found: { kind: 'none', reason: 'ambiguous', refusal }, refused: { visitor: closed, refusal } }
}

/** None of these visits of the name can be checked in now: the one the visitor is told about. */
function notNow(hits: readonly Visitor[], name: string, now: Date): Matched {
  const refused = refusedVisit(hits, name, now)
  const found: KioskFound = { kind: 'none', reason: 'not-now', ...(refused && { refusal: refused.refusal }) }
  return refused ? { found, refused } : { found }
}

/** When the doors of a visit checked in now open (Unix seconds), or null: they open now. */
export function opensAtOf(v: Visitor, now: Date): number | null {
  const time = checkInTime(v, now)
  return time.kind === 'open' ? time.opensAt : null
}
