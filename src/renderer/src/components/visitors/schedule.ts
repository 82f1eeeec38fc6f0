import { weekdays, type Weekday } from '../../../../shared/access/visitors'
import type { Schedule, ScheduleRange } from '../../../../shared/visitors/schedule'
import { BUSINESS_DAY_RANGE } from '../../../../shared/visitors/business-day'
import { deskFormats } from '../../lib/i18n/desk-formats'

/** Monday first, as a desk reads a week. */
export const weekOrder: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

export function emptySchedule(): Schedule {
  return Object.fromEntries(weekdays.map((d) => [d, []])) as unknown as Schedule
}

/** A recurring visit's default hours: the site's business day (shared/visitors/business-day.ts), as a range. */
export const BUSINESS_HOURS: ScheduleRange = { ...BUSINESS_DAY_RANGE }

/** Monday to Friday, the business day (07:00 to 18:00); the weekend closed. */
export function businessHours(): Schedule {
  const week = emptySchedule()
  for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) week[d] = [{ ...BUSINESS_HOURS }]
  return week
}

/** "9:00" or "09:00" → "09:00:00", so a typed time without seconds is accepted. */
export function normaliseClock(value: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim())
  if (!m) return value.trim()
  return `${m[1]!.padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`
}

/**
 * A day's ranges as the desk reads them, in its clock ("7:00 AM – 6:00 PM" in English, "07:00–18:00 Uhr" in
 * German): the formatter's, as the visit window beside it is, never the console's "07:00:00" cut by hand.
 */
export function rangesWords(ranges: readonly ScheduleRange[]): string {
  return ranges.map((r) => deskFormats().clockRange(r.start_time, r.end_time)).join(', ')
}

/** The business day as the "Business hours" button says it, in the desk's clock. */
export function businessDayWords(): { hours: string } {
  return { hours: rangesWords([BUSINESS_DAY_RANGE]) }
}
