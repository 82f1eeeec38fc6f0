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
 * The one rule of a visit's group, for every screen that groups visits: the console's status, and
 * the desk's own record of an arrival. The developer API cannot set VISITING (facts: visitor status
 * "cannot be changed through update"), so a visitor checked in at the kiosk stays ACTIVE on the
 * console until a door is tapped; Today kept her under Expected while the kiosk's list said she had
 * arrived. An arrival moves only an expected visit: a visit the console says is over (left,
 * no-show) or cancelled stays where the console put it.
 */
export function visitGroup(status: VisitorStatus, arrival: DeskArrival | null): TodayGroup {
  const group = todayGroupOf(status)
  return group === 'expected' && arrival !== null ? 'here' : group
}

/**
 * The status a screen shows for a visit (Visitors' list and details): the console's, or VISITING ("Here")
 * when the one rule above puts the visit under Here — a kiosk check-in of a visit the console still
 * holds ACTIVE. So Visitors never says "Expected" for someone Today and the kiosk list say has arrived.
 */
export function shownStatus(v: {
  status?: VisitorStatus | undefined
  deskArrival?: DeskArrival | null | undefined
}): VisitorStatus | undefined {
  if (!v.status) return undefined
  return visitGroup(v.status, v.deskArrival ?? null) === 'here' && todayGroupOf(v.status) !== 'here'
    ? 'VISITING'
    : v.status
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
