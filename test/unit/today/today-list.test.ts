import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdsQr } from '../../../src/shared/today/qr-held'
import { visitorSchema, type Visitor } from '../../../src/shared/access/visitors'
import { groupOf, todayRows } from '../../../src/main/services/today/today-list'
import { localDay, touchesDay } from '../../../src/main/services/today/desk-day'

/** The desk's local time zone for these tests: a European one, with daylight saving time. */
const TZ = 'Europe/Copenhagen'
let previousTz: string | undefined
beforeAll(() => {
  previousTz = process.env.TZ
  process.env.TZ = TZ
})
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ
  else process.env.TZ = previousTz
})

const visitor = (fields: Partial<Record<string, unknown>>): Visitor =>
  visitorSchema.parse({ id: 'v', first_name: 'Ann', last_name: 'Berg', status: 'ACTIVE', ...fields })

describe('Today: the local day, the window test, the groups and the order', () => {
  it('takes the day in the desk’s time zone: midnight to the last second before the next midnight', () => {
    // 23:30 UTC on 1 June is 01:30 on 2 June in Copenhagen (UTC+2).
    const day = localDay(new Date(Date.UTC(2026, 5, 1, 23, 30)))
    expect(day.day).toBe('2026-06-02')
    expect(day.start).toBe(Date.UTC(2026, 5, 1, 22, 0) / 1000)
    expect(day.end - day.start + 1).toBe(86_400)
  })

  it('has 23 hours on the spring change and 25 on the autumn change', () => {
    const spring = localDay(new Date(Date.UTC(2026, 2, 29, 12)))
    expect(spring.day).toBe('2026-03-29')
    expect(spring.end - spring.start + 1).toBe(23 * 3600)
    const autumn = localDay(new Date(Date.UTC(2026, 9, 25, 12)))
    expect(autumn.end - autumn.start + 1).toBe(25 * 3600)
    expect(autumn.start).toBe(Date.UTC(2026, 9, 24, 22) / 1000)
  })

  it('counts a window as touching the day from its first to its last second, and not a second beyond', () => {
    const day = { start: 1000, end: 1999 }
    expect(touchesDay({ start_time: 0, end_time: 1000 }, day)).toBe(true)
    expect(touchesDay({ start_time: 1999, end_time: 5000 }, day)).toBe(true)
    expect(touchesDay({ start_time: 0, end_time: 999 }, day)).toBe(false)
    expect(touchesDay({ start_time: 2000, end_time: 5000 }, day)).toBe(false)
    // A recurring visit of thirty days that includes today.
    expect(touchesDay({ start_time: 0, end_time: 90_000 }, day)).toBe(true)
    expect(touchesDay({ start_time: undefined, end_time: 1500 }, day)).toBe(false)
    expect(touchesDay({ start_time: 1500, end_time: undefined }, day)).toBe(false)
  })

  it('groups the console’s statuses: expected, here, left, no-show and cancelled', () => {
    expect(groupOf('UPCOMING')).toBe('expected')
    expect(groupOf('ACTIVE')).toBe('expected')
    expect(groupOf('VISITING')).toBe('here')
    expect(groupOf('VISITED')).toBe('left')
    expect(groupOf('NO_VISIT')).toBe('no-show')
    expect(groupOf('CANCELLED')).toBe('cancelled')
  })

  it('keeps today’s visitors only, sorted by start then name, with host, company, credentials and extras', () => {
    const day = { start: 1000, end: 1999 }
    const rows = todayRows(
      [
        visitor({ id: 'late', first_name: 'Zoe', start_time: 1500, end_time: 1600, status: 'UPCOMING' }),
        visitor({ id: 'b', first_name: 'Bo', start_time: 1200, end_time: 1300, status: 'VISITING' }),
        visitor({
          id: 'a',
          first_name: 'Al',
          start_time: 1200,
          end_time: 1300,
          status: 'CANCELLED',
          inviter_name: 'Hanne Lund',
          visitor_company: 'Acme',
          pin_code: { token: 'x' },
          nfc_cards: [
            { id: '1', token: 't1' },
            { id: '2', token: 't2' }
          ]
        }),
        visitor({ id: 'yesterday', start_time: 0, end_time: 999 }),
        visitor({ id: 'no-status', status: undefined, start_time: 1200, end_time: 1300 })
      ],
      day,
      (v) => ({
        doors: [{ name: `door of ${v.id}`, group: false }],
        badgePrinted: v.id === 'b',
        badgeQrRevokedAt: null
      }),
      // At the day's start: no window is over yet.
      day.start * 1000
    )
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'late'])
    expect(rows[0]).toEqual({
      id: 'a',
      name: 'Al Berg',
      company: 'Acme',
      host: 'Hanne Lund',
      status: 'CANCELLED',
      group: 'cancelled',
      start: 1200,
      end: 1300,
      doors: [{ name: 'door of a', group: false }],
      credentials: { pin: true, cards: 2, qr: false },
      badgePrinted: false,
      badgeQrRevokedAt: null,
      week: null,
      arrival: null
    })
    expect(rows[1]).toMatchObject({
      group: 'here',
      badgePrinted: true,
      // The printed badge's QR code (not revoked since): access by QR, from the desk's record.
      credentials: { pin: false, cards: 0, qr: true },
      company: '',
      host: ''
    })
    expect(rows[2]).toMatchObject({ group: 'expected', name: 'Zoe Berg' })
  })

  it('orders by start time before name, by name before id, and by id last', () => {
    const day = { start: 1000, end: 1999 }
    const rows = todayRows(
      [
        visitor({ id: 'a-late', first_name: 'Al', start_time: 1500, end_time: 1600 }),
        visitor({ id: 'z-early', first_name: 'Zed', start_time: 1100, end_time: 1600 }),
        visitor({ id: 'm-2', first_name: 'Bo', start_time: 1300, end_time: 1600 }),
        visitor({ id: 'k-same', first_name: 'Cy', start_time: 1300, end_time: 1600 }),
        visitor({ id: 'm-1', first_name: 'Bo', start_time: 1300, end_time: 1600 })
      ],
      day,
      () => ({ doors: [], badgePrinted: false, badgeQrRevokedAt: null }),
      // At the day's start: no window is over yet.
      day.start * 1000
    )
    expect(rows.map((r) => r.id)).toEqual(['z-early', 'm-1', 'm-2', 'k-same', 'a-late'])
  })
})

describe('holdsQr', () => {
  it('a badge printed here holds its QR code until the desk revokes it; no badge, no QR code', () => {
    expect(holdsQr({ badgePrinted: true, badgeQrRevokedAt: null })).toBe(true)
    expect(holdsQr({ badgePrinted: true, badgeQrRevokedAt: '2026-11-23T10:00:00Z' })).toBe(false)
    expect(holdsQr({ badgePrinted: false, badgeQrRevokedAt: null })).toBe(false)
  })
})
