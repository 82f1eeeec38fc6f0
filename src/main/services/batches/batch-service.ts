import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { BATCH_RECORD, ownedByOther, refuseOnOtherConsole } from '../../../shared/console-owner'
import { formatAlias } from '../../../shared/batches/alias-pattern'
import {
  aliasRuleOf,
  aliasSchema,
  type BatchDetail,
  type BatchRow,
  type BatchSummary,
  type BatchConsoleRef,
  type ByteOrder,
  type CheckResult,
  type CsvPreview
} from '../../../shared/batches/schemas'
import { cardName, ConsoleCards } from './console-cards'
import type { Emit } from '../events'
import { BatchModel } from './batch-model'
import { exportFilename, toExportCsv } from './csv-export'
import type { Language } from '../../../shared/i18n/locales'
import { readNfcCell, typedIdRefused } from './csv-nfc-id'
import { isRandomUid } from '../../../shared/nfc/uid'
import { isAllDigits, writtenDigitsReading } from '../../../shared/nfc/card-number'
import { cardKey } from '../../../shared/nfc/card-identity'
import { readCsvAgainst, readCsvText, settleAgainst } from './csv-against-batch'
import { sayNote, unsureEnglish } from './csv-messages'
import type { ConsoleUnsure } from '../../../shared/batches/console-unsure'
import { rowReason } from './row-reasons'
import type { CsvNote } from '../../../shared/batches/csv-said'
import { JournalDirectory, type Unreadable } from '../storage/journal-directory'
import { batchJournalFormat, type JournalEntry } from './journal-entries'
import type { BatchConsole } from './console-port'
import { runUpload, type UploadOptions } from './upload'
import type { BatchWrites, LoadedBatch } from './loaded-batch'
import type { UploadProgress, UploadResult } from '../../../shared/batches/schemas'
import type { ReadBackFinding } from '../audit/settle-write'
import { answeredParts, checkedRequests, linkAuditRows, linkLines } from './check-settles-audit'
import { batchView } from './batch-view'
import { CsvPreviews } from './csv-previews'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { ADD_PART_ROWS, inParts } from './in-parts'
import type { BatchView, BatchViewQuery, CsvPreviewOpen } from '../../../shared/batches/schemas'

export interface BatchServiceDeps {
  /** `<dataDir>/batches` */
  dir: string
  emit?: Emit
  /** The active profile's client, asked for only when uploading, checking or previewing. */
  client?: () => Promise<BatchConsole>
  /** The active console (profile id and name): an upload binds the batch to it. */
  activeConsole?: () => Promise<BatchConsoleRef | null>
  /** Rows per import request. */
  chunkSize?: number
  /** Settles an upload's audit row once a check says what the console holds (AuditService.settleRow). */
  settleAuditRow?: (rowId: string, finding: ReadBackFinding) => Promise<void>
}

export type { Unreadable }

/**
 * Offline scan batches. Every change is appended to the batch's journal and fsynced before the
 * call resolves, so an answer that says "saved" means saved, even across `kill -9`.
 */
export class BatchService implements BatchWrites {
  /** One journal per batch in `<dataDir>/batches/<id>.jsonl` (storage/journal-directory.ts). */
  private readonly files: JournalDirectory<JournalEntry, LoadedBatch>
  private closed = false
  /** The active console's cards, kept briefly so previews of several files fetch them once. */
  private cardsCache: { profileId: string | null; at: number; cards: Promise<ConsoleCards> } | undefined
  /** When the console's cards last could not be read for a typed ID (see cardsForTyping). */
  private cardsFailedAt: number | undefined
  /** Each row to check → the audit row of the upload request that left it so (journal `auditRowId`). */
  private readonly auditRows = new Map<string, string>()
  /** The lines of the previews the screen shows (it asks for windows of them). */
  private readonly previews = new CsvPreviews()
  /**
   * Audit rows of upload requests the audit settled by its own read-back while rows of theirs were
   * still to check here (auditRowSettled): their batches are checked as soon as they can be.
   */
  private readonly settledInAudit = new Set<string>()

