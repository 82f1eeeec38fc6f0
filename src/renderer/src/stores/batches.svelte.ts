import type {
  ByteOrder,
  BatchRow,
  BatchSummary,
  CheckResult,
  UploadProgress,
  UploadResult
} from '../../../shared/batches/schemas'
import { getApi } from '../lib/api'
import { deskLanguage } from '../lib/i18n/desk-language.svelte'
import { languageOf } from '../../../shared/i18n/locales'
import { saveBlob } from '../lib/download'
import { AppError } from '../../../shared/errors'
import { readerStore } from './reader.svelte'
import { importWords } from '../lib/i18n/import-messages.svelte'
import { consoleUnsureWords } from '../lib/i18n/console-unsure-words'
import { connection } from './connection.svelte'
import { connectionNow } from './connection-now.svelte'
import { onMainRestart } from '../lib/main-restarts'
import { onConsoleSwitch } from './console-scope'
import { outageError } from './console-down'
import { rereadWhenBack } from '../lib/reread-when-back'
import { recheckKeysWhenBack } from './screen-keys.svelte'
import { actionKeys } from '../../../shared/access/permissions'
import { announce } from '../lib/action-outcome.svelte'
import type { RowsChanged } from './batch-changes'
import { AROUND, WINDOW, fromView, withRowChanges, withView, type BatchWindow } from './batch-window'
import { CsvFilePreview, type CsvDraft } from './csv-preview.svelte'
import { uploadStoppedWords } from './upload-stopped-words'
import { stopLeftAfter, stopLeftOf, stopSettledWords, type StopLeft } from './upload-stop-followed'
import type { Said } from '../lib/said'

/** How every row of a batch is sent (shared/nfc/byte-order.ts): kept with the batch, applied by main. */
export type { ByteOrder }
export type { CsvDraft }

/**
 * Whether the active console answers, as the upload panel says it: the app's one connection state
 * (connection.reach, the sidebar's), `unknown` until known. Only no answer or another certificate
 * counts as unreachable: a console that refuses the token or a key answers, and the upload says why.
 */
export type Reach =
  | { state: 'unknown' | 'checking' }
  /** It answers; `note`: how, when the sidebar says more than "Connected" (errors, a refused token or key). */
  | { state: 'ok'; note?: ReachNote }
  | { state: 'unreachable'; error: AppError }
/** The sidebar's own state words for a console that answers but not well (stores/connection-now). */
export interface ReachNote {
  state: string
  words: string
  why: string | null
}

/** Offline import batches: the list, the open batch with its rows, CSV previews and uploads. */
export class BatchesStore {
  batches = $state.raw<BatchSummary[]>([])
  unreadable = $state.raw<{ file: string; message: string }[]>([])
  loaded = $state(false)
  loading = $state(false)
  error = $state<AppError | null>(null)

  #selectedId = $state<string | null>(null)
  /** The open batch: its summary, its figures, the rows in view and around them (batch-window.ts). */
  detail = $state.raw<BatchWindow | null>(null)
  detailError = $state<AppError | null>(null)
  rowError = $state<AppError | null>(null)

  /** The CSV file previewed against the open batch (csv-preview.svelte.ts); its state and actions, named here as before. */
  readonly csvPreview = new CsvFilePreview({ batchId: () => this.selectedId, settled: () => this.detailSettled() })
  get csv(): CsvDraft | null {
    return this.csvPreview.csv
  }
  set csv(draft: CsvDraft | null) {
    this.csvPreview.csv = draft
  }
  get csvBusy(): boolean {
    return this.csvPreview.csvBusy
  }
  get csvError(): AppError | null {
    return this.csvPreview.csvError
  }
  set csvError(error: AppError | null) {
    this.csvPreview.csvError = error
  }
  get csvAdded(): number | null {
    return this.csvPreview.csvAdded
  }
  set csvAdded(added: number | null) {
    this.csvPreview.csvAdded = added
  }
  previewFile(file: File): Promise<boolean> {
    return this.csvPreview.previewFile(file)
  }
  fixCsvLine(...args: Parameters<CsvFilePreview['fixCsvLine']>): ReturnType<CsvFilePreview['fixCsvLine']> {
    return this.csvPreview.fixCsvLine(...args)
  }
  putBackCsvLine(line: number): ReturnType<CsvFilePreview['putBackCsvLine']> {
    return this.csvPreview.putBackCsvLine(line)
  }
  importCsv(): Promise<number | null> {
    return this.csvPreview.importCsv()
  }
  showCsvLines(from: number, to: number): void {
    this.csvPreview.showCsvLines(from, to)
  }
  closeCsv(): void {
    this.csvPreview.closeCsv()
  }
  private rereadCsv(batchId: string): Promise<void> {
    return this.csvPreview.rereadCsv(batchId)
  }

