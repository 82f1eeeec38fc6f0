/**
 * An instant as ISO 8601 in a time zone, with that zone's offset: `2026-11-28T01:04:19+01:00`. The
 * audit CSV writes its times so (the desk's zone, as on the screen), and a spreadsheet or a script
 * still reads the exact instant.
 */
import { dateTimeFormat } from '../../../shared/format/formats'

/** The zone's wall clock, made once per zone (an export formats every row's times). */
function wallClock(timeZone: string | undefined): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit'
  })
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `at` in `timeZone` (this process's zone when absent), whole seconds, with the offset it had then. */
export function isoInZone(at: Date | number, timeZone?: string): string {
  const ms = Math.floor(new Date(at).getTime() / 1000) * 1000
  const parts: Record<string, string> = {}
  for (const part of wallClock(timeZone).formatToParts(ms)) parts[part.type] = part.value
  const [y, mo, d, h, mi, s] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) => Number(parts[k]))
  const wallMs = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!)
  const offsetMinutes = Math.round((wallMs - ms) / 60_000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  const date = `${String(y).padStart(4, '0')}-${pad(mo!)}-${pad(d!)}T${pad(h!)}:${pad(mi!)}:${pad(s!)}`
  return `${date}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}
