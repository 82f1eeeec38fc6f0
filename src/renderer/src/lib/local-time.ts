/** The desk's local time zone, for datetime-local inputs that the console wants as unix seconds. */
export const deskTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone

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

/** Unix seconds as the desk reads them: "12 Jan 2026, 09:00". */
export function formatLocal(seconds: number | undefined): string {
  if (!seconds) return '—'
  return new Date(seconds * 1000).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit'
  })
}
