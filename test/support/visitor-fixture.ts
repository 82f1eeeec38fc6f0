import type { Visitor } from '../../src/shared/access/visitors'

/**
 * A visitor as main answers one, for renderer tests with a scripted bridge: an expected one-time visit
 * starting in an hour, through the Lobby group, holding no credential. `over` changes what a test needs.
 */
export function visitorFixture(
  id: string,
  first_name: string,
  last_name: string,
  over: Partial<Visitor> = {}
): Visitor {
  const start = Math.floor(Date.now() / 1000) + 3600
  return {
    id,
    first_name,
    last_name,
    status: 'UPCOMING',
    visit_reason: 'Business',
    visitor_company: 'Acme',
    mobile_phone: '',
    remarks: '',
    start_time: start,
    end_time: start + 7200,
    nfc_cards: [],
    pin_code: null,
    schedule: null,
    resources: [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }],
    license_plates: [],
    ...over
  }
}
