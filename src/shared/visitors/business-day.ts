/**
 * The site's business day, in the desk's local time: the one constant of when the desk is open, which
 * every default that means "during the working day" reads (plain data, no zod: the visitor form loads
 * it).
 * - A walk-in's pass runs until it ends (walk-in.ts: outside it, one hour).
 * - A recurring visit's weekly schedule starts as these hours, Monday to Friday (the schedule editor's
 *   "Business hours" and a new range of a day).
 * 07:00–18:00: the hours a reception desk is staffed, so a contractor on a weekly schedule is let in
 * the hours the desk lets walk-ins in (they differed: 09:00–17:00 for a schedule, 07:00–18:00 for a
 * walk-in). A site whose day differs types its own hours on the form.
 */
export const BUSINESS_DAY = {
  opensAtHour: 7,
  closesAtHour: 18
} as const

/** "07:00:00": an hour of the day as the console's schedule ranges write it. */
const clockOf = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`

/** The business day as one range of a weekly schedule: 07:00:00–18:00:00. */
export const BUSINESS_DAY_RANGE = {
  start_time: clockOf(BUSINESS_DAY.opensAtHour),
  end_time: clockOf(BUSINESS_DAY.closesAtHour)
} as const