  constructor(private readonly deps: BatchServiceDeps) {
    this.files = new JournalDirectory({
      dir: deps.dir,
      format: batchJournalFormat,
      open: async (file, entries) => {
        const model = BatchModel.replay(entries)
        for (const entry of entries) linkAuditRows(this.auditRows, entry)
        if (model.interruptedUpload) {
          // The previous run stopped mid-upload; its unanswered rows are now `unknown` (to check), and
          // the audit rows of its answered parts say what their rows say (the app may have stopped
          // between the two writes).
          await this.settleAnsweredParts(entries, model)
          await file.journal.append({ t: 'upload-end', uploadId: 'interrupted', at: now() })
        }
        if (entries.length > 2 * model.rows.length + 50) {
          // The snapshot holds the rows; the links of rows still to check to their audit row go with it.
          const rowIds = new Set(model.rows.map((r) => r.id))
          await file.journal.rewrite([model.snapshot(now()), ...linkLines(this.auditRows, rowIds)])
        }
        return { ...file, model }
      },
      idOf: (batch) => batch.model.meta.id,
      notFound: () =>
        new AppError({
          kind: 'not-found',
          code: 'BATCH_NOT_FOUND',
          message: 'This batch does not exist (deleted?).',
          hint: 'Reload the list of batches.'
        })
    })
  }

  /** The audit rows of an interrupted upload's answered parts, settled from their rows (check-settles-audit.ts). */
  private async settleAnsweredParts(entries: readonly JournalEntry[], model: BatchModel): Promise<void> {
    const settle = this.deps.settleAuditRow
    if (!settle) return
    const parts = answeredParts(entries, (rowId) => model.byId.get(rowId)?.nfcId)
    // Never in the way of opening the batch: a row left Unknown is still the Audit's honest word.
    // Said as taken from the batch's record of the answer: nothing was read from the console.
    for (const [rowId, finding] of parts) await settle(rowId, { ...finding, recorded: true }).catch(() => undefined)
  }

  private loaded(id: string): Promise<LoadedBatch> {
    return this.files.get(id)
  }

  /** Run `task` after every earlier change of this batch; changes never interleave. */
  exclusive<T>(batch: LoadedBatch, task: () => Promise<T>): Promise<T> {
    if (this.closed) {
      return Promise.reject(
        new AppError({ kind: 'storage', code: 'CLOSING', message: 'The app is closing; the change was not made.' })
      )
    }
    return this.files.exclusive(batch, task)
  }

  /**
   * Write entries durably, then apply them to memory and tell the renderer: the rows they changed,
   * not the batch (a tap costs one row, whatever the batch's size), and the batch's next version.
   */
  async commit(batch: LoadedBatch, ...entries: JournalEntry[]): Promise<void> {
    await batch.journal.append(...entries)
    for (const entry of entries) {
      batch.model.apply(entry)
      linkAuditRows(this.auditRows, entry)
    }
    batch.model.version++
    this.changed(batch)
  }

  private changed(batch: LoadedBatch): void {
    const { model } = batch
    this.deps.emit?.('batches.changed', {
      batchId: model.meta.id,
      summary: model.summary(),
      version: model.version,
      rows: model.takeChanges()
    })
  }

  emitProgress(progress: UploadProgress): void {
    this.deps.emit?.('batches.uploadProgress', progress)
  }

  async list(): Promise<{ batches: BatchSummary[]; unreadable: Unreadable[] }> {
    const { records, unreadable } = await this.files.all()
    const batches = records.map((b) => b.model.summary())
    batches.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    return { batches, unreadable }
  }

  async create(input: {
    name: string
    aliasPattern?: string
    firstNumber?: number
    byteOrder?: ByteOrder
  }): Promise<BatchSummary> {
    const id = randomUUID()
    const meta = {
      id,
      name: input.name,
      aliasPattern: input.aliasPattern ?? null,
      byteOrder: input.byteOrder ?? 'as-read',
      nextNumber: input.firstNumber ?? 1,
      createdAt: now(),
      console: null
    }
    const batch = await this.files.create(id, [{ t: 'create', v: 1, meta }], (file) => ({
      ...file,
      model: new BatchModel({ ...meta })
    }))
    this.changed(batch)
    return batch.model.summary()
  }

  /** The batch whole, with the version its later batches.changed events count from. */
  async get(id: string): Promise<BatchDetail & { version: number }> {
    const { model } = await this.loaded(id)
    return { ...model.detail(), version: model.version }
  }

