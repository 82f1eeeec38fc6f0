import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function batchHandlers({ batches, scans, enrollment }: AppServices): HandlersOf<'batches'> {
  return {
    'batches.list': () => batches.list(),
    'batches.create': (input) => batches.create(input),
    'batches.get': ({ id }) => batches.get(id),
    'batches.view': (query) => batches.view(query),
    'batches.rename': ({ id, ...change }) => batches.rename(id, change),
    'batches.delete': async ({ id }) => {
      await batches.remove(id)
      return { deleted: true as const }
    },
    'batches.addScan': ({ batchId, uid, alias, source }) => batches.addScan(batchId, uid, alias, source),
    'batches.scanInto': ({ batchId }) => scans.select(batchId),
    'batches.updateRow': ({ batchId, rowId, ...change }) => batches.updateRow(batchId, rowId, change),
    'batches.deleteRow': ({ batchId, rowIds }) => batches.deleteRows(batchId, rowIds),
    'batches.previewCsv': ({ text, batchId }) => batches.previewCsv(text, batchId),
    'batches.importCsv': ({ batchId, text, fileName }) => batches.importCsv(batchId, text, fileName),
    'batches.previewFile': ({ text, batchId, limit }) => batches.previewFile(text, batchId, limit),
    'batches.previewRows': ({ previewId, offset, limit }) => batches.previewRows(previewId, offset, limit),
    'batches.importFile': ({ batchId, text, fileName, limit }) => batches.importFile(batchId, text, limit, fileName),
    'batches.exportCsv': ({ batchId, which, language }) => batches.exportCsv(batchId, which, language),
    'batches.upload': ({ batchId, ...options }) => batches.upload(batchId, options),
    'batches.check': ({ batchId }) => batches.check(batchId),
    // Uploading needs the key enrolling does (edit:credential): the one probe of it, asked without a card.
    'batches.capabilities': async () => {
      const { canEnroll, missingPermission } = await enrollment.capabilities()
      return canEnroll ? { canUpload: true } : { canUpload: false, missingPermission }
    }
  }
}
