import { BUSINESS_DAY } from '../../../../shared/visitors/business-day'

/*
 * The site's business day (shared/visitors/business-day.ts, the one constant a recurring visit's
 * default hours read too), in the desk's local time: every day of the week alike here, since the app
 * does not know which days the desk is open, and a desk open on a Saturday has its business day then too.
 */

/** The shortest pass a walk-in gets, and the whole of it outside the business day. */
const ONE_HOUR_S = 3600

/**
 * The validity window a new visitor starts with, for someone standing at the desk (the form's default;
 * Today's walk-in and Visitors' New visitor alike): from now (rounded down to the last 5 minutes, so
 * the pass works at once) until the business day ends (18:00), or one hour from now when the day is
 * nearly over (its last hour) or over: after 18:00, past midnight, before 07:00 (with the day of
 * business-day.ts). Unix seconds.
 *
 * One hour after hours, not "until the end of the day": someone let in while the desk is closing or
 * closed is an exception the desk deals with in person (a late delivery, a contractor on call); an
 * hour lets them in at once without leaving the doors open to them through the night, and the desk
 * types a later end on the form when they need longer. Past midnight, "until 18:00" would have been a
 * pass for most of a day nobody had decided on.
 */
export function walkInWindow(nowMs: number = Date.now()): { start: number; end: number } {
  const start = Math.floor(nowMs / 300_000) * 300
  const anHourOn = Math.floor(nowMs / 60_000) * 60 + ONE_HOUR_S
  const now = new Date(nowMs)
  const opens = new Date(nowMs).setHours(BUSINESS_DAY.opensAtHour, 0, 0, 0)
  const closes = Math.floor(new Date(nowMs).setHours(BUSINESS_DAY.closesAtHour, 0, 0, 0) / 1000)
  const inBusinessDay = now.getTime() >= opens && closes > anHourOn
  return { start, end: inBusinessDay ? closes : anHourOn }
}
