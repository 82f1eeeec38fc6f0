import type {
  ByteOrder,
  BatchDetail,
  BatchRow,
  BatchSummary,
  CheckResult,
  CsvPreview,
  UploadProgress,
  UploadResult
} from '../../../shared/batches/schemas'
import { getApi } from '../lib/api'
import { saveBlob } from '../lib/download'
import { AppError } from '../../../shared/errors'
import { readerStore } from './reader.svelte'
import { countOf } from '../lib/plural'
import { readCsvFile } from '../components/import/csv-file'
import { connection } from './connection.svelte'
import { onMainRestart } from '../lib/main-restarts'
import { announce } from '../lib/action-outcome.svelte'
import { FollowedRecord } from '../lib/apply-event'
import { withChanges, type RowsChanged } from './batch-changes'

/** How every row of a batch is sent (shared/nfc/byte-order.ts): kept with the batch, applied by main. */
export type { ByteOrder }

export interface CsvDraft {
  name: string
  text: string
  preview: CsvPreview
}

/**
 * Whether the active console answers, as the upload panel says it: the app's one connection state
 * (connection.reach, the sidebar's), `unknown` until known. Only no answer or another certificate
 * counts as unreachable: a console that refuses the token or a key answers, and the upload says why.
 */
export type Reach = { state: 'unknown' | 'checking' | 'ok' } | { state: 'unreachable'; error: AppError }

/** Offline import batches: the list, the open batch with its rows, CSV previews and uploads. */
export class BatchesStore {
  batches = $state.raw<BatchSummary[]>([])
  unreadable = $state.raw<{ file: string; message: string }[]>([])
  loaded = $state(false)
  loading = $state(false)
  error = $state<AppError | null>(null)

  #selectedId = $state<string | null>(null)
  detail = $state.raw<BatchDetail | null>(null)
  detailError = $state<AppError | null>(null)
  rowError = $state<AppError | null>(null)

  csv = $state.raw<CsvDraft | null>(null)
  csvBusy = $state(false)
  csvError = $state<AppError | null>(null)
  csvAdded = $state<number | null>(null)

  uploading = $state(false)
  progress = $state.raw<UploadProgress | null>(null)
  uploadResult = $state.raw<UploadResult | null>(null)
  uploadError = $state<AppError | null>(null)
  notice = $state<string | null>(null)

  checking = $state(false)
  checkResult = $state.raw<CheckResult | null>(null)
  checkError = $state<AppError | null>(null)
  reach: Reach = $derived.by(() => {
    const known = connection.reach
    if (connection.checking) return { state: 'checking' }
    if (!known) return { state: 'unknown' }
    if (known.state !== 'unreachable' && known.state !== 'certificate') return { state: 'ok' }
    return {
      state: 'unreachable',
      error: new AppError({ kind: known.state === 'certificate' ? 'tls' : 'network', message: known.message ?? '' })
    }
  })

  private refreshing: Promise<void> | null = null
  private refreshAgain = false
  /**
   * The open batch follows main's changes by their rows (lib/apply-event.ts): a tap adds one row
   * here without reading the batch again. It is read whole when opened, after a missed change,
   * and after main restarts.
   */
  private readonly follow = new FollowedRecord<BatchDetail, RowsChanged>({
    update: withChanges,
    show: (detail) => (this.detail = detail),
    reread: () => void this.refreshDetail()
  })

  /**
   * The open batch. Main's scan session is told of every change: taps on the reader go into it,
   * wherever the user is in the app.
   */
  get selectedId(): string | null {
    return this.#selectedId
  }

