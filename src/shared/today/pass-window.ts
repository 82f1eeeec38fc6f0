import { addDays, set, startOfDay } from 'date-fns'
import { isAnyTime, weekdays } from '../access/visitor-basics'
import type { WeekSchedule } from '../access/visitors'
import type { Formats } from '../format/formats'
import type { Words } from '../i18n/translator'
import { opensNothing } from '../visitors/visit-rules'

/**
 * Whether a visitor's pass opens doors at `now`, and if not when it next will: inside the validity
 * window AND inside the weekly schedule when the visit has one (a recurring visit's pass works only
 * in its day ranges, e.g. Mon–Fri 09:00–17:00). Times are the desk's local time, as the console's
 * schedule ranges are read everywhere in the app.
 */
export type PassWindow =
  | { kind: 'now' }
  /** Valid next from `at` (epoch ms). */
  | { kind: 'later'; at: number }
  /** The validity window has ended. */
  | { kind: 'over' }
  /** The window is still open, but no range of the schedule falls in what is left of it. */
  | { kind: 'never' }

export interface PassTimes {
  /** Unix seconds, inclusive. */
  start: number
  end: number
  /** The weekly schedule; null: any time of the window. */
  week: WeekSchedule | null
}

/** "09:00:00" on the day of `day`, local time (DST-safe: the wall clock, not a fixed offset). */
function at(day: Date, clock: string): Date {
  const [hours = 0, minutes = 0, seconds = 0] = clock.split(':').map(Number)
  return set(day, { hours, minutes, seconds, milliseconds: 0 })
}

export function passWindow(pass: PassTimes, now: Date): PassWindow {
  const start = pass.start * 1000
  const end = pass.end * 1000
  if (now.getTime() > end) return { kind: 'over' }
  const from = Math.max(now.getTime(), start)
  if (!pass.week) return from === now.getTime() ? { kind: 'now' } : { kind: 'later', at: start }
  // A week of days from the first moment that counts covers every range of the schedule once.
  const first = startOfDay(from)
  for (let i = 0; i <= 7; i++) {
    const day = addDays(first, i)
    const ranges = [...(pass.week[weekdays[day.getDay()]!] ?? [])].sort((a, b) =>
      a.start_time.localeCompare(b.start_time)
    )
    for (const range of ranges) {
      // The range's end second is included, as the window's is.
      const rangeEnd = at(day, range.end_time).getTime() + 999
      if (rangeEnd < from) continue
      const opens = Math.max(at(day, range.start_time).getTime(), from)
      if (opens > end) return { kind: 'never' }
      return opens === now.getTime() ? { kind: 'now' } : { kind: 'later', at: opens }
    }
  }
  return { kind: 'never' }
}

/**
 * What a visit's pass does at `now`, its doors counted: a visit that opens no door opens nothing
 * whatever its time (visit-rules.ts `opensNothing`, the rule the kiosk refuses it by and Badges asks
 * before printing by), so it is never "valid now"; a window over is over first, as for the kiosk.
 */
export type PassStanding = PassWindow | { kind: 'no-doors' }

export function passStanding(pass: PassTimes, doors: readonly unknown[], now: Date): PassStanding {
  const window = passWindow(pass, now)
  return window.kind !== 'over' && opensNothing(doors, 0) ? { kind: 'no-doors' } : window
}

/** The catalogue keys of a pass's words (Today's area: shared/i18n/messages/today/). */
export type PassWindowKey = 'pass.now' | 'pass.from' | 'pass.over' | 'pass.never' | 'pass.noDoors'

/**
 * The words Today shows, in the desk's language: "Valid now", "Valid from 14:00" (today), "Valid from
 * Tue 09:00" — Today's words (`m`), the time in the desk's formats (`fmt`, deskFormats(): not
 * this computer's locale, which writes "5:00 AM" on a German desk).
 */
export function passWindowWords(window: PassStanding, now: Date, m: Words<PassWindowKey>, fmt: Formats): string {
  switch (window.kind) {
    case 'no-doors':
      return m.t('pass.noDoors')
    case 'now':
      return m.t('pass.now')
    case 'later':
      return m.t('pass.from', { time: fmt.timeOrWeekdayTime(window.at, now) })
    case 'over':
      return m.t('pass.over')
    case 'never':
      return m.t('pass.never')
  }
}

/**
 * A visit's pass times from a visitor as the console answers it (`schedule.week_schedule`, read as
 * visitorSchema reads it): the one source of "when does this pass work" for Today and the kiosk.
 * A schedule open all day every day is no schedule (a one-time visit).
 */
export function passTimesOf(v: {
  start_time?: number | undefined
  end_time?: number | undefined
  schedule?: { week_schedule?: WeekSchedule | null } | null | undefined
}): PassTimes | null {
  if (v.start_time === undefined || v.end_time === undefined) return null
  const week = v.schedule?.week_schedule ?? null
  return { start: v.start_time, end: v.end_time, week: week && !isAnyTime(week) ? week : null }
}
