import type { BatchDetail, BatchRow, BatchState, BatchSummary } from '../../../shared/batches/schemas'
import type { BatchMeta, JournalEntry } from './journal-entries'

/**
 * A batch in memory: rows in scan order plus indexes by NFC ID and alias for duplicate checks.
 * Only `apply` changes it, and only with entries already written to the journal, so memory never
 * claims more than the disk holds.
 */
export class BatchModel {
  rows: BatchRow[] = []
  readonly byId = new Map<string, BatchRow>()
  readonly byNfc = new Map<string, BatchRow>()
  readonly byAlias = new Map<string, BatchRow>()
  updatedAt: string
  /** Set while this process is uploading; never read back from disk. */
  uploadingNow = false
  /** An upload-start without its upload-end: the previous run stopped mid-upload. */
  private openUpload: string | undefined

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
        this.byNfc.clear()
        this.byAlias.clear()
        for (const row of entry.rows) this.index({ ...row })
        this.updatedAt = entry.at
        return
      case 'meta':
        if (entry.name !== undefined) this.meta.name = entry.name
        if (entry.aliasPattern !== undefined) this.meta.aliasPattern = entry.aliasPattern
        if (entry.byteOrder !== undefined) this.meta.byteOrder = entry.byteOrder
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
          this.byNfc.delete(row.nfcId)
          row.nfcId = entry.nfcId
          this.byNfc.set(row.nfcId, row)
        }
        if (entry.alias !== undefined && entry.alias !== row.alias) {
          if (row.alias) this.byAlias.delete(row.alias)
          row.alias = entry.alias
          if (row.alias) this.byAlias.set(row.alias, row)
        }
        // An edited failed row is a new attempt: it goes back to pending, and "Retry failed"
        // still sends it (it is the row the user fixed).
        if (row.status === 'failed') {
          row.status = 'pending'
          row.retry = true
          delete row.reason
        }
        this.updatedAt = entry.at
        return
      }
      case 'remove': {
        const gone = new Set(entry.rowIds)
        for (const id of gone) {
          const row = this.byId.get(id)
          if (!row) continue
          this.byId.delete(id)
          this.byNfc.delete(row.nfcId)
          if (row.alias) this.byAlias.delete(row.alias)
        }
        this.rows = this.rows.filter((r) => !gone.has(r.id))
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
          if (row) row.status = 'sending'
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
        }
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
          if (row?.status === 'imported') row.displayId = displayId
        }
        return
    }
  }

  /** Rows sent without an answer may or may not be on the console: mark them to check, never re-send. */
  private settleInterrupted(): void {
    for (const row of this.rows) {
      if (row.status === 'sending') {
        row.status = 'unknown'
        row.reason = 'The app stopped before the console answered: check on the console whether this card was imported.'
      }
    }
  }

  get interruptedUpload(): boolean {
    return this.openUpload !== undefined && !this.uploadingNow
  }

  private index(row: BatchRow): void {
    this.rows.push(row)
    this.byId.set(row.id, row)
    this.byNfc.set(row.nfcId, row)
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

  detail(): BatchDetail {
    return { ...this.summary(), rows: this.rows.map((r) => ({ ...r })) }
  }

  snapshot(at: string): JournalEntry {
    return { t: 'snapshot', v: 1, meta: { ...this.meta }, rows: this.rows.map((r) => ({ ...r })), at }
  }
}
