/**
 * Today's groups, plain (no zod): the renderer imports these, while the view's schemas
 * (./schemas.ts) are for main and the contract. A screen that imported the schemas would load all
 * of zod before its first paint (test/packaging/renderer-first-paint.test.ts).
 */
import type { VisitorStatus } from '../access/visitor-basics'
import type { KioskCheckin } from '../kiosk/schemas'
import { todayGroupOf, type TodayGroup } from '../visitors/states'
import { kioskArrived } from '../badges/kiosk-output-words'

// The groups themselves live with the statuses they come from (visitors/states.ts), so the two files
// do not import each other.
export { todayGroups, type TodayGroup } from '../visitors/states'

/**
 * Where this desk recorded a visitor's arrival. `kiosk`: checked in at this computer's kiosk (its
 * check-in log). `walk-in`: added on Today as a walk-in while they stood at the desk (their visit
 * under way): an arrival from that moment. `desk`: their visit ended at this desk (End visit): a desk
 * ends the visit of someone who came — a visitor leaving — so they were here.
 */
export const deskArrivalPlaces = ['kiosk', 'walk-in', 'desk'] as const

/** A visitor's arrival as this desk recorded it: when (ISO) and where. */
export interface DeskArrival {
  at: string
  where: (typeof deskArrivalPlaces)[number]
}

/** One entry of the desk's own records (a walk-in added, a visit ended): who, and when (ISO). */
export interface DeskRecord {
  visitorId: string
  at: string
}

/** The desk's own records of arrivals, kept by main with the console they were made on (desk-arrivals.ts). */
export interface DeskRecords {
  /** Visits ended here (End visit). */
  ended: readonly DeskRecord[]
  /** Walk-ins added here while their visit was under way. */
  walkIns: readonly DeskRecord[]
}

/**
 * The one rule of a visit's group, for every screen that groups visits: the console's status, the
 * desk's own record of an arrival, and whether the visit's window is over (`ended`, see visitEnded).
 * The developer API cannot set VISITING (facts: visitor status "cannot be changed through update"),
 * so a visitor checked in at the kiosk stays ACTIVE on the console until a door is tapped; Today kept
 * her under Expected while the kiosk's list said she had arrived. An arrival moves only an expected
 * visit: a visit the console says is over (left, no-show) or cancelled stays where the console put it.
 * A visit under way (here, or checked in) whose window is over has ended: Left. An expected visit
 * whose window is over with no arrival is a no-show: the console itself moves it to
 * NO_VISIT "as the window passes" (facts), but not at once, and Expected then held visitors whose pass
 * said "ended" at 21:26. No-show, not a group of its own: it is what the console will say, and what a
 * desk means by someone who did not come (no new heading, no word a desk has to learn).
 */
export function visitGroup(status: VisitorStatus, arrival: DeskArrival | null, ended = false): TodayGroup {
  const group = todayGroupOf(status)
  // Here, and the window over (the desk's End visit now sets the end to now, or the end time came): the
  // visitor has left, though the console may still say VISITING until it moves the visit by time.
  if (group === 'here') return ended ? 'left' : 'here'
  // The console says No-show as the window passes with no door tapped (facts: NO_VISIT "as the window
  // passes"); a visitor this desk recorded as here (the kiosk, a walk-in, End visit) came, and has left.
  if (group === 'no-show' && arrival !== null) return 'left'
  if (group !== 'expected') return group
  if (arrival !== null) return ended ? 'left' : 'here'
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
  return group === 'here' ? 'VISITING' : group === 'left' ? 'VISITED' : 'NO_VISIT'
}

/**
 * Each visitor's arrival within `day` (Unix seconds, inclusive) as this desk recorded it: the first of
 * the day. From the kiosk's check-in log, a check-in the kiosk took (kioskArrived: with a badge or with
 * none that printed — they are at the building, the desk prints it; a refusal checked nobody in); from
 * the desk's own records, a walk-in it added (they stood at the desk) and a visit it ended (End visit:
 * they were here).
 */
export function arrivalsOn(
  checkins: readonly Pick<
    KioskCheckin,
    'visitorId' | 'at' | 'printed' | 'output' | 'printError' | 'printFailure' | 'refusal'
  >[],
  day: { start: number; end: number },
  atDesk: Partial<DeskRecords> = {}
): Map<string, DeskArrival> {
  const out = new Map<string, DeskArrival>()
  const keep = (visitorId: string, at: string, where: DeskArrival['where']) => {
    const seconds = Math.floor(Date.parse(at) / 1000)
    if (!(seconds >= day.start && seconds <= day.end)) return
    const held = out.get(visitorId)
    if (!held || Date.parse(held.at) > Date.parse(at)) out.set(visitorId, { at, where })
  }
  // The kiosk took the visit: the visitor stood at it, badge or not (kiosk-output-words.ts).
  for (const c of checkins) if (kioskArrived(c)) keep(c.visitorId, c.at, 'kiosk')
  for (const w of atDesk.walkIns ?? []) keep(w.visitorId, w.at, 'walk-in')
  for (const e of atDesk.ended ?? []) keep(e.visitorId, e.at, 'desk')
  return out
}
