import type { BatchSummary } from '../../../shared/batches/schemas'
import type { ConsoleReach } from '../../../shared/connections'
import type { Connections } from '../connections/connections'
import type { Emit } from '../events'
import { FleetService, type FleetDeps } from './fleet-service'

/**
 * Import batches uploaded to this console that are not wholly on it (rows failed, to check, or not
 * sent yet). A batch never uploaded belongs to no console yet: not counted.
 */
export function batchesNotUploaded(batches: readonly BatchSummary[], profileId: string): number {
  return batches.filter((b) => b.console?.profileId === profileId && b.counts.imported < b.counts.total).length
}

/** The fleet service on the app's own services (app-services.ts). */
export function createFleet(services: {
  connections: Pick<Connections, 'list' | 'test' | 'client'>
  reach: { stateOf(profileId: string): ConsoleReach | null }
  batches: { list(): Promise<{ batches: BatchSummary[] }> }
  emit: Emit
  timeouts?: FleetDeps['timeouts']
}): FleetService {
  const { connections, reach, batches, emit, timeouts } = services
  return new FleetService({
    profiles: async () => (await connections.list()).profiles,
    test: (profileId) => connections.test(profileId),
    client: (profileId) => connections.client(profileId),
    stateOf: (profileId) => reach.stateOf(profileId),
    batchesNotUploaded: async (profileId) => batchesNotUploaded((await batches.list()).batches, profileId),
    emit,
    ...(timeouts ? { timeouts } : {})
  })
}
