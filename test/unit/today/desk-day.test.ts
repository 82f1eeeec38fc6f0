import { describe, expect, it } from 'vitest'
import { DeskZone, localDay } from '../../../src/main/services/today/desk-day'
import { namingDeskZone } from '../../../src/main/services/today/desk-zone-named'
import { touchesToday } from '../../../src/main/services/kiosk/visit-match'
import type { Handlers } from '../../../src/main/services/ipc/dispatch'

const unix = (iso: string) => Date.parse(iso) / 1000

describe('the desk’s day in its time zone (desk-day.ts, @date-fns/tz)', () => {
  it('is the day of the desk’s clock, not of main’s: 23:30 UTC is the next day in Berlin, the same in Los Angeles', () => {
    const at = new Date('2026-06-01T23:30:00Z')
    expect(localDay(at, 'Europe/Berlin')).toEqual({
      day: '2026-06-02',
      start: unix('2026-06-01T22:00:00Z'),
      end: unix('2026-06-02T22:00:00Z') - 1
    })
    expect(localDay(at, 'America/Los_Angeles')).toEqual({
      day: '2026-06-01',
      start: unix('2026-06-01T07:00:00Z'),
      end: unix('2026-06-02T07:00:00Z') - 1
    })
    expect(localDay(at, 'UTC').day).toBe('2026-06-01')
  })

  it('is 23 hours on the day the clocks go forward and 25 on the day they go back', () => {
    const spring = localDay(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin')
    expect(spring).toMatchObject({ day: '2026-03-29', start: unix('2026-03-28T23:00:00Z') })
    expect(spring.end + 1 - spring.start).toBe(23 * 3600)
    const autumn = localDay(new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin')
    expect(autumn).toMatchObject({ day: '2026-10-25', start: unix('2026-10-24T22:00:00Z') })
    expect(autumn.end + 1 - autumn.start).toBe(25 * 3600)
  })

  it('the kiosk’s today is the same day: a visit of Berlin’s morning is today there, not in Los Angeles', () => {
    const now = new Date('2026-06-01T23:30:00Z')
    const berlinMorning = { start_time: unix('2026-06-02T07:00:00Z'), end_time: unix('2026-06-02T09:00:00Z') }
    expect(touchesToday(berlinMorning, now, 'Europe/Berlin')).toBe(true)
    expect(touchesToday(berlinMorning, now, 'UTC')).toBe(false)
  })
})

describe('main learns the desk’s zone from the calls that name it (desk-zone-named.ts)', () => {
  it('names the zone a call carries before its handler runs, and keeps it for calls that carry none', async () => {
    const desk = new DeskZone()
    const seen: (string | undefined)[] = []
    const handlers = namingDeskZone(
      {
        'kiosk.find': async () => {
          seen.push(desk.zone)
          return {}
        },
        'kiosk.checkins': async () => {
          seen.push(desk.zone)
          return {}
        }
      } as unknown as Handlers,
      desk
    ) as unknown as Record<string, (input: unknown) => Promise<unknown>>
    await handlers['kiosk.checkins']!(undefined)
    await handlers['kiosk.find']!({ name: 'Ana Silva', timeZone: 'Pacific/Auckland' })
    await handlers['kiosk.checkins']!({ limit: 5 })
    expect(seen).toEqual([undefined, 'Pacific/Auckland', 'Pacific/Auckland'])
    expect(desk.day(new Date('2026-06-01T23:30:00Z')).day).toBe('2026-06-02')
  })
})
