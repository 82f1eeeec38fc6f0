import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, addSeconds, getUnixTime, set } from 'date-fns'
import { dayVisitorSchema, type WeekSchedule } from '../../../src/shared/access/visitors'
import { passWindow, passWindowWords } from '../../../src/shared/today/pass-window'
import { Translator } from '../../../src/shared/i18n/translator'
import todayEn from '../../../src/shared/i18n/messages/today/en.json'
import todayDe from '../../../src/shared/i18n/messages/today/de.json'

const todayWords = new Translator('en', todayEn)
import { todayRows } from '../../../src/main/services/today/today-list'
import { formats } from '../../../src/shared/format/formats'

/** The desk's time zone: a European one, with daylight saving time (29 March 2026 loses an hour). */
let previousTz: string | undefined
beforeAll(() => {
  previousTz = process.env.TZ
  process.env.TZ = 'Europe/Copenhagen'
})
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ
  else process.env.TZ = previousTz
})

/** Tuesday 24 March 2026, local, at h:m. */
const tue = (h: number, m = 0, s = 0) => new Date(2026, 2, 24, h, m, s)
const office = (): WeekSchedule => {
  const day = [{ start_time: '09:00:00', end_time: '17:00:00' }]
  return { sunday: [], monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: [] }
}
/** A month-long recurring visit, Monday to Friday 09:00–17:00, from Monday 23 March. */
const recurring = (fields: { start?: Date; end?: Date; week?: WeekSchedule | null } = {}) => ({
  start: getUnixTime(fields.start ?? new Date(2026, 2, 23, 0, 0)),
  end: getUnixTime(fields.end ?? new Date(2026, 3, 23, 23, 59, 59)),
  week: fields.week === undefined ? office() : fields.week
})
const later = (at: Date) => ({ kind: 'later', at: at.getTime() })

describe("Today: whether a visitor's pass works now, with their weekly schedule", () => {
  it('is valid now inside a range of the day, to the last second of the range', () => {
    expect(passWindow(recurring(), tue(10))).toEqual({ kind: 'now' })
    expect(passWindow(recurring(), tue(9))).toEqual({ kind: 'now' })
    expect(passWindow(recurring(), addSeconds(tue(17), 0.5))).toEqual({ kind: 'now' })
    expect(passWindowWords({ kind: 'now' }, tue(10), todayWords, formats())).toBe('Valid now')
  })

  it('outside the schedule, says when it is valid next: later today, tomorrow, after the weekend', () => {
    expect(passWindow(recurring(), tue(7, 30))).toEqual(later(tue(9)))
    // Times of day as the app writes them everywhere (shared/format/formats.ts: "9:00 AM", "09:00").
    expect(passWindowWords(passWindow(recurring(), tue(7, 30)), tue(7, 30), todayWords, formats())).toBe(
      `Valid from ${formats().time(tue(9))}`
    )
    const wed = addDays(tue(9), 1)
    expect(passWindow(recurring(), tue(17, 0, 1))).toEqual(later(wed))
    expect(passWindow(recurring(), tue(23, 30))).toEqual(later(wed))
    // Another day: the weekday too ("Valid from Wed 09:00").
    const words = passWindowWords(passWindow(recurring(), tue(18)), tue(18), todayWords, formats())
    expect(words).toContain(formats().time(wed))
    expect(words).toContain(formats().weekdayDayMonth(wed).split(/[ ,]/)[0]!)
    // Friday evening and Saturday: next Monday, across the night the clocks go forward (29 March).
    const monday = new Date(2026, 2, 30, 9, 0)
    expect(passWindow(recurring(), new Date(2026, 2, 27, 18))).toEqual(later(monday))
    expect(passWindow(recurring(), new Date(2026, 2, 28, 12))).toEqual(later(monday))
  })

  it('waits for the window to open first, then for the schedule', () => {
    const thursday = set(addDays(tue(0), 2), { hours: 0 })
    expect(passWindow(recurring({ start: thursday }), tue(10))).toEqual(later(addDays(tue(9), 2)))
    // Opening mid-range: valid from the window's start.
    expect(passWindow(recurring({ start: tue(11) }), tue(10))).toEqual(later(tue(11)))
  })

  it('has ended after the window, and is never valid again when no range is left in it', () => {
    expect(passWindow(recurring({ end: tue(12) }), tue(12, 0, 1))).toEqual({ kind: 'over' })
    expect(passWindow(recurring({ end: tue(23, 59, 59) }), tue(18))).toEqual({ kind: 'never' })
    expect(passWindowWords({ kind: 'over' }, tue(18), todayWords, formats())).toBe('Pass has ended')
  })

  it("speaks the desk's language: Today's words, the time as the formats write it", () => {
    const german = new Translator('de', todayDe)
    const de = formats('de')
    expect(passWindowWords({ kind: 'now' }, tue(10), german, de)).toBe('Jetzt gültig')
    // The desk's formats, not this computer's locale: 24-hour in German, never "9:00 AM".
    expect(passWindowWords(passWindow(recurring(), tue(7, 30)), tue(7, 30), german, de)).toBe('Gültig ab 09:00')
    expect(passWindowWords({ kind: 'over' }, tue(18), german, de)).toBe('Zugang abgelaufen')
  })

  it('without a schedule, follows the window alone', () => {
    const oneTime = { start: getUnixTime(tue(14)), end: getUnixTime(tue(16)), week: null }
    expect(passWindow(oneTime, tue(10))).toEqual(later(tue(14)))
    expect(passWindow(oneTime, tue(20))).toEqual({ kind: 'over' })
    expect(passWindow(oneTime, tue(15))).toEqual({ kind: 'now' })
  })

  it("reads the schedule into Today's rows; a schedule open all day every day is none", () => {
    const day = { start: getUnixTime(tue(0)), end: getUnixTime(tue(23, 59, 59)) }
    const row = (weekly: unknown) =>
      todayRows(
        [
          dayVisitorSchema.parse({
            id: 'v',
            first_name: 'Ana',
            last_name: 'Ruiz',
            status: 'UPCOMING',
            start_time: getUnixTime(tue(0)),
            end_time: getUnixTime(addDays(tue(0), 30)),
            schedule: { id: 's', weekly }
          })
        ],
        day,
        () => ({ doors: [], badgePrinted: false, badgeQrRevokedAt: null }),
        tue(0).getTime()
      )[0]!
    expect(row(office()).week).toEqual(office())
    const always = Object.fromEntries(
      ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
        d,
        [{ start_time: '00:00:00', end_time: '23:59:59' }]
      ])
    )
    expect(row(always).week).toBeNull()
    expect(row(null).week).toBeNull()
    // A day the console leaves null is a day without ranges; a range not in HH:MM:SS is no schedule read.
    expect(row({ ...office(), sunday: null }).week).toEqual(office())
    expect(row({ ...office(), monday: [{ start_time: '9:00', end_time: '17:00:00' }] }).week).toBeNull()
  })
})
