import type { BatchSummary } from '../../../shared/batches/schemas'
import { importWords } from '../lib/i18n/import-messages.svelte'

type Counts = BatchSummary['counts']

/**
 * What an upload's stop note says once rows it left "to check" were settled without this screen's
 * Check (main checks them by itself when the console answers again, or when the Audit reads their part
 * back): the stop spoke of the batch as it was, so it gives way to what became of those rows, worded as
 * a Check's result. `left`: the batch's counts when the stop was said; `now`: as main holds them now.
 * Null while the stop is still true (none of its rows to check settled yet).
 */
export function stopSettledWords(left: Counts, now: Counts): string | null {
  if (left.unknown === 0 || now.unknown >= left.unknown) return null
  const settled = left.unknown - now.unknown
  // Rows to check found on the console are imported now; the others went back to "not sent".
  const found = Math.min(settled, Math.max(0, now.imported - left.imported))
  const absent = settled - found
  return importWords().t(absent > 0 ? 'upload.checkedAbsent' : 'upload.checked', { found, absent })
}
