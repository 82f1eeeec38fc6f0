import { visitorDisplayName, type DayVisitor, type VisitorStatus } from '../../../shared/access/visitors'
import { readWeek } from '../../../shared/today/day-schedule'
import type { TodayGroup, TodayRow } from '../../../shared/today/schemas'
import type { BadgeOutput } from '../../../shared/badges/schemas'
import { visitEnded, visitGroup, type DeskArrival } from '../../../shared/today/groups'
import { todayGroupOf } from '../../../shared/visitors/states'
import { collator } from '../../../shared/format/formats'
import { holdsQr } from '../../../shared/today/qr-held'
import { touchesDay } from './desk-day'

/** A state's group is named by its word (shared/visitors/states.ts): ACTIVE and UPCOMING are both Expected. */
export function groupOf(status: VisitorStatus): TodayGroup {
  return todayGroupOf(status)
}

export interface RowExtras {
  doors: TodayRow['doors']
  badgePrinted: boolean
  /** Where the newest badge went (null: none, or not recorded). */
  badgeOutput?: BadgeOutput | null
  /** When this desk revoked the QR code the printed badge carries (null: not since the last print). */
  badgeQrRevokedAt: string | null
  /** This desk gave the visitor the QR code they hold (not revoked here since). */
  qrAssigned?: boolean
  /** Checked in today at this desk's kiosk (null: not recorded): with the status, it makes the group. */
  arrival?: DeskArrival | null
}

/**
 * A visit of the day as the screen's window is cut by it (shared/today/window.ts): its group, the words
 * the find reads and its place in the order, with the visitor it came from. Its row (doors, pass,
 * badge) is made only when a window shows it (`dayRow`): a large site's day is 2,500 visits, and
 * the first screenful shows 150.
 */
export interface DayEntry {
  id: string
  name: string
  company: string
  host: string
  group: TodayGroup
  start: number
  visitor: DayVisitor
  arrival: DeskArrival | null
}

/**
 * The day's visits in the screen's order: the visitors whose window touches the day, sorted by start
 * time (then name, then id, so two visitors starting together keep one order between reads). A visitor
 * without a status or times cannot be placed and is left out. `now` (epoch ms): a visit whose window is
 * over by then without an arrival is a no-show (shared/today/groups.ts).
 */
export function dayEntries(
  visitors: readonly DayVisitor[],
  day: { start: number; end: number },
  arrivalOf: (v: DayVisitor) => DeskArrival | null,
  now: number
): DayEntry[] {
  const out: DayEntry[] = []
  for (const v of visitors) {
    if (v.status === undefined || !touchesDay(v, day)) continue
    const arrival = arrivalOf(v)
    out.push({
      id: v.id,
      name: visitorDisplayName(v),
      company: v.visitor_company ?? '',
      host: v.inviter_name ?? '',
      // The one rule (shared/today/groups.ts): the console's status, the desk's own check-in, the window's end.
      group: visitGroup(v.status, arrival, visitEnded(v.end_time, now)),
      start: v.start_time!,
      visitor: v,
      arrival
    })
  }
  return out.sort((a, b) => a.start - b.start || byText(a.name, b.name) || byText(a.id, b.id))
}

/** A visit's row as the screen draws it, from its entry and what the desk's records add. */
export function dayRow(entry: DayEntry, extras: Omit<RowExtras, 'arrival'>): TodayRow {
  const v = entry.visitor
  // qrAssigned only feeds the access column (holdsQr): the row carries the answer, not the mark.
  const { qrAssigned, ...more } = extras
  return {
    id: entry.id,
    name: entry.name,
    company: entry.company,
    host: entry.host,
    status: v.status!,
    group: entry.group,
    start: entry.start,
    end: v.end_time!,
    week: readWeek(v.schedule),
    credentials: { pin: !!v.pin_code, cards: v.nfc_cards.length, qr: holdsQr({ ...more, qrAssigned }) },
    ...more,
    arrival: entry.arrival
  }
}

/** Every row of the day at once (dayEntries, then dayRow for each): what `today.list` answers. */
export function todayRows(
  visitors: readonly DayVisitor[],
  day: { start: number; end: number },
  extras: (v: DayVisitor) => RowExtras,
  now: number
): TodayRow[] {
  const made = new Map<DayVisitor, RowExtras>()
  const extrasOf = (v: DayVisitor) => {
    let e = made.get(v)
    if (!e) made.set(v, (e = extras(v)))
    return e
  }
  return dayEntries(visitors, day, (v) => extrasOf(v).arrival ?? null, now).map((entry) => {
    const { arrival: _arrival, ...rest } = extrasOf(entry.visitor)
    return dayRow(entry, rest)
  })
}

/**
 * `localeCompare`'s order, from one collator: `localeCompare` sets one up per call, and a large
 * site's day (2,500 visitors, most starting on the hour) compares names ~25,000 times per read.
 */
const byText = collator(undefined).compare

/** What a read showed: each row as said (JSON) and its group, by id, and the day. */
export interface RowsSeen {
  day: string
  rows: Map<string, { said: string; group: TodayGroup }>
}

export function rowsSeen(view: { day: string; rows: readonly TodayRow[] }): RowsSeen {
  return { day: view.day, rows: new Map(view.rows.map((r) => [r.id, { said: JSON.stringify(r), group: r.group }])) }
}

/**
 * What changed from one read to the next, to push no more than that: the ids of rows new or changed,
 * those gone, and those among the changed whose group changed; null when nothing did. A new day (or
 * nothing seen before) changes every row.
 */
export function rowsChange(
  before: RowsSeen | undefined,
  after: RowsSeen
): { changed: Set<string>; removed: string[]; moved: string[] } | null {
  const same = before?.day === after.day ? before.rows : new Map<string, { said: string; group: TodayGroup }>()
  const changed = new Set<string>()
  const moved: string[] = []
  for (const [id, row] of after.rows) {
    const was = same.get(id)
    if (was?.said === row.said) continue
    changed.add(id)
    if (was && was.group !== row.group) moved.push(id)
  }
  const removed = [...(before?.rows.keys() ?? [])].filter((id) => !after.rows.has(id))
  return changed.size || removed.length || before?.day !== after.day ? { changed, removed, moved } : null
}
