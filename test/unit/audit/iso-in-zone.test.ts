import { describe, expect, it } from 'vitest'
import { isoInZone } from '../../../src/main/services/audit/iso-in-zone'
import { isTimeZone } from '../../../src/shared/audit/time-zone'

/** The audit CSV's times: ISO 8601 in the desk's zone, with the offset that zone had at that instant. */
describe('an instant as ISO 8601 in a time zone', () => {
  const at = Date.parse('2026-01-15T12:00:05.678Z')
  const summer = Date.parse('2026-07-15T12:00:05Z')

  it('writes the wall clock of the zone and its offset, whole seconds', () => {
    expect(isoInZone(at, 'UTC')).toBe('2026-01-15T12:00:05+00:00')
    expect(isoInZone(at, 'Europe/Berlin')).toBe('2026-01-15T13:00:05+01:00')
    expect(isoInZone(summer, 'Europe/Berlin')).toBe('2026-07-15T14:00:05+02:00')
    expect(isoInZone(at, 'America/New_York')).toBe('2026-01-15T07:00:05-05:00')
    expect(isoInZone(at, 'Asia/Kolkata')).toBe('2026-01-15T17:30:05+05:30')
    expect(isoInZone(at, 'America/St_Johns')).toBe('2026-01-15T08:30:05-03:30')
    // Across midnight: the zone's date, not UTC's.
    expect(isoInZone(Date.parse('2026-01-15T23:30:00Z'), 'Pacific/Auckland')).toBe('2026-01-16T12:30:00+13:00')
  })

  it('reads back as the same instant', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Asia/Kathmandu']) {
      expect(Date.parse(isoInZone(at, zone)), zone).toBe(Date.parse('2026-01-15T12:00:05Z'))
    }
  })

  it('knows IANA zones only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})