  set selectedId(id: string | null) {
    if (id === this.#selectedId) return
    this.#selectedId = id
    this.follow.forget()
    this.tellScanSession(id)
  }

  /**
   * Say which batch taps go into. A batch main does not know (deleted at another window) leaves
   * none open there; the batch's own fetch says it is gone.
   */
  tellScanSession(id: string | null): void {
    getApi()
      .batches.scanInto({ batchId: id })
      .catch(() => undefined)
  }

  /**
   * After a restart of main (lib/main-restarts.ts): it no longer knows which batch taps go into,
   * and its batches may differ from the list shown (a tap or a write lost with the old main).
   */
  async reestablish(): Promise<void> {
    this.tellScanSession(this.selectedId)
    if (this.loaded || this.selectedId) await this.load()
  }

  selected = $derived(this.batches.find((b) => b.id === this.selectedId) ?? null)
  byteOrder = $derived<ByteOrder>(this.selected?.byteOrder ?? 'as-read')

  async load(): Promise<void> {
    this.loading = true
    this.error = null
    try {
      const { batches, unreadable } = await getApi().batches.list()
      this.batches = batches
      this.unreadable = unreadable
      this.loaded = true
      if (this.selectedId && !batches.some((b) => b.id === this.selectedId)) this.selectedId = null
      if (!this.selectedId && batches[0]) await this.open(batches[0].id)
      else if (this.selectedId) await this.refreshDetail()
    } catch (err) {
      this.error = AppError.from(err)
    } finally {
      this.loading = false
    }
  }

  listen(): () => void {
    const api = getApi()
    const offs = [
      api.on('batches.changed', (event) => {
        const { batchId, summary } = event
        if (summary === null) {
          this.batches = this.batches.filter((b) => b.id !== batchId)
          if (this.selectedId === batchId) {
            this.selectedId = null
            this.detail = null
          }
          return
        }
        const known = this.batches.some((b) => b.id === batchId)
        this.batches = known ? this.batches.map((b) => (b.id === batchId ? summary : b)) : [summary, ...this.batches]
        if (batchId !== this.selectedId) return
        if (event.version === undefined || !event.rows) void this.refreshDetail()
        else this.follow.event(event as RowsChanged)
      }),
      api.on('batches.uploadProgress', (p) => {
        if (p.batchId === this.selectedId) this.progress = p
      })
    ]
    return () => offs.forEach((off) => off())
  }

  async open(id: string): Promise<void> {
    if (this.selectedId !== id) {
      this.csv = null
      this.csvAdded = null
      this.csvError = null
      this.progress = null
      this.uploadResult = null
      this.uploadError = null
      this.rowError = null
      this.notice = null
      this.checkResult = null
      this.checkError = null
    }
    this.selectedId = id
    await this.refreshDetail()
  }

  /** Fetch the open batch again; calls during a fetch coalesce into one more fetch. */
  refreshDetail(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true
      return this.refreshing
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false
        const id = this.selectedId
        if (!id) {
          this.detail = null
          this.follow.forget()
          break
        }
        this.follow.reading()
        try {
          const { version, ...detail } = await getApi().batches.get({ id })
          if (this.selectedId === id) {
            this.detail = detail
            // A main that sends no version (older, or a test's) is read again at each change.
            this.follow.read(version === undefined ? null : { value: detail, version })
          }
          this.detailError = null
        } catch (err) {
          this.detailError = AppError.from(err)
          if (this.selectedId === id) this.follow.read(null)
        }
      } while (this.refreshAgain)
    })().finally(() => (this.refreshing = null))
    return this.refreshing
  }

  /**
   * Once the open batch shows main's changes made so far: they came as events before the answer of
   * the call that made them, so only a re-read in flight (a missed event) is waited for. A batch
   * read without a version (a main that counts none) is read again instead.
   */
  private async detailSettled(): Promise<void> {
    if (this.follow.following) await this.refreshing
    else await this.refreshDetail()
  }

  async create(input: {
    name: string
    aliasPattern?: string
    firstNumber?: number
    byteOrder: ByteOrder
  }): Promise<void> {
    const summary = await getApi().batches.create({
      name: input.name,
      ...(input.aliasPattern ? { aliasPattern: input.aliasPattern } : {}),
      ...(input.firstNumber !== undefined ? { firstNumber: input.firstNumber } : {}),
      byteOrder: input.byteOrder
    })
    if (!this.batches.some((b) => b.id === summary.id)) this.batches = [summary, ...this.batches]
    await this.open(summary.id)
  }

  async rename(change: { name?: string; aliasPattern?: string | null }): Promise<void> {
    if (!this.selectedId) return
    await getApi().batches.rename({ id: this.selectedId, ...change })
  }

  async remove(id: string): Promise<void> {
    await getApi().batches.delete({ id })
    this.batches = this.batches.filter((b) => b.id !== id)
    if (this.selectedId === id) {
      this.selectedId = null
      this.detail = null
    }
  }

  /** Switch the batch's byte order; true once main made it and the rows shown are the switched ones. */
  async setByteOrder(batchId: string, order: ByteOrder): Promise<boolean> {
    try {
      const summary = await getApi().batches.rename({ id: batchId, byteOrder: order })
      this.batches = this.batches.map((b) => (b.id === summary.id ? summary : b))
      // The switched rows came with the change's event (before this answer); a re-read it asked for ends first.
      await this.detailSettled()
      return true
    } catch (err) {
      this.rowError = AppError.from(err)
      return false
    }
  }

  /**
   * A typed NFC ID, entered as a reader shows it and sent in the batch's order like a tap. A
   * duplicate answers with the row that holds the card (in either byte order); the alias typed with
   * it is then not used.
   */
  async addTyped(
    uid: string,
    alias?: string
  ): Promise<{ duplicate: boolean; row: BatchRow | null; note?: string | undefined }> {
    if (!this.selectedId) return { duplicate: false, row: null }
    const { duplicate, row, note } = await getApi().batches.addScan({
      batchId: this.selectedId,
      uid,
      source: 'typed',
      ...(alias?.trim() ? { alias: alias.trim() } : {})
    })
    // note: what the console check could not see (cards that show no NFC ID), said with the card added.
    return { duplicate, row: row ?? null, note }
  }

  async updateRow(rowId: string, change: { nfcId?: string; alias?: string }): Promise<void> {
    if (!this.selectedId) return
    await getApi().batches.updateRow({ batchId: this.selectedId, rowId, ...change })
    await this.detailSettled()
  }

  async deleteRows(rowIds: string[]): Promise<void> {
    if (!this.selectedId || rowIds.length === 0) return
    this.rowError = null
    try {
      await getApi().batches.deleteRow({ batchId: this.selectedId, rowIds })
      await this.detailSettled()
    } catch (err) {
      this.rowError = AppError.from(err)
    }
  }

  /** Read a CSV file and preview it against the open batch; true when the preview is shown. */
  async previewFile(file: File): Promise<boolean> {
    this.csvError = null
    this.csvAdded = null
    this.csvBusy = true
    try {
      const { text, notes } = await readCsvFile(file)
      const preview = await getApi().batches.previewCsv({
        text,
        ...(this.selectedId ? { batchId: this.selectedId } : {})
      })
      this.csv = { name: file.name, text, preview: { ...preview, notes: [...notes, ...preview.notes] } }
      return true
    } catch (err) {
      this.csv = null
      this.csvError = AppError.from(err)
      return false
    } finally {
      this.csvBusy = false
    }
  }

  /** Add the previewed file's valid rows; the number added, or null when nothing was done (error shown). */
  async importCsv(): Promise<number | null> {
    if (!this.selectedId || !this.csv || this.csvBusy) return null
    this.csvBusy = true
    this.csvError = null
    try {
      const { added, preview } = await getApi().batches.importCsv({ batchId: this.selectedId, text: this.csv.text })
      this.csvAdded = added
      // What was actually decided at import time (the batch may have changed since the preview);
      // the notes of the file's reading (its encoding) stay.
      const fileNotes = this.csv.preview.notes.filter((n) => n.startsWith('The file is UTF-16'))
      this.csv = { ...this.csv, preview: { ...preview, notes: [...fileNotes, ...preview.notes] } }
      await this.detailSettled()
      return added
    } catch (err) {
      this.csvError = AppError.from(err)
      return null
    } finally {
      this.csvBusy = false
    }
  }

  closeCsv(): void {
    this.csv = null
    this.csvAdded = null
    this.csvError = null
  }

  async upload(onlyFailed = false): Promise<void> {
    const batchId = this.selectedId
    if (!batchId || this.uploading) return
    this.uploading = true
    this.uploadError = null
    this.uploadResult = null
    this.checkResult = null
    this.checkError = null
    this.progress = null
    try {
      const result = await getApi().batches.upload({ batchId, ...(onlyFailed ? { onlyFailed: true } : {}) })
      // The user may have opened another batch meanwhile: show the result with its own batch only.
      if (this.selectedId === batchId) this.uploadResult = result
    } catch (err) {
      const error = AppError.from(err)
      if (this.selectedId === batchId) this.uploadError = error
    } finally {
      this.uploading = false
      await this.refreshDetail()
    }
  }

  /** "Check with the console": rows to check become imported (found) or not sent (absent). */
  async check(): Promise<void> {
    const batchId = this.selectedId
    if (!batchId || this.checking || this.uploading) return
    this.checking = true
    this.checkError = null
    this.checkResult = null
    this.uploadError = null
    this.uploadResult = null
    try {
      const result = await getApi().batches.check({ batchId })
      if (this.selectedId === batchId) this.checkResult = result
    } catch (err) {
      const error = AppError.from(err)
      if (this.selectedId === batchId) this.checkError = error
    } finally {
      this.checking = false
      await this.refreshDetail()
    }
  }

  /** Ask whether the active console answers: the sidebar's Check again (main's upload calls say it too). */
  testConsole(): Promise<void> {
    return connection.recheck()
  }

  private consoleId: string | null | undefined

  /**
   * The screen shows this console: if another one was active before, what was known of that one
   * (the last upload's or check's answer) is not this one's; its reachability is the connection store's.
   */
  forConsole(id: string | null): void {
    if (this.consoleId === id) return
    this.consoleId = id
    this.checkResult = null
    this.checkError = null
    this.uploadError = null
    this.uploadResult = null
  }

  async exportRows(which: 'all' | 'failed'): Promise<void> {
    if (!this.selectedId) return
    this.rowError = null
    try {
      const { filename, text, rows } = await getApi().batches.exportCsv({ batchId: this.selectedId, which })
      saveBlob(new Blob([text], { type: 'text/csv' }), filename)
      this.notice = `Saved ${countOf(rows, 'row')} as ${filename}.`
      announce(this.notice)
    } catch (err) {
      this.rowError = AppError.from(err)
    }
  }
}

export const batchesStore = new BatchesStore()
onMainRestart('batches', () => batchesStore.reestablish())

let routing: (() => void) | undefined

/**
 * Taps on the USB reader go into the open batch wherever the user is in the app (not only while
 * the Import screen is shown): main handles each tap and the reader panel shows its outcome; with
 * no batch open a tap is marked "open a batch to collect taps". Started once, at app level (it
 * tells main this window's open batch, none at start); returns the stop function.
 */
export function startTapRouting(store = batchesStore, reader = readerStore): () => void {
  if (routing) return routing
  store.tellScanSession(store.selectedId)
  // Taps go into the open batch: main's reader host must run while one is open (after a restart too).
  reader.keepingTaps = () => store.selectedId !== null
  const offBatches = store.listen()
  const offReader = reader.listen()
  const stop = () => {
    offBatches()
    offReader()
    routing = undefined
  }
  routing = stop
  return stop
}
