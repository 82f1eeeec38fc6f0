import type { AppHarness } from './app-services'

/**
 * The doors of a visit the kiosk may check in: the demo console's Lobby door group, as `resources`
 * for `visitors.create`. The kiosk refuses a visit that opens no door (shared/kiosk/check-in-rule.ts),
 * so every visit a test checks in at the kiosk is booked with these; a test of that refusal books
 * `resources: []` on purpose.
 */
export async function kioskDoors(app: Pick<AppHarness, 'call'>): Promise<{ id: string; type: 'door_group' }[]> {
  const { groups } = (await app.call('sites.topology')) as { groups: { id: string; name: string }[] }
  const lobby = groups.find((g) => g.name === 'Lobby')
  if (!lobby) throw new Error('kioskDoors: the demo console has no Lobby door group')
  return [{ id: lobby.id, type: 'door_group' }]
}
