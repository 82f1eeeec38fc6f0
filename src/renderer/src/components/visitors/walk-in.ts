/** When the desk's business day ends, in its local time: a walk-in's pass lasts until then. */
export const BUSINESS_DAY_ENDS_AT_HOUR = 18

/**
 * The validity window a new visitor starts with, for someone standing at the desk: from now
 * (rounded down to the last 5 minutes, so the pass works at once) until the end of today's business
 * day, or an hour from now when the day is nearly over. Unix seconds.
 */
export function walkInWindow(nowMs: number = Date.now()): { start: number; end: number } {
  const start = Math.floor(nowMs / 300_000) * 300
  const closing = new Date(nowMs)
  closing.setHours(BUSINESS_DAY_ENDS_AT_HOUR, 0, 0, 0)
  const end = Math.max(Math.floor(closing.getTime() / 1000), Math.floor(nowMs / 60_000) * 60 + 3600)
  return { start, end }
}