  /** A window of the batch's rows, with its summary and version (batch-view.ts). */
  async view(query: BatchViewQuery): Promise<BatchView> {
    const { model } = await this.loaded(query.batchId)
    return batchView(model, query)
  }

  async rename(
    id: string,
    change: { name?: string; aliasPattern?: string | null; byteOrder?: ByteOrder }
  ): Promise<BatchSummary> {
    const batch = await this.loaded(id)
    return this.exclusive(batch, async () => {
      // The byte order is how every row of the batch is sent (tapped, typed or from a CSV): a switch
      // turns them all, so it is only possible while none of them is (or may be) on the console.
      const turn = change.byteOrder !== undefined && change.byteOrder !== batch.model.meta.byteOrder
      if (turn) {
        this.refuseWhileUploading(batch)
        refuseTurnOfSentRows(batch)
      }
      await this.commit(batch, {
        t: 'meta',
        name: change.name,
        aliasPattern: change.aliasPattern,
        byteOrder: change.byteOrder,
        ...(turn ? { reverseRows: true as const } : {}),
        at: now()
      })
      return batch.model.summary()
    })
  }

  async remove(id: string): Promise<void> {
    const batch = await this.loaded(id)
    await this.exclusive(batch, async () => {
      this.refuseWhileUploading(batch)
      await this.files.remove(id)
      this.deps.emit?.('batches.changed', { batchId: id, summary: null })
    })
  }

  /**
   * A tap (or a typed ID) into the batch. A card already in the batch, in either byte order, is not
   * added again: the answer says `duplicate` with the row that holds it, so the caller can give the
   * reader's "already have it" feedback (a typed alias is then not used: the caller says so). A tap
   * with a random UID is refused, whoever sends it (the scan session, the channel, the CLI).
   */
  async addScan(
    batchId: string,
    uid: string,
    alias?: string,
    source: 'scan' | 'typed' = 'scan'
  ): Promise<{ row: BatchRow; duplicate: boolean; note?: string; unsure?: ConsoleUnsure }> {
    const cell = readNfcCell(uid)
    if (!cell.ok) throw typedIdRefused(cell)
    if (source === 'scan' && isRandomUid(cell.hex)) throw randomUid()
    const batch = await this.loaded(batchId)
    await this.requireOwnConsole(batch)
    // A typed card is checked against the console's cards like a CSV line (taps stay offline and
    // instant). Read before the batch's turn, so no tap waits for the console.
    const known = source === 'typed' ? await this.cardsForTyping(batch) : undefined
    return this.exclusive(batch, async () => {
      const model = batch.model
      // Tapped or typed, the ID is entered as a reader shows it and sent in the batch's order, like
      // every other row of the batch (before or after a switch). A card in either order is a duplicate.
      const nfcId = model.sendAs(cell.hex)
      const existing = model.byCard.get(cardKey(nfcId))
      if (existing) return { row: { ...existing }, duplicate: true }
      // Not found is only sure when every console card shows its NFC ID (console-cards.ts `lookup`).
      const unsure = known ? refuseHeldOnConsole(known, cell.hex, nfcId, alias) : undefined
      let chosen = alias ?? ''
      let nextNumber: number | undefined
      if (alias !== undefined) {
        checkAlias(alias)
        if (alias && model.byAlias.has(alias)) throw aliasTaken(alias)
      } else if (model.meta.aliasPattern) {
        let n = model.meta.nextNumber
        while (model.byAlias.has(formatAlias(model.meta.aliasPattern, n))) n++
        chosen = formatAlias(model.meta.aliasPattern, n)
        nextNumber = n + 1
      }
      const row: BatchRow = {
        id: randomUUID(),
        nfcId,
        alias: chosen,
        addedAt: now(),
        source: source === 'typed' || alias !== undefined ? 'manual' : 'scan',
        status: 'pending',
        ...(hexByForm(uid, cell.hex) ? { hexByForm: true as const } : {})
      }
      await this.commit(batch, { t: 'add', rows: [row], nextNumber })
      return { row: { ...row }, duplicate: false, ...(unsure ? { note: unsureEnglish('typed', unsure), unsure } : {}) }
    })
  }

