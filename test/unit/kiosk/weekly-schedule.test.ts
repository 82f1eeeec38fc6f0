import { describe, expect, it } from 'vitest'
import { visitorSchema, type Visitor } from '../../../src/shared/access/visitors'
import { checkableNow, findVisit, refusalOf } from '../../../src/main/services/kiosk/visit-match'
import { badgeDoorsWords, refusalForDesk, refusalForVisitor } from '../../../src/shared/kiosk/kiosk-refusal'
import { passTimesOf, passWindow, passWindowWords } from '../../../src/shared/today/pass-window'
import { Translator } from '../../../src/shared/i18n/translator'
import todayEn from '../../../src/shared/i18n/messages/today/en.json'

const todayWords = new Translator('en', todayEn)
import { formats } from '../../../src/shared/format/formats'

/**
 * A visit with a weekly schedule at the kiosk: its pass works only in the schedule's hours, and the
 * kiosk checks in by the same rule as Today's "Valid from" (passWindow), an hour early at most.
 * Monday 23 Nov 2026, local time; the visit runs from 07:13 to Dec 19, Mon–Sat 09:00–17:00.
 */
const on = (day: number, h: number, m = 0) => new Date(2026, 10, day, h, m, 0)
const s = (d: Date) => Math.floor(d.getTime() / 1000)
const hours = [{ start_time: '09:00:00', end_time: '17:00:00' }]
const zoe: Visitor = visitorSchema.parse({
  id: 'zoe',
  first_name: 'Zoë',
  last_name: 'Lind',
  status: 'UPCOMING',
  start_time: s(on(23, 7, 13)),
  end_time: s(new Date(2026, 11, 19, 17, 0)),
  // A visit the kiosk may check in opens a door (shared/kiosk/check-in-rule.ts).
  resources: [{ id: 'lobby', name: 'Lobby', type: 'door_group' }],
  schedule: {
    weekly: {
      sunday: [],
      monday: hours,
      tuesday: hours,
      wednesday: hours,
      thursday: hours,
      friday: hours,
      saturday: hours
    }
  }
})
const find = (now: Date) => findVisit([zoe], { name: 'Zoe Lind' }, now)

describe('the kiosk and a weekly schedule', () => {
  it('refuses more than an hour before the hours open today, saying when the doors open (not "starts at 07:13")', () => {
    const now = on(23, 6, 48)
    expect(checkableNow(zoe, now)).toBe(false)
    const refusal = { reason: 'too-early', startsAt: s(on(23, 9)), hours: true }
    expect(find(now)).toEqual({ kind: 'none', reason: 'not-now', refusal })
    const nine = formats().time(on(23, 9))
    expect(refusalForVisitor(refusalOf(zoe, now), 'the reception desk', now)).toBe(
      `Your badge opens the doors from ${nine}; check-in opens an hour before. Please come back then, or see the reception desk.`
    )
    expect(refusalForDesk(refusalOf(zoe, now), todayWords, formats(), now)).toBe(
      `Too early: the visit's weekly hours open the doors at ${nine}`
    )
  })

  it("refuses after today's hours until an hour before the next day's, and on Sunday", () => {
    for (const now of [on(23, 17, 30), on(29, 12)]) {
      expect(checkableNow(zoe, now)).toBe(false)
      expect(find(now)).toMatchObject({ refusal: { reason: 'too-early', hours: true } })
    }
    expect(refusalOf(zoe, on(29, 12))).toEqual({ reason: 'too-early', startsAt: s(on(30, 9)), hours: true })
  })

  it('checks in up to an hour before the hours open, and says when the doors open', () => {
    const now = on(24, 8, 10)
    expect(checkableNow(zoe, now)).toBe(true)
    expect(find(now)).toMatchObject({ kind: 'one', visit: { visitorId: 'zoe', opensAt: s(on(24, 9)) } })
    const nine = formats().time(on(24, 9))
    expect(badgeDoorsWords(['Lobby', 'Front Door'], s(on(24, 9)), now)).toBe(
      `Your badge opens Lobby, Front Door from ${nine}, not before.`
    )
  })

  it('checks in within the hours with the doors open now', () => {
    expect(find(on(24, 10))).toMatchObject({ kind: 'one' })
    expect(find(on(24, 10))).not.toHaveProperty('visit.opensAt')
    expect(badgeDoorsWords(['Lobby'], null)).toBe('Your badge opens: Lobby.')
  })

  it('agrees with Today\'s "Valid from": one rule for when the pass works', () => {
    const now = on(23, 6, 48)
    const window = passWindow(passTimesOf(zoe)!, now)
    expect(window).toEqual({ kind: 'later', at: on(23, 9).getTime() })
    expect(refusalOf(zoe, now)).toMatchObject({ startsAt: window.kind === 'later' ? window.at / 1000 : -1 })
    expect(passWindowWords(window, now, todayWords, formats())).toMatch(/^Valid from /)
  })

  it('a one-time visit keeps its rule: an hour before its start, and the badge says when its doors open', () => {
    const once = visitorSchema.parse({ ...zoe, id: 'once', schedule: null, start_time: s(on(23, 14)) })
    expect(findVisit([once], { name: 'Zoe Lind' }, on(23, 12))).toEqual({
      kind: 'none',
      reason: 'not-now',
      refusal: { reason: 'too-early', startsAt: s(on(23, 14)) }
    })
    expect(findVisit([once], { name: 'Zoe Lind' }, on(23, 13, 30))).toMatchObject({
      kind: 'one',
      visit: { opensAt: s(on(23, 14)) }
    })
  })
})