  uploading = $state(false)
  progress = $state.raw<UploadProgress | null>(null)
  uploadResult = $state.raw<UploadResult | null>(null)
  uploadError = $state<AppError | null>(null)
  /** Worded when shown (lib/said): it follows a language switch. */
  notice = $state.raw<Said | null>(null)
  /**
   * The open batch's counts when an upload's stop was said (its error, or the stop by a restart of main):
   * what that note speaks of. When main settles its rows to check by itself, the note follows the batch
   * (`followStop`), never kept from the event that made it.
   */
  private stopLeft: StopLeft | null = null
  /**
   * The upload's outcome once main settled the rows its stop left to check (`followStop`): said by the
   * upload panel on its own line, with the focus there (the stop's notice it replaces had it). Worded
   * when shown (lib/said).
   */
  stopSettled = $state.raw<Said | null>(null)

  checking = $state(false)
  checkResult = $state.raw<CheckResult | null>(null)
  checkError = $state<AppError | null>(null)
  reach: Reach = $derived.by(() => {
    const known = connection.reach
    if (connection.checking) return { state: 'checking' }
    if (!known) return { state: 'unknown' }
    if (known.state === 'reachable') return { state: 'ok' }
    if (known.state !== 'unreachable' && known.state !== 'certificate') {
      // Answering with errors, a token or a key refused: the sidebar's words, not a green "answers"
      // beside its "Answering with errors" (one connection state).
      const now = connectionNow()
      return now && now.state !== 'service'
        ? { state: 'ok', note: { state: now.state, words: now.words, why: now.why } }
        : { state: 'ok' }
    }
    return {
      state: 'unreachable',
      error: new AppError({ kind: known.state === 'certificate' ? 'tls' : 'network', message: known.message ?? '' })
    }
  })

