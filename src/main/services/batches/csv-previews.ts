import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { CsvPreview, CsvPreviewOpen, CsvPreviewRow } from '../../../shared/batches/schemas'
import { csvProblemLines } from '../../../shared/batches/csv-problems'

/** Previews kept at once: a screen shows one; a few more cover a second window and a file read again. */
const KEPT = 4

/**
 * The lines of the CSV previews the screen shows, kept in main: a file of 10,000 lines sent whole to
 * the tab and drawn whole took seconds around a validation of ~30 ms. The screen gets the counts,
 * the notes and the first lines, and asks for the lines it scrolls to. The oldest goes first.
 */
export class CsvPreviews {
  private readonly kept = new Map<string, CsvPreviewRow[]>()

  open(preview: CsvPreview, limit: number): CsvPreviewOpen {
    const previewId = randomUUID()
    this.kept.set(previewId, preview.rows)
    while (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!)
    let readAsHex = 0
    for (const r of preview.rows)
      if (r.reading !== undefined && (r.status === 'ok' || r.status === 'repaired')) readAsHex++
    return {
      previewId,
      notes: preview.notes,
      ...(preview.noteSaid ? { noteSaid: preview.noteSaid } : {}),
      ...(preview.consoleReadAt ? { consoleReadAt: preview.consoleReadAt } : {}),
      counts: preview.counts,
      total: preview.rows.length,
      readAsHex,
      problems: csvProblemLines(preview.rows),
      offset: 0,
      rows: preview.rows.slice(0, limit)
    }
  }

  rows(previewId: string, offset: number, limit: number): { offset: number; rows: CsvPreviewRow[] } {
    const rows = this.kept.get(previewId)
    if (!rows) {
      throw new AppError({
        kind: 'not-found',
        code: 'PREVIEW_GONE',
        message: 'The lines of this file are no longer held.',
        hint: 'Open the file again to see its lines.'
      })
    }
    return { offset, rows: rows.slice(offset, offset + limit) }
  }
}