  async updateRow(batchId: string, rowId: string, change: { nfcId?: string; alias?: string }): Promise<BatchRow> {
    const batch = await this.loaded(batchId)
    await this.requireOwnConsole(batch)
    return this.exclusive(batch, async () => {
      this.refuseWhileUploading(batch)
      const row = findRow(batch, rowId)
      if (row.status === 'imported' || row.status === 'unknown') {
        throw new AppError({
          kind: 'conflict',
          code: 'ROW_LOCKED',
          message:
            row.status === 'imported'
              ? 'This card is already imported; change it on the Cards screen.'
              : 'This row may already be on the console; check it before changing it.',
          details: { said: row.status }
        })
      }
      let nfcId: string | undefined
      let byForm = false
      if (change.nfcId !== undefined) {
        const cell = readNfcCell(change.nfcId)
        if (!cell.ok) throw typedIdRefused(cell)
        const other = batch.model.byCard.get(cardKey(cell.hex))
        if (other && other !== row) {
          const its = batch.model.entered(other)
          throw new AppError({
            kind: 'conflict',
            code: 'NFC_ID_TAKEN',
            message:
              its === cell.hex
                ? 'Another row of this batch has this NFC ID.'
                : `Another row of this batch has this card: ${its} is this NFC ID with its bytes reversed.`,
            details: its === cell.hex ? { said: 'same' } : { said: 'reversed', other: its }
          })
        }
        // An edit is entered like a tap or a typed ID: sent in the batch's order.
        nfcId = batch.model.sendAs(cell.hex)
        byForm = hexByForm(change.nfcId, cell.hex)
      }
      if (change.alias !== undefined) {
        checkAlias(change.alias)
        const other = change.alias ? batch.model.byAlias.get(change.alias) : undefined
        if (other && other !== row) throw aliasTaken(change.alias)
      }
      await this.commit(batch, {
        t: 'update',
        rowId,
        nfcId,
        ...(byForm ? { hexByForm: true as const } : {}),
        alias: change.alias,
        at: now()
      })
      return { ...row }
    })
  }

  async deleteRows(batchId: string, rowIds: string[]): Promise<BatchSummary> {
    const batch = await this.loaded(batchId)
    await this.requireOwnConsole(batch)
    return this.exclusive(batch, async () => {
      this.refuseWhileUploading(batch)
      for (const id of rowIds) findRow(batch, id)
      await this.commit(batch, { t: 'remove', rowIds, at: now() })
      return batch.model.summary()
    })
  }

  async previewCsv(text: string, batchId?: string): Promise<CsvPreview> {
    const batch = batchId === undefined ? undefined : await this.loaded(batchId)
    return readCsvAgainst(text, batch, await this.cardsForPreview(batch))
  }

  /**
   * A preview for the screen: its lines kept here, the first `limit` of them answered (csv-previews.ts).
   * A line the batch already holds as written is said as added, not as a duplicate (csv-duplicates.ts
   * `asAdded`): read from the batch, so it holds after a restart of main too.
   */
  async previewFile(text: string, batchId: string | undefined, limit: number): Promise<CsvPreviewOpen> {
    return this.previews.open(await this.previewCsv(text, batchId), limit)
  }

  async previewRows(previewId: string, offset: number, limit: number): Promise<ReturnType<CsvPreviews['rows']>> {
    return this.previews.rows(previewId, offset, limit)
  }

  /**
   * importCsv for the screen: the preview is the file read again against the batch as the add left it,
   * its lines kept here. The lines just added are then said as in the batch (`asAdded`), never "ok"
   * with Add offering them again, and the screen shows what any later reading of the file shows.
   */
  async importFile(
    batchId: string,
    text: string,
    limit: number,
    fileName?: string
  ): Promise<{ added: number; preview: CsvPreviewOpen }> {
    const { added, after } = await this.addCsv(batchId, text, fileName)
    return { added, preview: this.previews.open(after, limit) }
  }

  /**
   * Add the rows of a CSV text that are ok or repaired; the preview says what was decided at import
   * time (which lines were ok and added, what happened to the rest).
   */
  async importCsv(batchId: string, text: string, fileName?: string): Promise<{ added: number; preview: CsvPreview }> {
    const { added, preview } = await this.addCsv(batchId, text, fileName)
    return { added, preview }
  }