  private refreshing: Promise<void> | null = null
  private refreshAgain = false
  /**
   * The open batch follows main's changes by their rows: a tap adds one row here without reading
   * anything. Each change brings main's batch to the next version; one that does not follow the
   * version shown means a change was missed (or main restarted and counts again), and only then is
   * the window read again. `version` is the version of main's batch shown (null: none,
   * the next change reads the window); during a read of the window, changes wait in `waiting` for
   * its answer. The window is read when the batch is opened, after a missed change, after a change
   * the window cannot follow by itself (batch-window.ts `stale`) and after main restarts.
   */
  private version: number | null = null
  private waiting: RowsChanged[] | null = null
  /** The rows the table shows (from, to): a read asks for them and around them. */
  private inView = { from: 0, to: 0 }
  private filling = false
  private fillAgain = false

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
    this.forget()
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
    // Until main's batches are read anew, the progress last heard is of a main that may be gone: not shown.
    this.mainReadSinceRestart = false
    this.tellScanSession(this.selectedId)
    const cutOff = this.progress && !this.progress.finished ? this.progress : null
    if (this.loaded || this.selectedId) await this.load()
    if (!this.error) this.mainReadSinceRestart = true
    // An upload main no longer runs (its batch is not uploading there): its last progress is no
    // running upload. Said once, with what to do, from the batch's rows as read now (the last
    // progress is older than the rows answered after it): rows it left are "to check" or not sent yet.
    const batch = this.selected
    if (cutOff && batch && batch.id === cutOff.batchId && batch.state !== 'uploading' && !this.error) {
      this.progress = null
      this.uploading = false
      const counts = batch.counts
      this.notice = () => uploadStoppedWords(counts)
      this.stopLeft = { counts }
      announce(this.notice)
    }
    // The open preview's lines were held by the old main: read again, so scrolling finds them and its
    // facts (the batch, the console) are as of now. After the stop is said: a 10,000-line file read
    // against the console takes a while.
    if (this.selectedId) await this.rereadCsv(this.selectedId)
  }

  /**
   * Whether main's batches were read since web mode's service last came back (lib/main-restarts). A
   * progress heard before is of a main that may be gone: not shown until main says its batch uploads.
   */
  private mainReadSinceRestart = $state(true)

  /**
   * The upload progress the screen shows: the one main runs now, never one it no longer has. It is this
   * tab's upload while its call is answering, else only while main's batch, as read since main last came
   * back, says it uploads (while main cannot be reached, the last known: lib/last-known). A restarted
   * main runs no upload, so the bar of the one before it goes (rule: nothing shown that main does not hold).
   */
  shownProgress = $derived.by(() => {
    const progress = this.progress
    if (!progress || progress.batchId !== this.selectedId) return null
    if (this.uploading) return progress
    return this.mainReadSinceRestart && this.selected?.state === 'uploading' ? progress : null
  })

  /**
   * The stop said (an upload's error, a restart's notice) is of the batch as it was: once rows it left
   * to check are settled without this screen's Check, it gives way to the upload's outcome as it now
   * stands (`stopSettled`, said once by the upload panel, which takes the focus to it).
   */
  private followStop(): void {
    const left = this.stopLeft
    const now = this.selected?.counts
    if (!left || !now) return
    if (!this.uploadError && !this.notice && !this.stopSettled) {
      this.stopLeft = null
      return
    }
    // Fixed rows are Retry's, not Upload's: read when worded, as the Upload button counts them.
    const fixed = () => this.detail?.fixed ?? 0
    if (!stopSettledWords(left, now, fixed())) return
    this.stopSettled = () => stopSettledWords(left, now, fixed()) ?? ''
    this.stopLeft = stopLeftAfter(left, now)
    this.uploadError = null
    this.notice = null
  }

  selected = $derived(this.batches.find((b) => b.id === this.selectedId) ?? null)
  byteOrder = $derived<ByteOrder>(this.selected?.byteOrder ?? 'as-read')

  /** The key the token lacks to upload (edit:credential), found by main's probe; null: it may upload, or not known. */
  uploadBlocked = $state<string | null>(null)

  /** Whether the token may upload, asked of main without sending a card (the key Enroll needs too). */
  async checkCapabilities(): Promise<void> {
    try {
      const caps = await getApi().batches.capabilities()
      this.uploadBlocked = caps.canUpload ? null : (caps.missingPermission ?? actionKeys.import.upload)
    } catch {
      // Unknown: a refused upload will say why.
    }
  }

  async load(): Promise<void> {
    void this.checkCapabilities()
    this.loading = true
    this.error = null
    try {
      const { batches, unreadable } = await getApi().batches.list()
      this.batches = batches
      this.unreadable = unreadable
      this.loaded = true
      this.followStop()
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
        this.followStop()
        if (event.version === undefined || !event.rows) void this.refreshDetail()
        else this.changed(event as RowsChanged)
      }),
      api.on('batches.uploadProgress', (p) => {
        if (p.batchId !== this.selectedId) return
        this.progress = p
        // Only a main that runs the upload says its progress.
        this.mainReadSinceRestart = true
      })
    ]
    return () => offs.forEach((off) => off())
  }

  async open(id: string): Promise<void> {
    if (this.selectedId !== id) {
      this.inView = { from: 0, to: 0 }
      this.closeCsv()
      this.progress = null
      this.uploadResult = null
      this.uploadError = null
      this.rowError = null
      this.notice = null
      this.stopSettled = null
      this.checkResult = null
      this.checkError = null
    }
    this.selectedId = id
    await this.refreshDetail()
  }

  /** Show no batch's rows any more (another opened, or this one deleted): the next change reads the window. */
  private forget(): void {
    this.version = null
    this.waiting = null
  }

  /** A change of the open batch, as main told it: applied to what is shown, or the window read again. */
  private changed(event: RowsChanged): void {
    if (this.waiting) {
      this.waiting.push(event)
      return
    }
    if (!this.detail || this.version === null || event.version !== this.version + 1) {
      this.version = null
      void this.refreshDetail()
      return
    }
    this.version = event.version
    this.detail = withRowChanges(this.detail, event)
    if (this.detail.stale) void this.refreshDetail()
  }

  /**
   * Read the open batch's window again (its summary, its figures and the rows in view and around
   * them); calls during a read coalesce into one more read. Changes that come meanwhile wait for
   * its answer, and those it does not hold yet are applied to it.
   */
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
          this.forget()
          break
        }
        this.waiting ??= []
        try {
          const offset = Math.max(0, this.inView.from - AROUND)
          const limit = Math.max(WINDOW, this.inView.to - this.inView.from + 2 * AROUND)
          const view = await getApi().batches.view({ batchId: id, offset, limit })
          if (this.selectedId === id) this.took(view)
          this.detailError = null
        } catch (err) {
          this.detailError = AppError.from(err)
          if (this.selectedId === id) this.forget()
        }
      } while (this.refreshAgain)
    })().finally(() => {
      this.refreshing = null
      // Scrolled meanwhile: the rows now in view that the read did not bring.
      void this.fill()
    })
    return this.refreshing
  }

  /** A window read whole: shown, with the changes that came during the read and it does not hold. */
  private took(view: Parameters<typeof fromView>[0]): void {
    const waiting = this.waiting ?? []
    this.waiting = null
    let shown = fromView(view)
    // A main that counts no version (older, or a test's) is read again at each change.
    let version: number | null = view.version ?? null
    let missed = false
    for (const event of waiting) {
      if (version === null || event.version <= version) continue
      if (event.version !== version + 1) {
        missed = true
        break
      }
      shown = withRowChanges(shown, event)
      version = event.version
    }
    this.detail = shown
    this.version = missed ? null : version
    if (missed || (version !== null && shown.stale)) this.refreshAgain = true
  }

  /**
   * The table shows rows from…to (0-based, `to` excluded): those not held are asked for, with some
   * around them. A fast scroll draws a row not here yet as empty for that moment.
   */
  showRows(from: number, to: number): void {
    this.inView = { from, to }
    void this.fill()
  }

  /** The open batch's row at a position, if held (the table draws it), and its row by id. */
  rowAt(index: number): BatchRow | undefined {
    return this.detail?.rows.get(index)
  }

  /** A row's number as the table shows it (1-based), 0 when it is not held. */
  rowNumber(rowId: string): number {
    return (this.detail?.at.get(rowId) ?? -1) + 1
  }

  rowById(rowId: string): BatchRow | undefined {
    const i = this.detail?.at.get(rowId)
    return i === undefined ? undefined : this.detail?.rows.get(i)
  }

  /** Where a row is in the open batch (1-based; 0: not in it), asked of main when not held here. */
  /** Where the next failed row at or after `from` is (wrapping to the start), -1 when none: main holds the rows. */
  async nextFailed(from: number): Promise<number> {
    if (!this.selectedId) return -1
    const { failedAt } = await getApi().batches.view({
      batchId: this.selectedId,
      offset: 0,
      limit: 0,
      failedFrom: from
    })
    return failedAt ?? -1
  }

  async numberOf(rowId: string): Promise<number> {
    const held = this.rowNumber(rowId)
    if (held > 0 || !this.selectedId) return held
    try {
      const { at } = await getApi().batches.view({ batchId: this.selectedId, offset: 0, limit: 0, rowId })
      return (at ?? -1) + 1
    } catch {
      return 0
    }
  }

  private missingInView(): number | undefined {
    const detail = this.detail
    if (!detail) return undefined
    const to = Math.min(this.inView.to, detail.counts.total)
    for (let i = this.inView.from; i < to; i++) if (!detail.rows.has(i)) return i
    return undefined
  }

  /** Ask main for the rows in view not held; one request at a time, the last scroll position wins. */
  private async fill(): Promise<void> {
    if (this.filling) {
      this.fillAgain = true
      return
    }
    this.filling = true
    try {
      do {
        this.fillAgain = false
        const id = this.selectedId
        // A read of the whole window is on its way (or due): it brings the rows in view.
        if (!id || this.waiting || this.refreshing || this.version === null) break
        const missing = this.missingInView()
        if (missing === undefined) break
        const offset = Math.max(0, Math.min(missing, this.inView.from) - AROUND)
        const limit = Math.max(WINDOW, this.inView.to - offset + AROUND)
        const view = await getApi().batches.view({ batchId: id, offset, limit })
        if (this.selectedId !== id || !this.detail) break
        // Changed meanwhile: the changes' events are on their way; the next scroll asks again.
        if (view.version !== this.version || this.waiting) break
        this.detail = withView(this.detail, view)
        // Main holds fewer rows than counted (a change on its way): its event brings them.
        if (view.offset + view.rows.length <= missing) break
      } while (this.fillAgain || this.missingInView() !== undefined)
    } catch {
      // Not answered: the rows stay drawn empty until the next scroll asks again.
    } finally {
      this.filling = false
    }
  }

  /**
   * Once the open batch shows main's changes made so far: they came as events before the answer of
   * the call that made them, so only a read in flight (a missed event, a stale window) is waited
   * for; with nothing followed, the window is read.
   */
  private async detailSettled(): Promise<void> {
    if (this.refreshing) await this.refreshing
    else if (this.version === null) await this.refreshDetail()
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
    const { duplicate, row, note, unsure } = await getApi().batches.addScan({
      batchId: this.selectedId,
      uid,
      source: 'typed',
      ...(alias?.trim() ? { alias: alias.trim() } : {})
    })
    // What the console check could not see (cards that show no NFC ID), said with the card added: in the
    // desk's words from main's counts; a main without them, its English.
    return { duplicate, row: row ?? null, note: unsure ? consoleUnsureWords('typed', unsure) : note }
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

  async upload(onlyFailed = false): Promise<void> {
    const batchId = this.selectedId
    if (!batchId || this.uploading) return
    this.uploading = true
    // An older notice (an upload stopped by a restart, an export) is a past action's: this one says its own.
    this.notice = null
    this.stopSettled = null
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
      // A stop with rows to check: its note follows the batch from here (followStop).
      this.stopLeft =
        this.uploadError && this.selected?.id === batchId
          ? stopLeftOf(this.selected.counts, this.uploadError.details)
          : null
      // Main may have read the lost part back already (before its answer reached this tab): followed now.
      this.followStop()
      await this.rereadCsv(batchId)
    }
  }

  /** "Check with the console": rows to check become imported (found) or not sent (absent). */
  async check(): Promise<void> {
    const batchId = this.selectedId
    if (!batchId || this.checking || this.uploading) return
    this.checking = true
    // As an upload does: an older notice (the stop it settles) gives way to this check's result.
    this.notice = null
    this.stopSettled = null
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
    this.stopSettled = null
    this.checkResult = null
    this.checkError = null
    this.uploadError = null
    this.uploadResult = null
  }

  async exportRows(which: 'all' | 'failed'): Promise<void> {
    if (!this.selectedId) return
    this.rowError = null
    try {
      const language = languageOf(deskLanguage.locale)
      const { filename, text, rows } = await getApi().batches.exportCsv({ batchId: this.selectedId, which, language })
      saveBlob(new Blob([text], { type: 'text/csv' }), filename)
      this.notice = () => importWords().t('store.exported', { count: rows, file: filename })
      announce(this.notice)
    } catch (err) {
      this.rowError = AppError.from(err)
    }
  }
}

export const batchesStore = new BatchesStore()
// The batches are this desk's and stay (each names its console); a CSV preview is not: it quotes the console's cards
// (already on the console, which card shows which NFC ID), so it goes with the console left.
onConsoleSwitch('batches', () => {
  batchesStore.closeCsv()
  batchesStore.uploadBlocked = null
  void batchesStore.checkCapabilities()
})
// Connected again: the upload key found missing is asked for afresh (it may have been given back).
recheckKeysWhenBack(
  () => batchesStore.uploadBlocked,
  () => batchesStore.checkCapabilities()
)
onMainRestart('batches', () => batchesStore.reestablish())
// Connected again (lib/reread-when-back, the one rule): an upload the outage stopped no longer says it
// stopped; the batch is read again, and its rows not sent are offered by the Upload button, to resume.
rereadWhenBack(
  () => batchesStore.uploadError !== null && outageError(batchesStore.uploadError),
  () => {
    batchesStore.uploadError = null
    return batchesStore.refreshDetail()
  }
)

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
