import type { BatchSummary } from '../../../shared/batches/schemas'
import { batchesNotUploaded } from '../../../shared/batches/not-uploaded'
import type { ConsoleReach } from '../../../shared/connections'
import type { Connections } from '../connections/connections'
import type { Emit } from '../events'
import { FleetService, type FleetDeps } from './fleet-service'
import type { DeskZone } from '../today/desk-day'

// The count is shared with Settings' Remove question (shared/batches/not-uploaded.ts).
export { batchesNotUploaded }

/** The fleet service on the app's own services (app-services.ts). */
export function createFleet(services: {
  connections: Pick<Connections, 'list' | 'test' | 'client'>
  reach: { stateOf(profileId: string): ConsoleReach | null }
  batches: { list(): Promise<{ batches: BatchSummary[] }> }
  emit: Emit
  timeouts?: FleetDeps['timeouts']
  /** The desk's day for "visitors today" (desk-day.ts). */
  deskZone?: Pick<DeskZone, 'zone'>
}): FleetService {
  const { connections, reach, batches, emit, timeouts, deskZone } = services
  return new FleetService({
    profiles: async () => (await connections.list()).profiles,
    test: (profileId) => connections.test(profileId),
    client: (profileId) => connections.client(profileId),
    stateOf: (profileId) => reach.stateOf(profileId),
    batchesNotUploaded: async (profileId) => batchesNotUploaded((await batches.list()).batches, profileId),
    emit,
    timeZone: () => deskZone?.zone,
    ...(timeouts ? { timeouts } : {})
  })
}
