import { systemTimeZone } from '../../../shared/format/formats'
import { deskFormats } from './i18n/desk-formats'

/** The desk's local time zone, for datetime-local inputs that the console wants as unix seconds. */
export const deskTimeZone = systemTimeZone()

const pad = (n: number) => String(n).padStart(2, '0')

/** "2026-01-12T09:00" read in the desk's zone → unix seconds (NaN when empty or invalid). */
export function localInputToUnix(value: string): number {
  if (!value) return Number.NaN
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? Math.round(ms / 1000) : Number.NaN
}

/** Unix seconds → "2026-01-12T09:00" in the desk's zone, for a datetime-local input. */
export function unixToLocalInput(seconds: number | undefined): string {
  if (!seconds) return ''
  const d = new Date(seconds * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * Dates as the desk reads them, in its language: the formatters are made once per locale
 * (shared/format), and a switch of language rewrites every date on screen (deskFormats is reactive).
 */

/** Unix seconds as the desk reads them: "12 Jan 2026, 09:00". */
export function formatLocal(seconds: number | undefined): string {
  if (!seconds) return '—'
  return deskFormats().dateTime(seconds * 1000)
}

/** An ISO time as the audit trail shows it: "12 Jan 2026, 09:00:05". */
export function formatLocalWithSeconds(iso: string): string {
  return deskFormats().dateTimeWithSeconds(new Date(iso))
}

/** An ISO time within the year: "12 Jan, 09:00". */
export function formatDayMonthTime(iso: string): string {
  return deskFormats().dayMonthTime(new Date(iso))
}

/** Unix seconds as a time of day: "09:00". */
export function formatClock(seconds: number): string {
  return deskFormats().time(seconds * 1000)
}

/** Unix seconds as a day: "12 Jan". */
export function formatDayMonth(seconds: number): string {
  return deskFormats().dayMonth(seconds * 1000)
}
