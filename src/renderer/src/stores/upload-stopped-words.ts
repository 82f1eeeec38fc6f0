import type { BatchSummary } from '../../../shared/batches/schemas'
import { importWords } from '../lib/i18n/import-messages.svelte'
import { formatCount } from '../lib/numbers'

/**
 * What Import says of an upload a restart of main stopped, made from the batch's rows as main reads
 * them now (its counts), never from the last progress the tab saw: rows answered after that
 * progress was sent are imported in the batch, and the note must agree with the batch's counts and
 * its Upload button. It sends no one to check with the console when no row is to check.
 */
export function uploadStoppedWords(counts: BatchSummary['counts']): string {
  const m = importWords()
  // Each count twice: as written (grouped), and as the number its noun agrees with (the catalogue's plural).
  const said = {
    done: formatCount(counts.imported),
    total: formatCount(counts.total),
    doneCount: counts.imported,
    totalCount: counts.total
  }
  if (counts.unknown > 0) return m.t('store.uploadStoppedToCheck', { ...said, toCheck: counts.unknown })
  if (counts.pending > 0) return m.t('store.uploadStoppedNotSent', { ...said, count: counts.pending })
  return m.t('store.uploadStoppedAnswered', said)
}
