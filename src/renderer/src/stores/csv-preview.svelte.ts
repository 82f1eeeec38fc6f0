import type { CsvPreviewOpen, CsvPreviewRow } from '../../../shared/batches/schemas'
import { getApi } from '../lib/api'
import { AppError } from '../../../shared/errors'
import { readCsvFile } from '../components/import/csv-file'
import { withCsvLine, type CsvLineFix } from '../../../shared/batches/csv-line-edit'
import type { CsvNote } from '../../../shared/batches/csv-said'
import { AROUND, WINDOW, linesOf, withLines } from './batch-window'

/**
 * A CSV file read and previewed. Its lines stay in main (a file may hold 10,000): the preview holds
 * the counts and notes, `lines` the lines fetched so far by position (batches.previewRows).
 */
export interface CsvDraft {
  name: string
  /** The file's text as it will be added: as read, with the lines corrected in the preview. */
  text: string
  /** Which file read this is (one more with each file opened): a new file is a new preview table. */
  read: number
  /** What reading the file's bytes found (its encoding), said before main's notes of its lines. */
  fileNotes: { notes: string[]; said: CsvNote[] }
  preview: CsvPreviewOpen
  lines: ReadonlyMap<number, CsvPreviewRow>
}

/** A preview with the notes of the file's reading (its encoding) before main's notes of its lines. */
function withFileNotes(preview: CsvPreviewOpen, file: CsvDraft['fileNotes']): CsvPreviewOpen {
  return {
    ...preview,
    notes: [...file.notes, ...preview.notes],
    noteSaid: [...file.said, ...(preview.noteSaid ?? [])]
  }
}

/** What the CSV preview needs of the batches store: the open batch, and a wait until it shows main's changes. */
export interface CsvPreviewHost {
  batchId(): string | null
  settled(): Promise<void>
}

/**
 * The CSV file previewed against the open batch (the Import screen's CSV panel): read, its lines
 * corrected one at a time, added to the batch, and read again when the console or main changed under
 * it. Its lines stay in main; this holds the counts, the notes and the lines fetched so far.
 */
export class CsvFilePreview {
  constructor(private readonly host: CsvPreviewHost) {}

  csv = $state.raw<CsvDraft | null>(null)
  csvBusy = $state(false)
  csvError = $state<AppError | null>(null)
  csvAdded = $state<number | null>(null)
  /** Files read so far (CsvDraft.read). */
  private filesRead = 0

  /** Read a CSV file and preview it against the open batch; true when the preview is shown. */
  async previewFile(file: File): Promise<boolean> {
    this.csvError = null
    this.csvAdded = null
    this.csvBusy = true
    try {
      const { text, notes, said } = await readCsvFile(file)
      const preview = await getApi().batches.previewFile({
        text,
        limit: WINDOW,
        ...batchOf(this.host.batchId())
      })
      this.csv = {
        name: file.name,
        text,
        read: ++this.filesRead,
        fileNotes: { notes, said },
        preview: withFileNotes(preview, { notes, said }),
        lines: linesOf(preview)
      }
      return true
    } catch (err) {
      this.csv = null
      this.csvError = AppError.from(err)
      return false
    } finally {
      this.csvBusy = false
    }
  }

  /**
   * Correct one line of the previewed file, or drop it (`fix` null): the file's text changed at that
   * line (shared/batches/csv-line-edit.ts) and read again by main, so the line is checked by main's
   * own rules, duplicates included, and the corrected text is what "Add" sends. The preview shown is
   * the new one. The line's row afterwards (at the same position; after a drop, the line that
   * follows), undefined when nothing was done (the error is shown, the file as it was).
   */
  async fixCsvLine(index: number, line: number, fix: CsvLineFix | null): Promise<{ row?: CsvPreviewRow } | undefined> {
    const csv = this.csv
    if (!csv || this.csvBusy) return undefined
    const text = withCsvLine(csv.text, line, fix)
    if (text === undefined) return undefined
    this.csvBusy = true
    this.csvError = null
    try {
      const api = getApi().batches
      const preview = await api.previewFile({
        text,
        limit: WINDOW,
        ...batchOf(this.host.batchId())
      })
      let lines = linesOf(preview)
      // The lines around the one corrected, where the table is scrolled to.
      if (index >= WINDOW) {
        const offset = index - AROUND
        const { rows } = await api.previewRows({ previewId: preview.previewId, offset, limit: 2 * AROUND })
        lines = withLines(lines, offset, rows)
      }
      this.csv = {
        ...csv,
        text,
        preview: withFileNotes(preview, csv.fileNotes),
        lines
      }
      this.csvAdded = null
      return { row: lines.get(index) }
    } catch (err) {
      this.csvError = AppError.from(err)
      return undefined
    } finally {
      this.csvBusy = false
    }
  }

