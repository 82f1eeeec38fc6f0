import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { batchHandlers } from '../../../src/main/handlers/batches'
import { createDispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { channels, type ChannelName } from '../../../src/shared/ipc/contract'
import type { AppServices } from '../../../src/main/services/app-services'
import { eventBridge, ok } from '../enroll/event-bridge'

/**
 * Import's screen answered by main's own batch service (a batch "Gate" on disk under `dir`), through the
 * real dispatch: the batches channels, a ready reader and a console that answers. The service is
 * returned so a test reads what the batch holds afterwards.
 */
export async function importOnBatchService(dir: string): Promise<BatchService> {
  batchesStore.closeCsv()
  const service = new BatchService({ dir: `${dir}/batches-${Date.now()}` })
  await service.create({ name: 'Gate' })
  const dispatch = createDispatch(batchHandlers({ batches: service } as unknown as AppServices) as unknown as Handlers)
  const main = Object.fromEntries(
    (Object.keys(channels) as ChannelName[])
      .filter((name) => name.startsWith('batches.'))
      .map((name) => [name, (input: unknown) => dispatch(name, input)])
  )
  const { bridge } = eventBridge({
    ...main,
    'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
    'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
  })
  setApiForTests(bridge)
  return service
}
