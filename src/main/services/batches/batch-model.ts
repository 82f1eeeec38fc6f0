import { rowReason } from './row-reasons'
import type { BatchDetail, BatchRow, BatchState, BatchSummary } from '../../../shared/batches/schemas'
import { cardKey, reverseBytes } from '../../../shared/nfc/card-identity'
import { inByteOrder } from '../../../shared/nfc/byte-order'
import type { BatchMeta, JournalEntry } from './journal-entries'

/**
 * A batch in memory: rows in scan order plus indexes by card and alias for duplicate checks. The
 * card index is keyed by `cardKey` (the UID in either byte order is one card): see card-identity.ts.
 * Only `apply` changes it, and only with entries already written to the journal, so memory never
 * claims more than the disk holds.
 */
export class BatchModel {
  rows: BatchRow[] = []
  readonly byId = new Map<string, BatchRow>()
  /** cardKey(row.nfcId) → the row: every duplicate check of the batch asks this index. */
  readonly byCard = new Map<string, BatchRow>()
  /** Rows per card key: more than one only in a batch written before cards were compared. */
  private readonly rowsOfCard = new Map<string, number>()
  readonly byAlias = new Map<string, BatchRow>()
  updatedAt: string
  /** Set while this process is uploading; never read back from disk. */
  uploadingNow = false
  /** An upload-start without its upload-end: the previous run stopped mid-upload. */
  private openUpload: string | undefined
  /**
   * Changes told to the renderer since the batch was loaded (batches.changed): each carries the
   * version it brings the batch to, so a renderer that missed one sees the gap and reads the batch
   * again. Counted in memory only: after a restart the renderer reads every batch again anyway.
   */
  version = 0
  /** Rows added, changed and removed by entries applied since the last `takeChanges`: what the next event carries. */
  private added = new Set<string>()
  private touched = new Set<string>()
  private removed = new Set<string>()

  constructor(public meta: BatchMeta) {
    this.updatedAt = meta.createdAt
  }

  static replay(entries: JournalEntry[]): BatchModel {
    const first = entries[0]
    if (!first || (first.t !== 'create' && first.t !== 'snapshot'))
      throw new Error('the journal does not start a batch')
    const model = new BatchModel(first.meta)
    for (const entry of entries) model.apply(entry)
    model.settleInterrupted()
    model.takeChanges()
    return model
  }

