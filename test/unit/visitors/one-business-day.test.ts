import { describe, expect, it } from 'vitest'
import { walkInWindow } from '../../../src/renderer/src/components/visitors/walk-in'
import { businessHours } from '../../../src/renderer/src/components/visitors/schedule'
import { BUSINESS_DAY } from '../../../src/shared/visitors/business-day'

/** A moment in the desk's local time on Monday 23 Nov 2026. */
const monday = (h: number, m = 0) => new Date(2026, 10, 23, h, m).getTime()
const hourOf = (s: number) => new Date(s * 1000).getHours()
const clockHour = (clock: string) => Number(clock.slice(0, 2))

/**
 * One business day for the site: a recurring visit's default weekly hours and a walk-in's pass read the
 * same constant (shared/visitors/business-day.ts). They differed: 09:00–17:00 for a schedule, 07:00–18:00
 * for a walk-in, so a contractor let in at 07:30 as a walk-in was shut out at that hour on a schedule.
 */
describe('the business day of a recurring visit and of a walk-in is one', () => {
  it('a recurring visit starts with the hours a walk-in is let in: Monday to Friday, opening to closing', () => {
    const week = businessHours()
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
      expect(week[day]).toHaveLength(1)
      expect(clockHour(week[day][0]!.start_time)).toBe(BUSINESS_DAY.opensAtHour)
      expect(clockHour(week[day][0]!.end_time)).toBe(BUSINESS_DAY.closesAtHour)
    }
    expect(week.saturday).toEqual([])
    expect(week.sunday).toEqual([])
  })

  it('a walk-in in the business day runs until it closes, and one before it opens gets an hour', () => {
    expect(hourOf(walkInWindow(monday(BUSINESS_DAY.opensAtHour, 10)).end)).toBe(BUSINESS_DAY.closesAtHour)
    const early = walkInWindow(monday(BUSINESS_DAY.opensAtHour - 1, 10))
    expect(early.end - early.start).toBeLessThanOrEqual(3600 + 600)
  })

  it("the schedule's default range is exactly the walk-in's business day", () => {
    const range = businessHours().monday[0]!
    const inDay = walkInWindow(monday(12))
    expect(clockHour(range.end_time)).toBe(hourOf(inDay.end))
    // Before the schedule's first hour a walk-in gets only an hour: the day opens at the same hour for both.
    const justBefore = walkInWindow(monday(clockHour(range.start_time) - 1, 30))
    expect(hourOf(justBefore.end)).not.toBe(BUSINESS_DAY.closesAtHour)
    const atOpening = walkInWindow(monday(clockHour(range.start_time), 0))
    expect(hourOf(atOpening.end)).toBe(BUSINESS_DAY.closesAtHour)
  })
})
