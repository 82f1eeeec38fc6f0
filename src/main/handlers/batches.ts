import { join } from 'node:path'
import type { AppServices } from '../services/app-services'
import { BatchService } from '../services/batches/batch-service'
import type { HandlersOf } from './types'

export function batchHandlers(services: AppServices): HandlersOf<'batches'> {
  let service: BatchService | undefined
  const batches = () => {
    if (!service) {
      service = new BatchService({
        dir: join(services.dataDir, 'batches'),
        emit: services.events.emit,
        client: () => services.connections.client(),
        activeConsole: async () => {
          const { profiles, activeId } = await services.connections.list()
          const active = profiles.find((p) => p.id === activeId)
          return active ? { profileId: active.id, name: active.name } : null
        }
      })
      const created = service
      services.onClose(() => created.close())
    }
    return service
  }
  return {
    'batches.list': () => batches().list(),
    'batches.create': (input) => batches().create(input),
    'batches.get': ({ id }) => batches().get(id),
    'batches.rename': ({ id, ...change }) => batches().rename(id, change),
    'batches.delete': async ({ id }) => {
      await batches().remove(id)
      return { deleted: true as const }
    },
    'batches.addScan': ({ batchId, uid, alias, source }) => batches().addScan(batchId, uid, alias, source),
    'batches.updateRow': ({ batchId, rowId, ...change }) => batches().updateRow(batchId, rowId, change),
    'batches.deleteRow': ({ batchId, rowIds }) => batches().deleteRows(batchId, rowIds),
    'batches.previewCsv': ({ text, batchId }) => batches().previewCsv(text, batchId),
    'batches.importCsv': ({ batchId, text }) => batches().importCsv(batchId, text),
    'batches.exportCsv': ({ batchId, which }) => batches().exportCsv(batchId, which),
    'batches.upload': ({ batchId, ...options }) => batches().upload(batchId, options),
    'batches.check': ({ batchId }) => batches().check(batchId)
  }
}