  apply(entry: JournalEntry): void {
    switch (entry.t) {
      case 'create':
        this.meta = entry.meta
        return
      case 'snapshot':
        this.meta = entry.meta
        this.rows = []
        this.byId.clear()
        this.byCard.clear()
        this.rowsOfCard.clear()
        this.byAlias.clear()
        for (const row of entry.rows) this.index({ ...row })
        this.updatedAt = entry.at
        return
      case 'meta':
        if (entry.name !== undefined) this.meta.name = entry.name
        if (entry.aliasPattern !== undefined) this.meta.aliasPattern = entry.aliasPattern
        if (entry.byteOrder !== undefined) this.meta.byteOrder = entry.byteOrder
        // The byte order is how every row is sent (shared/nfc/byte-order.ts): a row holds its ID as
        // sent, so a switch turns every row not yet sent (the service refuses the switch once a row
        // is or may be on the console). The cards are the same cards, so the card index holds.
        if (entry.reverseRows) {
          for (const row of this.rows) {
            if (row.status !== 'pending' && row.status !== 'failed') continue
            row.nfcId = reverseBytes(row.nfcId)
            this.retryIfFailed(row)
            this.touched.add(row.id)
          }
        }
        this.updatedAt = entry.at
        return
      case 'add':
        for (const row of entry.rows) {
          this.index({ ...row })
          this.updatedAt = row.addedAt
        }
        if (entry.nextNumber !== undefined) this.meta.nextNumber = Math.max(this.meta.nextNumber, entry.nextNumber)
        return
      case 'update': {
        const row = this.byId.get(entry.rowId)
        if (!row) return
        if (entry.nfcId !== undefined && entry.nfcId !== row.nfcId) {
          this.unindexCard(row)
          row.nfcId = entry.nfcId
          this.indexCard(row)
        }
        // How the new ID was written goes with it (an edit of the alias alone keeps it).
        if (entry.nfcId !== undefined) {
          if (entry.hexByForm) row.hexByForm = true
          else delete row.hexByForm
        }
        if (entry.alias !== undefined && entry.alias !== row.alias) {
          if (row.alias) this.byAlias.delete(row.alias)
          row.alias = entry.alias
          if (row.alias) this.byAlias.set(row.alias, row)
        }
        this.retryIfFailed(row)
        this.touched.add(row.id)
        this.updatedAt = entry.at
        return
      }
      case 'remove': {
        const gone = new Set(entry.rowIds)
        const removed: BatchRow[] = []
        for (const id of gone) {
          const row = this.byId.get(id)
          if (!row) continue
          this.byId.delete(id)
          removed.push(row)
          this.added.delete(id)
          this.touched.delete(id)
          this.removed.add(id)
          if (row.alias) this.byAlias.delete(row.alias)
        }
        this.rows = this.rows.filter((r) => !gone.has(r.id))
        // After the rows are gone: a card's other row (if any) is looked for among those left.
        for (const row of removed) this.unindexCard(row)
        this.updatedAt = entry.at
        return
      }
      case 'upload-start':
        this.settleInterrupted()
        this.openUpload = entry.uploadId
        this.updatedAt = entry.at
        return
      case 'sending':
        for (const id of entry.rowIds) {
          const row = this.byId.get(id)
          if (!row) continue
          row.status = 'sending'
          this.touched.add(id)
        }
        return
      case 'results':
        for (const result of entry.results) {
          const row = this.byId.get(result.rowId)
          if (!row) continue
          row.status = result.status
          // Back to pending (refused whole, or checked absent): a fixed failed row is still the
          // user's fix, and "Retry failed" must still send it.
          if (result.status !== 'pending') delete row.retry
          if (result.token) row.token = result.token
          else delete row.token
          if (result.displayId) row.displayId = result.displayId
          else delete row.displayId
          if (result.reason) row.reason = result.reason
          else delete row.reason
          if (result.reasonSaid) row.reasonSaid = result.reasonSaid
          else delete row.reasonSaid
          this.touched.add(row.id)
        }
        return
      case 'audit-row':
        // Which audit row the rows' check settles (check-settles-audit.ts): the rows themselves are unchanged.
        return
      case 'upload-end':
        this.settleInterrupted()
        this.openUpload = undefined
        this.updatedAt = entry.at
        return
      case 'console':
        this.meta.console = entry.console
        this.updatedAt = entry.at
        return
      case 'numbers':
        for (const [rowId, displayId] of entry.numbers) {
          const row = this.byId.get(rowId)
          if (row?.status !== 'imported') continue
          row.displayId = displayId
          this.touched.add(rowId)
        }
        return
    }
  }

  /**
   * The NFC ID this batch sends for an ID as entered (tapped, typed, edited or in a CSV): every row
   * of the batch is entered as a reader shows the UID and sent in the batch's order, whenever it was
   * added. Rows hold their ID as sent (what the upload, the export and the checks read).
   */
  sendAs(entered: string): string {
    return inByteOrder(entered, this.meta.byteOrder)
  }

  /** A row's NFC ID as it was entered: what messages about it quote. */
  entered(row: Pick<BatchRow, 'nfcId'>): string {
    return inByteOrder(row.nfcId, this.meta.byteOrder)
  }

  /** The batch's cards by card key, each with its ID as entered and its alias: what a CSV line is compared with. */
  get enteredCards(): { get(key: string): { nfcId: string; alias: string } | undefined } {
    return {
      get: (key) => {
        const row = this.byCard.get(key)
        return row && { nfcId: this.entered(row), alias: row.alias }
      }
    }
  }

