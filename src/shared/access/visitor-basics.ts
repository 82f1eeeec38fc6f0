/**
 * The visitor's plain values and functions (no zod): status codes, reasons, weekdays, names. The
 * renderer imports these from here; ./visitors.ts holds the schemas (main, the contract) and
 * re-exports these, so main's imports are unchanged. A screen that imported ./visitors.ts would load
 * all of zod before its first paint (test/packaging/renderer-first-paint.test.ts).
 */

import { personName } from '../person-name'

/**
 * The shapes these helpers read, written out here rather than imported from ./visitors.ts (whose
 * TimeRange, WeekSchedule and Visitor they match): that module re-exports this one, and the two must
 * not import each other.
 */
interface ClockRange {
  start_time: string
  end_time: string
}
type Week = Record<Weekday, ClockRange[]>
interface Named {
  id: string
  first_name: string
  last_name: string
}

/**
 * Visitor (spec 2.7, facts 3.8–3.10). Responses carry the status name; the list filter takes the
 * integer code.
 */
export const visitorStatusCodes = {
  UPCOMING: 1,
  VISITED: 2,
  VISITING: 3,
  CANCELLED: 4,
  NO_VISIT: 5,
  ACTIVE: 6
} as const
export const visitorStatuses = Object.keys(visitorStatusCodes) as (keyof typeof visitorStatusCodes)[]
export type VisitorStatus = keyof typeof visitorStatusCodes

export const visitReasons = ['Interview', 'Business', 'Cooperation', 'Others'] as const
export type VisitReason = (typeof visitReasons)[number]

export const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export type Weekday = (typeof weekdays)[number]

/**
 * Any time of any day. E18 is partial, so turning a recurring visit back into a one-time one sends
 * this week; read back, it means "no weekly schedule" (see isAnyTime).
 */
export function anyTimeWeek(): Week {
  return Object.fromEntries(weekdays.map((d) => [d, [{ start_time: '00:00:00', end_time: '23:59:59' }]])) as Week
}

/** No weekly schedule, or one that opens every day from 00:00 to 23:59: a one-time visit. */
export function isAnyTime(week: Partial<Record<Weekday, ClockRange[] | null>> | null | undefined): boolean {
  if (!week) return true
  return weekdays.every((d) => (week[d] ?? []).some((r) => r.start_time === '00:00:00' && r.end_time >= '23:59:00'))
}

export const resourceTypes = ['door', 'door_group'] as const
export type ResourceType = (typeof resourceTypes)[number]

/** Sub-objects the visitor list can include (`expand[]`, §4.4). */
export const visitorExpands = ['none', 'access_policy', 'resource', 'schedule', 'nfc_card', 'pin_code'] as const
export type VisitorExpand = (typeof visitorExpands)[number]

export function visitorDisplayName(v: Pick<Named, 'first_name' | 'last_name' | 'id'>): string {
  return personName(v) || v.id
}

/** The words of a name search, lower-cased: "Rosa  Jensen" → ["rosa", "jensen"]. */
export function nameWords(keyword: string): string[] {
  return keyword.trim().toLowerCase().split(/\s+/).filter(Boolean)
}

/**
 * Whether every word starts the first or the last name, in any order and any case: "Rosa Jensen",
 * "jensen rosa" and "ros jen" find Rosa Jensen. The console's own keyword is one prefix (§4.4).
 */
export function matchesName(v: Pick<Named, 'first_name' | 'last_name'>, words: string[]): boolean {
  const names = [v.first_name, v.last_name].flatMap((n) => n.toLowerCase().split(/\s+/)).filter(Boolean)
  const free = [...names]
  return words.every((w) => {
    const i = free.findIndex((n) => n.startsWith(w))
    if (i < 0) return false
    free.splice(i, 1)
    return true
  })
}
