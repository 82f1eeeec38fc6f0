import { describe, expect, it } from 'vitest'
import { visitorSchema, type Visitor } from '../../../src/shared/access/visitors'
import { checkableNow, kioskRefusalOf } from '../../../src/shared/kiosk/check-in-rule'
import { matchVisit } from '../../../src/main/services/kiosk/visit-match'

const NOW = new Date(2026, 10, 23, 10, 0, 0) // local 10:00
const at = (h: number) => Math.floor(new Date(2026, 10, 23, h, 0, 0).getTime() / 1000)
const lobby = [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }]

function visit(fields: Partial<Visitor> = {}): Visitor {
  return visitorSchema.parse({
    id: 'v1',
    first_name: 'Aroha',
    last_name: 'Ngata',
    status: 'ACTIVE',
    start_time: at(9),
    end_time: at(17),
    resources: lobby,
    ...fields
  })
}

/**
 * The one rule of which visits the kiosk may check in (shared/kiosk/check-in-rule.ts), as the
 * console has them (online) and from what the kiosk holds (offline: `held`).
 */
describe('the visits the kiosk may check in', () => {
  it('online: an open visit with a door, in its window', () => {
    expect(kioskRefusalOf(visit(), NOW)).toBeNull()
    expect(checkableNow(visit(), NOW)).toBe(true)
  })

  it('online: never a visit that opens no door, whatever its time', () => {
    expect(kioskRefusalOf(visit({ resources: [] }), NOW)).toEqual({ reason: 'no-doors' })
    expect(checkableNow(visit({ resources: [] }), NOW)).toBe(false)
    // Too early and door-less: the desk must give it doors anyway, so the visitor is sent there now.
    expect(kioskRefusalOf(visit({ resources: [], start_time: at(14) }), NOW)).toEqual({ reason: 'no-doors' })
    // Over or cancelled says so first: no door would change that.
    expect(kioskRefusalOf(visit({ resources: [], status: 'CANCELLED' }), NOW)).toEqual({ reason: 'cancelled' })
    expect(kioskRefusalOf(visit({ resources: [], end_time: at(9) + 60 }), NOW)).toEqual({ reason: 'ended' })
  })

  it('offline: only a visit whose QR code the kiosk holds, and never one with no door even with its code', () => {
    expect(kioskRefusalOf(visit(), NOW, { code: true })).toBeNull()
    expect(kioskRefusalOf(visit(), NOW, { code: false })).toEqual({ reason: 'offline-no-code' })
    expect(kioskRefusalOf(visit({ resources: [] }), NOW, { code: true })).toEqual({ reason: 'no-doors' })
    expect(kioskRefusalOf(visit({ start_time: at(14) }), NOW, { code: true })).toMatchObject({ reason: 'too-early' })
  })

  it('the search sends a door-less visitor to the desk with the reason, recorded for Today', () => {
    const doorless = visit({ resources: [] })
    const { found, refused } = matchVisit([doorless], { name: 'Aroha Ngata' }, NOW)
    expect(found).toEqual({ kind: 'none', reason: 'not-now', refusal: { reason: 'no-doors' } })
    expect(refused).toEqual({ visitor: doorless, refusal: { reason: 'no-doors' } })
  })
})