  /**
   * The adding itself: the file read once, its reading settled twice by the same rules: as decided
   * (`preview`) and against the batch the add left (`after`, in the same turn with the same console
   * cards: no tap in between, no second wait for the console, no second reading of the file).
   * `fileName`: kept on each row added, so the audit row of their upload names the file they came from
   * (a search for it finds the upload).
   */
  private async addCsv(
    batchId: string,
    text: string,
    fileName?: string
  ): Promise<{ added: number; preview: CsvPreview; after: CsvPreview }> {
    const batch = await this.loaded(batchId)
    await this.requireOwnConsole(batch)
    const known = await this.cardsForPreview(batch)
    const reading = await readCsvText(text)
    await nextTurn()
    return this.exclusive(batch, async () => {
      this.refuseWhileUploading(batch)
      const preview = settleAgainst(reading, batch, known)
      await nextTurn()
      const at = now()
      const lines = preview.rows.filter((r) => (r.status === 'ok' || r.status === 'repaired') && r.nfcId !== undefined)
      // Added a part at a time (in-parts.ts): each part one journal line, main's loop free between
      // them. A failed write stops there; the parts before it are in the batch and read as added.
      await inParts(lines, ADD_PART_ROWS, (part) =>
        this.commit(batch, {
          t: 'add',
          rows: part.map((r) => ({
            id: randomUUID(),
            // A file's ID is entered like a tap or a typed one: sent in the batch's order.
            nfcId: batch.model.sendAs(r.nfcId!),
            alias: r.alias,
            addedAt: at,
            source: 'csv' as const,
            ...(fileName ? { file: fileName } : {}),
            status: 'pending' as const,
            // All digits without the preview's decimal note: the line wrote them as hex (04:11:…).
            ...(isAllDigits(r.nfcId!) && r.reading === undefined ? { hexByForm: true as const } : {})
          }))
        })
      )
      await nextTurn()
      const after = lines.length > 0 ? settleAgainst(reading, batch, known, true) : preview
      return { added: lines.length, preview, after }
    })
  }

  /**
   * The console's cards for a preview: NFC IDs it already holds are flagged before upload. The
   * installer may well be offline: then the preview says the check was not made, and goes on.
   */
  private async cardsForPreview(
    batch: LoadedBatch | undefined
  ): Promise<{ cards?: ConsoleCards; note?: CsvNote; unread?: true }> {
    if (!this.deps.client) return {}
    const active = await this.activeConsole()
    // Another console's batch is not checked against the active one's cards (console-owner.ts).
    const owner = ownedByOther(batch?.model.meta.console, active?.profileId)
    if (owner && active) {
      return { note: sayNote('otherConsole', { owner: owner.name, active: active.name }) }
    }
    try {
      return { cards: await this.consoleCards(active, false, PREVIEW_TIMEOUT_MS) }
    } catch (err) {
      return {
        unread: true,
        note: sayNote('cardsUnread', { message: AppError.from(err).message })
      }
    }
  }

  /**
   * The console's cards for a typed ID, as a CSV preview reads them, or undefined (no console, a
   * batch of another console, or they could not be read). After a failed read the next minute of
   * typing does not wait for the console again: the installer may well be offline.
   */
  private async cardsForTyping(batch: LoadedBatch): Promise<ConsoleCards | undefined> {
    if (!this.deps.client) return undefined
    if (this.cardsFailedAt !== undefined && Date.now() - this.cardsFailedAt < CARDS_CACHE_MS) return undefined
    const { cards, unread } = await this.cardsForPreview(batch)
    if (unread) this.cardsFailedAt = Date.now()
    return cards
  }

  /** The active console's cards; `fresh` fetches them again (a check must see the console as it is now). */
  consoleCards(active: BatchConsoleRef | null, fresh: boolean, timeoutMs?: number): Promise<ConsoleCards> {
    const profileId = active?.profileId ?? null
    const cached = this.cardsCache
    if (!fresh && cached && cached.profileId === profileId && Date.now() - cached.at < CARDS_CACHE_MS) {
      return cached.cards
    }
    const cards = (async () => {
      const client = await this.deps.client!()
      return new ConsoleCards(await client.nfcCards.all({ pageSize: 100, ...(timeoutMs ? { timeoutMs } : {}) }))
    })()
    this.cardsCache = { profileId, at: Date.now(), cards }
    cards.then(() => (this.cardsFailedAt = undefined)).catch(() => undefined)
    cards.catch(() => {
      if (this.cardsCache?.cards === cards) this.cardsCache = undefined
    })
    return cards
  }

