/**
 * An instant as ISO 8601 in a time zone, with that zone's offset: `2026-11-28T01:04:19+01:00`. The
 * audit CSV writes its times so (the desk's zone, as on the screen), and a spreadsheet or a script
 * still reads the exact instant.
 */
import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'

/** `at` in `timeZone` (this process's zone when absent), whole seconds, with the offset it had then. */
export function isoInZone(at: Date | number, timeZone?: string): string {
  const ms = Math.floor(new Date(at).getTime() / 1000) * 1000
  // TZDate reads the calendar and offset in the named zone (the one library of main's "today": desk-day.ts).
  return format(timeZone ? new TZDate(ms, timeZone) : new Date(ms), "yyyy-MM-dd'T'HH:mm:ssxxx")
}
