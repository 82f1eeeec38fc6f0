import type { BatchSummary } from './schemas'

/**
 * Import batches uploaded to this console that are not wholly on it (rows failed, to check, or not
 * sent yet). A batch never uploaded belongs to no console yet: not counted. The one count the Consoles
 * page shows and Settings' Remove question names (a removed console's batches can no longer be sent).
 */
export function batchesNotUploaded(batches: readonly BatchSummary[], profileId: string): number {
  return batches.filter((b) => b.console?.profileId === profileId && b.counts.imported < b.counts.total).length
}