  /** The console's cards changed (an upload): the next preview fetches them again. */
  forgetConsoleCards(): void {
    this.cardsCache = undefined
  }

  async activeConsole(): Promise<BatchConsoleRef | null> {
    return (await this.deps.activeConsole?.()) ?? null
  }

  /**
   * A batch belongs to the console it was first uploaded to: its results say what that console
   * holds. While another console is active the batch is read-only: uploading, checking, and every
   * change of its rows (a tap, a typed ID, a CSV file, a row's edit or delete) is refused here, the
   * one rule the Import screen follows.
   */
  async requireOwnConsole(batch: LoadedBatch): Promise<BatchConsoleRef | null> {
    const active = await this.activeConsole()
    refuseOnOtherConsole(BATCH_RECORD, batch.model.meta.console, active)
    return active
  }

  /**
   * "Check with the console": every row to check is looked up in the console's card list. Found:
   * imported (with its token and number). Not found: back to not sent, so an upload sends it; only
   * rows the console was seen not to hold are ever sent again.
   */
  async check(batchId: string): Promise<CheckResult> {
    const { batch } = await this.sendable(batchId)
    const active = await this.requireOwnConsole(batch)
    const cards = await this.consoleCards(active, true)
    return this.exclusive(batch, async () => {
      this.refuseWhileUploading(batch)
      const results: Extract<JournalEntry, { t: 'results' }>['results'] = []
      const checkedAt = new Date().toISOString()
      for (const row of batch.model.rows) {
        if (row.status !== 'unknown') continue
        const held = cards.lookup(row.nfcId)
        results.push(
          held.card
            ? { rowId: row.id, status: 'imported', token: held.card.token, displayId: held.card.display_id }
            : {
                rowId: row.id,
                status: 'pending',
                // The console's "not held" is only sure when every card there shows its NFC ID.
                ...(held.unsure
                  ? rowReason('checkedUnsure', {
                      at: checkedAt,
                      shown: cards.cards.length - cards.withoutNfcId,
                      without: cards.withoutNfcId
                    })
                  : rowReason('checkedAbsent', { at: checkedAt }))
              }
        )
      }
      // What each upload request whose answer was lost sent, and how much of it the console holds.
      const nfcIds = new Map(batch.model.rows.map((row) => [row.id, row.nfcId]))
      const findings = checkedRequests(this.auditRows, results, (rowId) => nfcIds.get(rowId))
      if (results.length > 0) await this.commit(batch, { t: 'results', uploadId: 'check', results })
      for (const [rowId, finding] of findings) await this.deps.settleAuditRow?.(rowId, finding)
      const found = results.filter((r) => r.status === 'imported').length
      const absent = results.length - found
      const unsure = absent > 0 ? cards.unsureCounts() : undefined
      return { found, absent, ...(unsure ? { unsure: unsureEnglish('checked', unsure), unsureSaid: unsure } : {}) }
    })
  }

  /**
   * A row imported outside an upload (a roster imports the batch row it gives someone): the batch
   * records it as imported, with its token and number, so no upload sends it again.
   */
  async recordImported(batchId: string, rowId: string, card: { token: string; displayId?: string }): Promise<void> {
    const batch = await this.loaded(batchId)
    await this.exclusive(batch, async () => {
      const row = batch.model.byId.get(rowId)
      if (!row || row.status === 'imported') return
      await this.commit(batch, {
        t: 'results',
        uploadId: 'roster',
        results: [
          { rowId, status: 'imported', token: card.token, ...(card.displayId ? { displayId: card.displayId } : {}) }
        ]
      })
    })
  }

