import { describe, expect, it } from 'vitest'
import { formats } from '../../../src/shared/format/formats'

/**
 * A time of day reads one way in a locale, with or without its seconds and beside a date: "8:00 AM" and
 * "8:00:05 AM" in American English (no leading zero in a 12-hour clock), "08:00" and "08:00:05" in a
 * 24-hour one. Before, `time` gave "08:00 AM" while `timeWithSeconds` gave "3:11:25 PM".
 */
describe('formats: one shape of a time of day', () => {
  const at = new Date(2026, 0, 12, 8, 0, 5)
  const withoutSeconds = (s: string) => s.replace(/(\d\d):05/, '$1')

  it.each([
    ['en', '8:00 AM'],
    ['en-US', '8:00 AM'],
    ['en-GB', '08:00'],
    ['de', '08:00'],
    ['fr', '08:00']
  ])('%s: time, timeWithSeconds, dateTime and dateTimeWithSeconds write the hour alike', (locale, clock) => {
    const f = formats(locale)
    expect(f.time(at)).toBe(clock)
    expect(withoutSeconds(f.timeWithSeconds(at))).toBe(clock)
    expect(f.dateTime(at).endsWith(clock)).toBe(true)
    expect(withoutSeconds(f.dateTimeWithSeconds(at)).endsWith(clock)).toBe(true)
    expect(f.dayMonthTime(at).endsWith(clock)).toBe(true)
  })

  it('a 12-hour clock has no leading zero anywhere: "8:00 AM", never "08:00 AM"', () => {
    const f = formats('en')
    for (const s of [f.time(at), f.timeWithSeconds(at), f.dateTime(at), f.timeRange(at, at.getTime() + 3_600_000)])
      expect(s).not.toMatch(/\b08:/)
  })
})
