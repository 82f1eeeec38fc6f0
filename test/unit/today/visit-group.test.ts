import { describe, expect, it } from 'vitest'
import { arrivalsOn, visitGroup } from '../../../src/shared/today/groups'
import { visitorSchema, type Visitor } from '../../../src/shared/access/visitors'
import { todayRows } from '../../../src/main/services/today/today-list'
import type { KioskCheckin } from '../../../src/shared/kiosk/schemas'

/** A day in Unix seconds, and an ISO time `s` seconds into it. */
const day = { start: 1_790_000_000, end: 1_790_000_000 + 86_399 }
const iso = (s: number) => new Date((day.start + s) * 1000).toISOString()

const checkin = (fields: Partial<KioskCheckin> & Pick<KioskCheckin, 'visitorId'>): KioskCheckin => ({
  id: `c-${Math.random()}`,
  at: iso(3600),
  name: 'Ann Berg',
  company: '',
  host: '',
  printed: true,
  offline: false,
  ...fields
})

describe('the one rule of a visit’s group: the console’s status and the desk’s own check-in', () => {
  it('moves an expected visit checked in at the kiosk to Here, and nothing the console says is over', () => {
    const arrival = { at: iso(3600), where: 'kiosk' as const }
    expect(visitGroup('ACTIVE', arrival)).toBe('here')
    expect(visitGroup('UPCOMING', arrival)).toBe('here')
    expect(visitGroup('VISITING', arrival)).toBe('here')
    // The console's word wins once the visit is over or cancelled, but for No-show: the console says it
    // as the window passes with no door tapped (it cannot know of an arrival); a visitor this desk
    // recorded as here came, and left.
    expect(visitGroup('VISITED', arrival)).toBe('left')
    expect(visitGroup('NO_VISIT', arrival)).toBe('left')
    expect(visitGroup('NO_VISIT', null)).toBe('no-show')
    expect(visitGroup('NO_VISIT', { ...arrival, where: 'desk' })).toBe('left')
    expect(visitGroup('CANCELLED', arrival)).toBe('cancelled')
    // No arrival recorded: the console's status alone.
    expect(visitGroup('ACTIVE', null)).toBe('expected')
  })

  it('takes as arrivals today’s check-ins the kiosk took, badge or not, the first of the day each', () => {
    const arrivals = arrivalsOn(
      [
        // Newest first, as the log lists them.
        checkin({ visitorId: 'ann', at: iso(5 * 3600) }),
        checkin({ visitorId: 'ann', at: iso(2 * 3600) }),
        checkin({
          visitorId: 'sent',
          printed: false,
          refusal: { reason: 'too-early', startsAt: day.start + 9 * 3600 }
        }),
        checkin({ visitorId: 'no-badge', printed: false, printError: 'The printer is out of labels.' }),
        checkin({ visitorId: 'yesterday', at: iso(-60) })
      ],
      day
    )
    expect([...arrivals.entries()]).toEqual([
      ['ann', { at: iso(2 * 3600), where: 'kiosk' }],
      ['no-badge', { at: iso(3600), where: 'kiosk' }]
    ])
  })

  it('a kiosk visitor whose badge did not print is under Here (at the building, no badge: the desk prints it)', () => {
    const visitor = (id: string): Visitor =>
      visitorSchema.parse({
        id,
        first_name: id,
        last_name: 'X',
        status: 'ACTIVE',
        start_time: day.start,
        end_time: day.end
      })
    const failure = { code: 'PRINTER_NOT_READY', details: { printerState: 'out-of-media', reasons: ['media-empty'] } }
    const arrivals = arrivalsOn(
      [
        // The printer ran out during the job: the console holds a QR code, the kiosk said "checked in".
        checkin({
          visitorId: 'empty',
          printed: false,
          output: 'printer',
          printError: 'Out of labels.',
          printFailure: failure
        }),
        // The printer was known not ready: sent to the desk before any QR code, checked in all the same.
        checkin({ visitorId: 'not-ready', printed: false, output: 'printer', printError: 'Not ready.' }),
        checkin({ visitorId: 'refused', printed: false, refusal: { reason: 'cancelled' } })
      ],
      day
    )
    const rows = todayRows(
      [visitor('empty'), visitor('not-ready'), visitor('refused')],
      day,
      (v) => ({ doors: [], badgePrinted: false, badgeQrRevokedAt: null, arrival: arrivals.get(v.id) ?? null }),
      day.start * 1000
    )
    const group = (id: string) => rows.find((r) => r.id === id)!.group
    expect(group('empty')).toBe('here')
    expect(group('not-ready')).toBe('here')
    expect(group('refused')).toBe('expected')
  })

  it('groups Today’s rows by the rule: a kiosk check-in the console still holds ACTIVE is under Here, with when', () => {
    const visitor = (id: string, status: string): Visitor =>
      visitorSchema.parse({ id, first_name: id, last_name: 'X', status, start_time: day.start, end_time: day.end })
    const arrivals = arrivalsOn([checkin({ visitorId: 'kiosk' }), checkin({ visitorId: 'gone' })], day)
    const rows = todayRows(
      [visitor('kiosk', 'ACTIVE'), visitor('desk', 'ACTIVE'), visitor('gone', 'VISITED')],
      day,
      (v) => ({
        doors: [],
        badgePrinted: false,
        badgeQrRevokedAt: null,
        arrival: arrivals.get(v.id) ?? null
      }),
      // At the day's start: no window is over yet.
      day.start * 1000
    )
    const of = (id: string) => rows.find((r) => r.id === id)!
    expect(of('kiosk')).toMatchObject({ status: 'ACTIVE', group: 'here', arrival: { at: iso(3600), where: 'kiosk' } })
    expect(of('desk')).toMatchObject({ group: 'expected', arrival: null })
    expect(of('gone').group).toBe('left')
  })
})