  async exportCsv(
    batchId: string,
    which: 'all' | 'failed',
    language?: Language
  ): Promise<{ filename: string; text: string; rows: number }> {
    const batch = await this.loaded(batchId)
    const rows = which === 'all' ? batch.model.rows : batch.model.rows.filter((r) => r.status === 'failed')
    return {
      filename: exportFilename(batch.model.meta.name, which, language),
      text: toExportCsv(rows, language),
      rows: rows.length
    }
  }

  /** Send the batch to the console (E16). Never retried automatically: import is not idempotent. */
  async upload(batchId: string, options: UploadOptions = {}): Promise<UploadResult> {
    const { batch, client } = await this.sendable(batchId)
    const controller = new AbortController()
    const done = (async () => {
      const active = await this.requireOwnConsole(batch)
      return runUpload(this, batch, client, { ...options, chunkSize: this.deps.chunkSize, active }, controller.signal)
    })()
    batch.upload = { controller, done }
    try {
      return await done
    } finally {
      batch.upload = undefined
      // A part the audit read back while this upload ran: its rows are checked now the batch is free.
      void this.checkSettledInAudit()
    }
  }

  /**
   * The audit settled an upload request's row by its own read-back (the console answering again, or the
   * read of the rows an earlier run left Unknown): the batch rows that request left "to check" are settled
   * by the batch's own Check at once, the same read of the console's cards, so Import says what the Audit
   * says and never offers "Check 500 rows" for a part the Audit calls Done. A batch being uploaded is
   * checked when its upload ends; a Check that fails (the console down again, another console active)
   * leaves the rows to check, as pressing Check would. Never throws.
   */
  async auditRowSettled(auditRowId: string): Promise<void> {
    this.settledInAudit.add(auditRowId)
    await this.checkSettledInAudit()
  }

  private async checkSettledInAudit(): Promise<void> {
    if (this.settledInAudit.size === 0) return
    const { records } = await this.files.all().catch(() => ({ records: [] as LoadedBatch[] }))
    for (const batch of records) {
      if (batch.upload) continue
      const linked = batch.model.rows.some(
        (row) => row.status === 'unknown' && this.settledInAudit.has(this.auditRows.get(row.id) ?? '')
      )
      if (linked) await this.check(batch.model.meta.id).catch(() => undefined)
    }
    // Forget the audit rows no row to check links any more (the Check settled them, or they were deleted).
    const open = new Set(this.auditRows.values())
    for (const id of this.settledInAudit) if (!open.has(id)) this.settledInAudit.delete(id)
  }

  /** A batch Check or Upload may work on: a console is configured and no upload of this batch runs now. */
  private async sendable(batchId: string): Promise<{ batch: LoadedBatch; client: () => Promise<BatchConsole> }> {
    const batch = await this.loaded(batchId)
    const client = this.deps.client
    if (!client) throw noConsole()
    if (batch.upload) {
      throw new AppError({
        kind: 'conflict',
        code: 'UPLOAD_RUNNING',
        message: 'This batch is being uploaded already.',
        details: { said: 'already' }
      })
    }
    return { batch, client }
  }

  private refuseWhileUploading(batch: LoadedBatch): void {
    if (batch.upload) {
      throw new AppError({
        kind: 'conflict',
        code: 'UPLOAD_RUNNING',
        message: 'The batch is being uploaded; wait for the upload to finish before changing its rows.',
        details: { said: 'changing' }
      })
    }
  }

  /** Stop uploads (their unanswered rows become `unknown`) and close the journals. */
  async close(): Promise<void> {
    const uploads = this.files.held().flatMap((b) => (b.upload ? [b.upload] : []))
    for (const u of uploads) u.controller.abort()
    await Promise.allSettled(uploads.map((u) => u.done))
    this.closed = true
    await this.files.close()
  }
}

/** All digits written with separators or 0x: hex by its form, no decimal reading (schemas.ts `hexByForm`). */
function hexByForm(written: string, hex: string): boolean {
  return isAllDigits(hex) && writtenDigitsReading(written) === undefined
}

function now(): string {
  return new Date().toISOString()
}

const PREVIEW_TIMEOUT_MS = 5_000
const CARDS_CACHE_MS = 60_000

function noConsole(): AppError {
  return new AppError({ kind: 'unsupported', code: 'NO_CONSOLE', message: 'No console is configured for uploading.' })
}

