/**
 * Today's groups, plain (no zod): the renderer imports these, while the view's schemas
 * (./schemas.ts) are for main and the contract. A screen that imported the schemas would load all
 * of zod before its first paint (test/packaging/renderer-first-paint.test.ts).
 */
import type { VisitorStatus } from '../access/visitor-basics'
import type { KioskCheckin } from '../kiosk/schemas'
import { todayGroupOf, type TodayGroup } from '../visitors/states'

// The groups themselves live with the statuses they come from (visitors/states.ts), so the two files
// do not import each other.
export { todayGroups, type TodayGroup } from '../visitors/states'

/** A visitor's arrival as this desk recorded it: when (ISO) and where (the kiosk's check-in log). */
export interface DeskArrival {
  at: string
  where: 'kiosk'
}

/**
 * The one rule of a visit's group, for every screen that groups visits: the console's status, the
 * desk's own record of an arrival, and whether the visit's window is over (`ended`, see visitEnded).
 * The developer API cannot set VISITING (facts: visitor status "cannot be changed through update"),
 * so a visitor checked in at the kiosk stays ACTIVE on the console until a door is tapped; Today kept
 * her under Expected while the kiosk's list said she had arrived. An arrival moves only an expected
 * visit: a visit the console says is over (left, no-show) or cancelled stays where the console put it.
 * An expected visit whose window is over with no arrival is a no-show: the console itself moves it to
 * NO_VISIT "as the window passes" (facts), but not at once, and Expected then held visitors whose pass
 * said "ended" at 21:26. No-show, not a group of its own: it is what the console will say, and what a
 * desk means by someone who did not come (no new heading, no word a desk has to learn).
 */
export function visitGroup(status: VisitorStatus, arrival: DeskArrival | null, ended = false): TodayGroup {
  const group = todayGroupOf(status)
  if (group !== 'expected') return group
  if (arrival !== null) return 'here'
  return ended ? 'no-show' : 'expected'
}

/**
 * A visit's window is over at `now` (epoch ms): after its end's last second (Unix seconds, inclusive,
 * as the console's windows are), when Today's pass words say "ended" (pass-window.ts).
 */
export function visitEnded(end: number | undefined, now: number): boolean {
  return end !== undefined && now > end * 1000
}

/**
 * The status a screen shows for a visit (Visitors' list and details, Badges' search): the console's,
 * or the one the rule above puts the visit under when it differs — VISITING ("Here") for a kiosk
 * check-in the console still holds ACTIVE, NO_VISIT ("No-show") for a visit whose window is over
 * without an arrival. So Visitors never says "Expected" for someone Today puts elsewhere.
 */
export function shownStatus(
  v: {
    status?: VisitorStatus | undefined
    deskArrival?: DeskArrival | null | undefined
    end_time?: number | undefined
  },
  now = Date.now()
): VisitorStatus | undefined {
  if (!v.status) return undefined
  const group = visitGroup(v.status, v.deskArrival ?? null, visitEnded(v.end_time, now))
  if (group === todayGroupOf(v.status)) return v.status
  return group === 'here' ? 'VISITING' : 'NO_VISIT'
}

/**
 * Each visitor's arrival within `day` (Unix seconds, inclusive) from the kiosk's check-in log: the
 * first check-in of the day whose badge came out. A line with a refusal, or whose badge did not print,
 * sent the visitor to the desk instead: not checked in (the kiosk's list says what to do).
 */
export function arrivalsOn(
  checkins: readonly Pick<KioskCheckin, 'visitorId' | 'at' | 'printed' | 'refusal'>[],
  day: { start: number; end: number }
): Map<string, DeskArrival> {
  const out = new Map<string, DeskArrival>()
  for (const c of checkins) {
    if (!c.printed || c.refusal) continue
    const seconds = Math.floor(Date.parse(c.at) / 1000)
    if (!(seconds >= day.start && seconds <= day.end)) continue
    const held = out.get(c.visitorId)
    if (!held || Date.parse(held.at) > Date.parse(c.at)) out.set(c.visitorId, { at: c.at, where: 'kiosk' })
  }
  return out
}