  /** Add the previewed file's valid rows; the number added, or null when nothing was done (error shown). */
  async importCsv(): Promise<number | null> {
    const batchId = this.host.batchId()
    if (!batchId || !this.csv || this.csvBusy) return null
    this.csvBusy = true
    this.csvError = null
    try {
      const { added, preview } = await getApi().batches.importFile({
        batchId,
        text: this.csv.text,
        fileName: this.csv.name,
        limit: WINDOW
      })
      this.csvAdded = added
      // What was actually decided at import time (the batch may have changed since the preview);
      // the notes of the file's reading (its encoding) stay.
      this.csv = {
        ...this.csv,
        preview: withFileNotes(preview, this.csv.fileNotes),
        lines: linesOf(preview)
      }
      await this.host.settled()
      return added
    } catch (err) {
      this.csvError = AppError.from(err)
      return null
    } finally {
      this.csvBusy = false
    }
  }

  /**
   * The console changed under the open preview (the batch was uploaded): the file is read again against
   * the console as it is now, so the preview never goes on saying a card is not there once it is. Its
   * text, what was added from it and its place stay; if the reading fails, the preview stays as it
   * was, said as of the time it read the console (CsvPreviewTable).
   */
  async rereadCsv(batchId: string): Promise<void> {
    const csv = this.csv
    if (!csv || this.host.batchId() !== batchId) return
    try {
      const api = getApi().batches
      const preview = await api.previewFile({
        text: csv.text,
        limit: WINDOW,
        batchId
      })
      // Closed, corrected or another file opened meanwhile: that one is what is shown.
      if (this.csv !== csv) return
      this.csv = {
        ...csv,
        preview: withFileNotes(preview, csv.fileNotes),
        lines: linesOf(preview)
      }
      // The lines in view beyond the first ones answered, read again too.
      void this.fillCsv()
    } catch {
      // Kept as read: its console facts carry the time they were read.
    }
  }

  private csvInView = { from: 0, to: 0 }
  private csvFilling = false

  /** The preview table shows lines from…to (0-based): those not held are asked of main. */
  showCsvLines(from: number, to: number): void {
    this.csvInView = { from, to }
    void this.fillCsv()
  }

  private async fillCsv(): Promise<void> {
    if (this.csvFilling) return
    this.csvFilling = true
    try {
      for (;;) {
        const csv = this.csv
        if (!csv) break
        const to = Math.min(this.csvInView.to, csv.preview.total)
        let missing: number | undefined
        for (let i = this.csvInView.from; i < to && missing === undefined; i++) if (!csv.lines.has(i)) missing = i
        if (missing === undefined) break
        const offset = Math.max(0, Math.min(missing, this.csvInView.from) - AROUND)
        const limit = Math.max(WINDOW, this.csvInView.to - offset + AROUND)
        const { rows } = await getApi().batches.previewRows({ previewId: csv.preview.previewId, offset, limit })
        if (offset + rows.length <= missing) break
        // Another file (or the same added) meanwhile: its own lines are asked for next.
        if (this.csv?.preview.previewId !== csv.preview.previewId) continue
        this.csv = { ...this.csv, lines: withLines(this.csv.lines, offset, rows) }
      }
    } catch {
      // Not answered: the lines stay drawn empty until the preview is read again (after a restart of main, at once).
    } finally {
      this.csvFilling = false
    }
  }

  closeCsv(): void {
    this.csv = null
    this.csvAdded = null
    this.csvError = null
  }
}

/** The open batch as a preview's input: none, the file is previewed on its own. */
function batchOf(batchId: string | null): { batchId?: string } {
  return batchId ? { batchId } : {}
}
