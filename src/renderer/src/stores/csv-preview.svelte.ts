import type { CsvPreviewOpen, CsvPreviewRow } from '../../../shared/batches/schemas'
import { getApi } from '../lib/api'
import { AppError } from '../../../shared/errors'
import { readCsvFile } from '../components/import/csv-file'
import { csvLineText, withCsvLine, withCsvLineBack, type CsvLineFix } from '../../../shared/batches/csv-line-edit'
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
  /**
   * The lines the person left out of the file (by line number, as written before): no longer in its
   * text, so never added nor uploaded, but counted and shown apart, and each can be put back.
   */
  leftOut: readonly CsvLeftOut[]
}

/** A line left out of the previewed file: its number and the record as the file wrote it. */
export interface CsvLeftOut {
  line: number
  record: string
}

/** A preview with the notes of the file's reading (its encoding) before main's notes of its lines. */
function withFileNotes(preview: CsvPreviewOpen, file: CsvDraft['fileNotes']): CsvPreviewOpen {
  return {
    ...preview,
    notes: [...file.notes, ...preview.notes],
    noteSaid: [...file.said, ...(preview.noteSaid ?? [])]
  }
}

/** main's notes of a file that speak of the console's cards as they were read (csv-against-batch.ts). */
const CONSOLE_NOTES: ReadonlySet<CsvNote['key']> = new Set(['unsure', 'cardsUnread', 'otherConsole'])

/**
 * A preview without its notes of the console's cards (the console changed since, and could not be read
 * again). Main's English notes go with them: `notes` and `noteSaid` are the same notes in order.
 */
function withoutConsoleNotes(preview: CsvPreviewOpen): CsvPreviewOpen {
  const said = preview.noteSaid ?? []
  if (said.length !== preview.notes.length)
    return { ...preview, noteSaid: said.filter((n) => !CONSOLE_NOTES.has(n.key)) }
  const kept = said.flatMap((note, i) => (CONSOLE_NOTES.has(note.key) ? [] : [{ note, english: preview.notes[i]! }]))
  return { ...preview, notes: kept.map((k) => k.english), noteSaid: kept.map((k) => k.note) }
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
        lines: linesOf(preview),
        leftOut: []
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
   * Correct one line of the previewed file, or leave it out (`fix` null): the file's text changed at
   * that line (shared/batches/csv-line-edit.ts) and read again by main, so the line is checked by
   * main's own rules, duplicates included, and the corrected text is what "Add" sends. A line left out
   * is kept aside as written (`leftOut`), to be counted, shown and put back. The preview shown is the
   * new one. The line's row afterwards (at the same position; after a leave-out, the line that
   * follows), undefined when nothing was done (the error is shown, the file as it was).
   */
  async fixCsvLine(index: number, line: number, fix: CsvLineFix | null): Promise<{ row?: CsvPreviewRow } | undefined> {
    const csv = this.csv
    if (!csv || this.csvBusy) return undefined
    const text = withCsvLine(csv.text, line, fix)
    if (text === undefined) return undefined
    const record = fix ? undefined : csvLineText(csv.text, line)
    const leftOut = record === undefined ? csv.leftOut : withLeftOut(csv.leftOut, { line, record })
    const read = await this.readAgain(csv, text, leftOut, () => index)
    return read && { row: read.lines.get(index) }
  }

  /**
   * Put a line the person left out back into the file, where it was, and read the file again: the line
   * is previewed like any other (and added with the rest). Its position in the preview and its row
   * afterwards, or undefined when nothing was done.
   */
  async putBackCsvLine(line: number): Promise<{ index: number; row?: CsvPreviewRow } | undefined> {
    const csv = this.csv
    const out = csv?.leftOut.find((l) => l.line === line)
    if (!csv || !out || this.csvBusy) return undefined
    const text = withCsvLineBack(csv.text, line, out.record)
    if (text === undefined) return undefined
    let index = 0
    const read = await this.readAgain(
      csv,
      text,
      csv.leftOut.filter((l) => l !== out),
      async (preview) => (index = await indexOfLine(preview, line))
    )
    return read && { index, row: read.lines.get(index) }
  }

  /**
   * The previewed file's text changed (a line corrected, left out or put back): read again by main, and
   * the lines around `at` (the line the change is about, where the table is scrolled to) fetched.
   */
  private async readAgain(
    csv: CsvDraft,
    text: string,
    leftOut: readonly CsvLeftOut[],
    at: (preview: CsvPreviewOpen) => number | Promise<number>
  ): Promise<CsvDraft | undefined> {
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
      const index = await at(preview)
      if (index >= WINDOW) {
        const offset = index - AROUND
        const { rows } = await api.previewRows({ previewId: preview.previewId, offset, limit: 2 * AROUND })
        lines = withLines(lines, offset, rows)
      }
      this.csv = {
        ...csv,
        text,
        preview: withFileNotes(preview, csv.fileNotes),
        lines,
        leftOut
      }
      this.csvAdded = null
      return this.csv
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
   * text, what was added from it and its place stay. Lines the table fetched meanwhile do not stop the
   * new reading from being shown (only another reading does: a correction, an Add, another file). If
   * the reading fails, the preview stays as it was, said as of the time it read the console
   * (CsvPreviewTable), without its notes of the console's cards: they spoke of the console before.
   */
  async rereadCsv(batchId: string): Promise<void> {
    const csv = this.csv
    if (!csv || this.host.batchId() !== batchId) return
    // The same reading still shown: only lines fetched into it (fillCsv) since.
    const stillShown = () =>
      this.csv !== null && this.csv.read === csv.read && this.csv.text === csv.text && this.csv.preview === csv.preview
    try {
      const api = getApi().batches
      const preview = await api.previewFile({
        text: csv.text,
        limit: WINDOW,
        batchId
      })
      if (!stillShown()) return
      this.csv = {
        ...this.csv!,
        preview: withFileNotes(preview, csv.fileNotes),
        lines: linesOf(preview)
      }
      // The lines in view beyond the first ones answered, read again too.
      void this.fillCsv()
    } catch {
      if (stillShown()) this.csv = { ...this.csv!, preview: withoutConsoleNotes(this.csv!.preview) }
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

/** The lines left out with one more, in the file's order. */
function withLeftOut(leftOut: readonly CsvLeftOut[], line: CsvLeftOut): CsvLeftOut[] {
  return [...leftOut.filter((l) => l.line !== line.line), line].sort((a, b) => a.line - b.line)
}

/**
 * Where line `line` of the file is among the preview's rows (they are in the file's order): found by
 * halving, each row asked of main (a file may hold 10,000 lines, and only the first are at hand).
 */
async function indexOfLine(preview: CsvPreviewOpen, line: number): Promise<number> {
  const first = linesOf(preview)
  const lineAt = async (i: number) =>
    first.get(i)?.line ??
    (await getApi().batches.previewRows({ previewId: preview.previewId, offset: i, limit: 1 })).rows[0]?.line ??
    Infinity
  let low = 0
  let high = preview.total
  while (low < high) {
    const mid = (low + high) >> 1
    if ((await lineAt(mid)) < line) low = mid + 1
    else high = mid
  }
  return low
}

/** The open batch as a preview's input: none, the file is previewed on its own. */
function batchOf(batchId: string | null): { batchId?: string } {
  return batchId ? { batchId } : {}
}