function findRow(batch: LoadedBatch, rowId: string): BatchRow {
  const row = batch.model.byId.get(rowId)
  if (!row)
    throw new AppError({ kind: 'not-found', code: 'ROW_NOT_FOUND', message: 'This row is no longer in the batch.' })
  return row
}

function checkAlias(alias: string): void {
  const parsed = aliasSchema.safeParse(alias)
  if (!parsed.success) {
    throw new AppError({
      kind: 'validation',
      code: 'ALIAS_INVALID',
      message: parsed.error.issues[0]?.message ?? 'Invalid alias.',
      details: { said: aliasRuleOf[parsed.error.issues[0]?.message ?? ''] ?? 'unknown' }
    })
  }
}

/**
 * A typed ID the console holds already, or a typed alias a console card uses: refused before it is
 * added, as a CSV preview leaves such a line out (the upload would fail on it). The ID stays typed,
 * and the message quotes it as typed (`sent` is what the batch would send: the console may hold either).
 */
function refuseHeldOnConsole(
  cards: ConsoleCards,
  typed: string,
  sent: string,
  alias: string | undefined
): ConsoleUnsure | undefined {
  const found = cards.lookup(sent)
  const card = found.card
  if (card) {
    const heldAs = found.heldAs
    throw new AppError({
      kind: 'conflict',
      code: 'NFC_ID_ON_CONSOLE',
      message: `${typed} is already on the console as card ${cardName(card)}${card.alias ? ` ("${card.alias}")` : ''}${heldAs === typed ? '' : ` (as ${heldAs}, the other byte order)`}: not added to the batch.`,
      hint: 'A card the console holds is not imported again: find it on the Cards screen.',
      details: {
        typed,
        card: cardName(card),
        alias: card.alias ?? '',
        hasAlias: card.alias ? 'yes' : 'no',
        heldAs,
        reversed: heldAs === typed ? 'no' : 'yes'
      }
    })
  }
  const aliasHolder = alias ? cards.byAlias(alias) : undefined
  if (aliasHolder) {
    throw new AppError({
      kind: 'conflict',
      code: 'ALIAS_ON_CONSOLE',
      message: `The alias "${alias}" is already used on the console by card ${cardName(aliasHolder)}; aliases must be unique.`,
      hint: 'Type another alias, or leave it empty.',
      details: { alias: alias!, card: cardName(aliasHolder) }
    })
  }
  return found.unsure === undefined ? undefined : cards.unsureCounts()
}

/** A switch of byte order would turn rows that are (or may be) on the console already: refused, saying why. */
function refuseTurnOfSentRows(batch: LoadedBatch): void {
  const sent = batch.model.rows.filter(
    (r) => r.status === 'imported' || r.status === 'unknown' || r.status === 'sending'
  )
  if (sent.length === 0) return
  const order = batch.model.meta.byteOrder === 'reversed' ? 'reversed' : 'as read'
  throw new AppError({
    kind: 'conflict',
    code: 'BYTE_ORDER_LOCKED',
    message: `${sent.length === 1 ? '1 card' : `${sent.length} cards`} of this batch ${sent.length === 1 ? 'is' : 'are'} (or may be) on the console with ${sent.length === 1 ? 'its' : 'their'} bytes ${order}: the batch's byte order cannot change any more, since it applies to all its rows.`,
    hint: 'Put cards to be sent in the other byte order in a new batch.',
    details: { count: sent.length, order: batch.model.meta.byteOrder === 'reversed' ? 'reversed' : 'asRead' }
  })
}

function aliasTaken(alias: string): AppError {
  return new AppError({
    kind: 'conflict',
    code: 'ALIAS_TAKEN',
    message: `Another row of this batch is called "${alias}"; the console needs unique aliases.`,
    details: { alias }
  })
}

/**
 * A reader's 4-byte UID starting with 08 is made anew at every tap: imported, it would never match
 * the card again. Typed IDs are not refused for it (a badge may print a fixed UID reversed).
 */
function randomUid(): AppError {
  return new AppError({
    kind: 'validation',
    code: 'NFC_ID_RANDOM',
    message:
      'Random UID: this card (or phone) shows a new ID at every tap, so an imported ID would never match it again.',
    hint: 'Collect cards with a fixed UID; a phone or a card with a random ID cannot be imported by its UID.'
  })
}
