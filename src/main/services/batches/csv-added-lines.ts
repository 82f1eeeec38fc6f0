import type { CsvPreview } from '../../../shared/batches/schemas'
import { englishOf, say } from './csv-messages'

/**
 * The lines of a file already added to the batch from this file (line → NFC ID as the preview read
 * it). A file is read again after "Add" when one of its refused lines is fixed: its lines added
 * before are then in the batch, and the batch check would call them duplicates. They are not: they
 * are the same lines, added once.
 */
export type AddedLines = ReadonlyMap<number, string>

/** `before` and the lines this import added (its ok and repaired rows, as decided at import time). */
export function withLinesAdded(preview: CsvPreview, before: AddedLines | undefined): Map<number, string> {
  const lines = new Map(before)
  for (const row of preview.rows) {
    if ((row.status === 'ok' || row.status === 'repaired') && row.nfcId !== undefined) lines.set(row.line, row.nfcId)
  }
  return lines
}

/**
 * A line added before from this file, read again, is said as it is: already in the batch, added from
 * this file — its status `added`, not a duplicate, and never added again. Only a line still written
 * as it was added (same line, same card) and found in the batch by that card.
 */
export function sayLinesAdded(preview: CsvPreview, added: AddedLines): void {
  for (const row of preview.rows) {
    if (row.status !== 'duplicate' || row.nfcId === undefined || added.get(row.line) !== row.nfcId) continue
    if (!row.said?.some((s) => s.key === 'nfcIdInBatch' || s.key === 'cardInBatch')) continue
    const said = [say('addedFromFile')]
    row.status = 'added'
    row.said = said
    row.messages = said.map(englishOf)
    preview.counts.duplicate--
    preview.counts.added = (preview.counts.added ?? 0) + 1
  }
}
