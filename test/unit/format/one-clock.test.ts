import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { formats } from '../../../src/shared/format/formats'

/**
 * Every time of day on every screen is written by the one formatter (shared/format/formats.ts) in the
 * desk language's clock: "2:30 PM" on an English desk, "14:30" on a German, French or Spanish one. A
 * visitor's weekly schedule was cut by hand from the console's "14:30:00" ("14:30") beside a visit
 * window the formatter wrote "2:30 PM": two clocks on one screen. A hand-made clock in the renderer or
 * shared code fails here; the schedule's clocks and the window's are held to the same words below.
 */
const root = join(process.cwd(), 'src')
const allowed = join(root, 'shared/format')
/**
 * A time of day cut or built by hand: a schedule's "HH:mm:ss" cut to five characters, a clock built
 * from hours and minutes, a date-fns/moment-style "HH:mm" pattern.
 */
const HAND_MADE =
  /(?:time|clock)\w*\??\.(?:slice|substring)\(0,\s*5\)|getHours\(\)\)?\}?:\$\{|getUTCHours\(\)\)?\}?:\$\{|['"`]HH:mm/i

/** Not a time shown to a person: a datetime-local input's value ("2026-01-12T09:00"), which the browser shows in its own clock. */
const NOT_SHOWN = new Set(['src/renderer/src/lib/local-time.ts'])

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return path === allowed ? [] : sources(path)
    return /\.(ts|svelte)$/.test(e.name) ? [path] : []
  })
}

export function handMadeClocks(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && HAND_MADE.test(line))
    .map(({ line, n }) => `${n}: ${line}`)
}

describe('one clock on every screen', () => {
  it('finds the hand-made clocks it is there to refuse', () => {
    expect(handMadeClocks('`${r.start_time.slice(0, 5)}–${r.end_time.slice(0, 5)}`')).toHaveLength(1)
    expect(handMadeClocks('start: BUSINESS_DAY_RANGE.start_time.slice(0, 5),')).toHaveLength(1)
    expect(handMadeClocks('`${pad(d.getHours())}:${pad(d.getMinutes())}`')).toHaveLength(1)
    expect(handMadeClocks("format(at, 'HH:mm')")).toHaveLength(1)
    expect(handMadeClocks('const named = short.slice(0, 5).join(", ")')).toHaveLength(0)
  })

  it('the renderer and shared code write no time of day by hand', () => {
    const found = [join(root, 'renderer'), join(root, 'shared')]
      .flatMap(sources)
      .filter((file) => !NOT_SHOWN.has(relative(process.cwd(), file)))
      .flatMap((file) =>
        handMadeClocks(readFileSync(file, 'utf8')).map((hit) => `${relative(process.cwd(), file)}:${hit}`)
      )
    expect(found, 'write times of day with formats().clock / clockRange / time (src/shared/format)').toEqual([])
  })

  it("a schedule's clock is the visit window's clock, in each desk language", () => {
    // 14:30 in the desk's zone, as the visit window's dates are written.
    const at = new Date(2026, 11, 3, 14, 30)
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'es-ES']) {
      const f = formats(locale)
      expect(f.clock('14:30:00'), locale).toBe(f.time(at))
      expect(f.clock('14:30'), locale).toBe(f.time(at))
      expect(f.clockRange('14:30:00', '18:00:00'), locale).toBe(f.timeRange(at, new Date(2026, 11, 3, 18, 0)))
    }
    expect(formats('en-US').clockRange('07:00:00', '18:00:00')).toMatch(/^7:00\sAM\s–\s6:00\sPM$/)
    expect(formats('de-DE').clock('07:05:00')).toBe('07:05')
  })
})