  /** An edited (or turned) failed row is a new attempt: pending again, and "Retry failed" still sends it. */
  private retryIfFailed(row: BatchRow): void {
    if (row.status !== 'failed') return
    row.status = 'pending'
    row.retry = true
    delete row.reason
    delete row.reasonSaid
  }

  private indexCard(row: BatchRow): void {
    const key = cardKey(row.nfcId)
    this.rowsOfCard.set(key, (this.rowsOfCard.get(key) ?? 0) + 1)
    // The first row of a card keeps it (a batch from before cards were compared may hold one twice).
    if (!this.byCard.has(key)) this.byCard.set(key, row)
  }

  /**
   * A row no longer holds its card. A batch written before every check compared cards can hold
   * one card twice (in both byte orders): then the index goes to the other row still holding it.
   */
  private unindexCard(row: BatchRow): void {
    const key = cardKey(row.nfcId)
    const left = (this.rowsOfCard.get(key) ?? 1) - 1
    if (left > 0) this.rowsOfCard.set(key, left)
    else this.rowsOfCard.delete(key)
    if (this.byCard.get(key) !== row) return
    this.byCard.delete(key)
    if (left === 0) return
    const other = this.rows.find((r) => r !== row && cardKey(r.nfcId) === key)
    if (other) this.byCard.set(key, other)
  }

  /** Rows sent without an answer may or may not be on the console: mark them to check, never re-send. */
  private settleInterrupted(): void {
    for (const row of this.rows) {
      if (row.status === 'sending') {
        row.status = 'unknown'
        Object.assign(row, rowReason('interrupted'))
        this.touched.add(row.id)
      }
    }
  }

  get interruptedUpload(): boolean {
    return this.openUpload !== undefined && !this.uploadingNow
  }

  private index(row: BatchRow): void {
    this.added.add(row.id)
    this.rows.push(row)
    this.byId.set(row.id, row)
    this.indexCard(row)
    if (row.alias) this.byAlias.set(row.alias, row)
  }

  state(): BatchState {
    if (this.uploadingNow) return 'uploading'
    if (this.rows.length > 0 && this.rows.every((r) => r.status === 'imported')) return 'imported'
    if (this.rows.some((r) => r.status !== 'pending')) return 'partly-imported'
    return 'draft'
  }

  summary(): BatchSummary {
    const counts = { total: this.rows.length, pending: 0, imported: 0, failed: 0, unknown: 0 }
    for (const row of this.rows) {
      if (row.status === 'sending') counts.pending++
      else counts[row.status]++
    }
    return {
      id: this.meta.id,
      name: this.meta.name,
      aliasPattern: this.meta.aliasPattern,
      byteOrder: this.meta.byteOrder,
      nextNumber: this.meta.nextNumber,
      createdAt: this.meta.createdAt,
      updatedAt: this.updatedAt,
      state: this.state(),
      console: this.meta.console ?? null,
      counts
    }
  }

  /**
   * The rows changed since the last call, as they are now: added (new since), updated, removed
   * (their ids). A row added and changed since counts as added; one added and removed, as removed.
   * (A snapshot entry, read only at load, counts its rows as added: `replay` drops those.)
   */
  takeChanges(): { added: BatchRow[]; updated: BatchRow[]; removed: string[] } {
    const copies = (ids: Iterable<string>) => [...ids].flatMap((id) => this.rowCopy(id))
    const changes = {
      added: copies(this.added),
      updated: copies([...this.touched].filter((id) => !this.added.has(id))),
      removed: [...this.removed]
    }
    this.added = new Set()
    this.touched = new Set()
    this.removed = new Set()
    return changes
  }

  private rowCopy(id: string): BatchRow[] {
    const row = this.byId.get(id)
    return row ? [{ ...row }] : []
  }

  detail(): BatchDetail {
    return { ...this.summary(), rows: this.rows.map((r) => ({ ...r })) }
  }

  snapshot(at: string): JournalEntry {
    return { t: 'snapshot', v: 1, meta: { ...this.meta }, rows: this.rows.map((r) => ({ ...r })), at }
  }
}
