import { describe, expect, it } from 'vitest'
import { walkInWindow } from '../../../src/renderer/src/components/visitors/walk-in'

/** A moment in the desk's local time: 23 Nov 2026 is a Monday, 28 Nov a Saturday, 29 Nov a Sunday. */
const at = (day: number, h: number, m: number) => new Date(2026, 10, day, h, m, 12).getTime()
/** A window's end (or start) as the desk reads it: "Mon 18:00". */
const said = (s: number) => {
  const d = new Date(s * 1000)
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getDay()]
  return `${day} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}
const window = (ms: number) => {
  const w = walkInWindow(ms)
  return [said(w.start), said(w.end)]
}

/**
 * A walk-in's pass: from now (the last 5 minutes) until the business day ends (18:00) when that is an
 * hour or more away; outside the business day (07:00–18:00) and in its last hour, one hour from now.
 * Every day of the week alike: the app does not know which days the desk is open.
 */
describe('a walk-in’s window at the edges of the business day', () => {
  it('in the business day: until 18:00', () => {
    expect(window(at(23, 7, 0))).toEqual(['Mon 07:00', 'Mon 18:00'])
    expect(window(at(23, 13, 32))).toEqual(['Mon 13:30', 'Mon 18:00'])
    expect(window(at(23, 16, 59))).toEqual(['Mon 16:55', 'Mon 18:00'])
  })

  it('just before the business day ends: an hour, not a pass that ends in minutes', () => {
    expect(window(at(23, 17, 0))).toEqual(['Mon 17:00', 'Mon 18:00'])
    expect(window(at(23, 17, 41))).toEqual(['Mon 17:40', 'Mon 18:41'])
    expect(window(at(23, 17, 59))).toEqual(['Mon 17:55', 'Mon 18:59'])
  })

  it('after the business day ends: one hour from now, the end into the next day when it must', () => {
    expect(window(at(23, 18, 0))).toEqual(['Mon 18:00', 'Mon 19:00'])
    expect(window(at(23, 21, 7))).toEqual(['Mon 21:05', 'Mon 22:07'])
    expect(window(at(23, 23, 30))).toEqual(['Mon 23:30', 'Tue 00:30'])
  })

  it('past midnight, before the business day starts: one hour, never until the afternoon', () => {
    expect(window(at(24, 0, 20))).toEqual(['Tue 00:20', 'Tue 01:20'])
    expect(window(at(24, 6, 59))).toEqual(['Tue 06:55', 'Tue 07:59'])
  })

  it('a weekend day is a day like any other', () => {
    expect(window(at(28, 10, 0))).toEqual(['Sat 10:00', 'Sat 18:00'])
    expect(window(at(29, 20, 0))).toEqual(['Sun 20:00', 'Sun 21:00'])
  })
})
