import { TZDate } from '@date-fns/tz'
import { addDays, format, startOfDay } from 'date-fns'
import type { DayVisitor } from '../../../shared/access/visitors'

/** A day as the desk lives it: its date, and its first and last second (unix s; the window is inclusive). */
export interface DeskDay {
  day: string
  start: number
  end: number
}

/**
 * The desk's local day around `now`: midnight to the next midnight (23 or 25 hours on a DST change), in
 * `timeZone` when the desk named it (web mode's browser may not be in the service's zone), else main's
 * own. Every "today" in main (Today, the kiosk, Visitors' arrivals, the Consoles overview) is this day.
 */
export function localDay(now: Date, timeZone?: string): DeskDay {
  // TZDate does the calendar in the named zone; without one, a plain Date does it in main's zone.
  const at = timeZone ? new TZDate(now.getTime(), timeZone) : new Date(now.getTime())
  const start = startOfDay(at)
  const next = addDays(start, 1)
  return {
    day: format(start, 'yyyy-MM-dd'),
    start: Math.floor(start.getTime() / 1000),
    // The last second of the day: the window [start, end] is inclusive, as the console's are.
    end: Math.floor(next.getTime() / 1000) - 1
  }
}

/** A validity window touches the day when it starts before the day ends and ends after it starts. */
export function touchesDay(visitor: Pick<DayVisitor, 'start_time' | 'end_time'>, day: { start: number; end: number }) {
  const { start_time: from, end_time: to } = visitor
  if (from === undefined || to === undefined) return false
  return from <= day.end && to >= day.start
}

/**
 * The desk's time zone as its screens name it (each call that asks for "today" carries it: shared/today/
 * desk-zone.ts, sent by the renderer's `inDeskZone`), kept by main so what it reads for itself (Today's
 * re-reads, the kiosk's cache) is of the same day. Main's own zone until a screen names one. One for the
 * app: Today, the kiosk, Visitors and the Consoles overview read the one day.
 */
export class DeskZone {
  private named: string | undefined

  /** The zone a screen sent (none: kept as it was, e.g. the CLI, which runs in the desk's own zone). */
  name(zone: string | undefined): void {
    if (zone) this.named = zone
  }

  get zone(): string | undefined {
    return this.named
  }

  /** The desk's day around `now`. */
  day(now: Date): DeskDay {
    return localDay(now, this.named)
  }
}
