import { z } from 'zod'
import { weekdays, type Weekday } from '../access/visitors'

/** A visitor's weekly schedule as the form edits it: HH:MM:SS ranges per day, none overlapping. */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/
const clock = z.string().regex(CLOCK, 'Use HH:MM:SS, 24-hour (for example 09:00:00).')

export const scheduleRangeSchema = z
  .object({ start_time: clock, end_time: clock })
  .refine((r) => !CLOCK.test(r.start_time) || !CLOCK.test(r.end_time) || r.end_time > r.start_time, {
    message: 'The range must end after it starts.',
    path: ['end_time']
  })
export type ScheduleRange = z.infer<typeof scheduleRangeSchema>

const scheduleDay = z.array(scheduleRangeSchema).max(8, 'At most 8 ranges a day.')

export const scheduleSchema = z
  .object(Object.fromEntries(weekdays.map((d) => [d, scheduleDay])) as Record<Weekday, typeof scheduleDay>)
  .superRefine((week, ctx) => {
    let ranges = 0
    for (const day of weekdays) {
      const sorted = week[day].map((r, i) => ({ ...r, i })).sort((a, b) => a.start_time.localeCompare(b.start_time))
      ranges += sorted.length
      for (let k = 1; k < sorted.length; k++) {
        if (sorted[k]!.start_time < sorted[k - 1]!.end_time) {
          ctx.addIssue({
            code: 'custom',
            message: `Overlaps ${sorted[k - 1]!.start_time}–${sorted[k - 1]!.end_time}.`,
            path: [day, sorted[k]!.i, 'start_time'],
            // The range it overlaps, for the desk to say in its language (renderer lib/i18n/field-problems.ts).
            params: { start: sorted[k - 1]!.start_time, end: sorted[k - 1]!.end_time }
          })
        }
      }
    }
    if (ranges === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'Add at least one time range, or turn the weekly schedule off.',
        path: []
      })
    }
  })
export type Schedule = z.infer<typeof scheduleSchema>
