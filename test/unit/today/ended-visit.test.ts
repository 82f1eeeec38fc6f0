import { describe, expect, it } from 'vitest'
import { shownStatus, visitEnded, visitGroup } from '../../../src/shared/today/groups'
import { visitorSchema } from '../../../src/shared/access/visitors'
import { todayRows } from '../../../src/main/services/today/today-list'

/** A day in Unix seconds; a visit 09:00–21:26 on it. */
const day = { start: 1_790_000_000, end: 1_790_000_000 + 86_399 }
const start = day.start + 9 * 3600
const end = day.start + 21 * 3600 + 26 * 60
const ms = (s: number) => s * 1000
const extras = { doors: [], badgePrinted: false, badgeQrRevokedAt: null }
const visitor = (id: string, status: string) =>
  visitorSchema.parse({ id, first_name: id, last_name: 'X', status, start_time: start, end_time: end })

describe('a visit whose window is over without an arrival is a no-show, not expected (issue 31: "Pass has ended" under Expected)', () => {
  it('ends after its last second, as the pass words say "ended"', () => {
    expect(visitEnded(end, ms(end))).toBe(false)
    expect(visitEnded(end, ms(end) + 1)).toBe(true)
    expect(visitEnded(undefined, ms(end) + 1)).toBe(false)
  })

  it('moves only an expected visit with no arrival; an arrival, or the console’s own word, stays', () => {
    const arrival = { at: new Date(ms(start + 60)).toISOString(), where: 'kiosk' as const }
    expect(visitGroup('ACTIVE', null, true)).toBe('no-show')
    expect(visitGroup('UPCOMING', null, true)).toBe('no-show')
    expect(visitGroup('ACTIVE', null, false)).toBe('expected')
    // Here, and the window over (ended at the desk, End visit now, or by its end time): the visitor has
    // left, though the console may still say VISITING (it moves a visit by time when it pleases, facts 3.8).
    expect(visitGroup('ACTIVE', arrival, true)).toBe('left')
    expect(visitGroup('VISITING', null, true)).toBe('left')
    expect(visitGroup('VISITING', null, false)).toBe('here')
    expect(visitGroup('VISITED', null, true)).toBe('left')
    expect(visitGroup('CANCELLED', null, true)).toBe('cancelled')
  })

  it('groups Today’s rows (main) by it: before the end under Expected, after it under No-show', () => {
    const visitors = [visitor('ann', 'ACTIVE'), visitor('bo', 'VISITING')]
    const groups = (now: number) => todayRows(visitors, day, () => extras, now).map((r) => [r.id, r.group, r.status])
    expect(groups(ms(end) - 60_000)).toEqual([
      ['ann', 'expected', 'ACTIVE'],
      ['bo', 'here', 'VISITING']
    ])
    // The console's status is kept as it answered; the group is the desk's.
    expect(groups(ms(end) + 60_000)).toEqual([
      ['ann', 'no-show', 'ACTIVE'],
      ['bo', 'left', 'VISITING']
    ])
  })

  it('is the status Visitors and Badges show: No-show for an ended visit the console still holds ACTIVE', () => {
    expect(shownStatus({ status: 'ACTIVE', end_time: end }, ms(end) + 1)).toBe('NO_VISIT')
    expect(shownStatus({ status: 'ACTIVE', end_time: end }, ms(end))).toBe('ACTIVE')
    expect(shownStatus({ status: 'VISITED', end_time: end }, ms(end) + 1)).toBe('VISITED')
    const arrival = { at: new Date(ms(start + 60)).toISOString(), where: 'kiosk' as const }
    expect(shownStatus({ status: 'ACTIVE', end_time: end, deskArrival: arrival }, ms(end))).toBe('VISITING')
    // Checked in, then the window over: Left, as Today groups it.
    expect(shownStatus({ status: 'ACTIVE', end_time: end, deskArrival: arrival }, ms(end) + 1)).toBe('VISITED')
    expect(shownStatus({ status: 'VISITING', end_time: end }, ms(end) + 1)).toBe('VISITED')
  })
})
