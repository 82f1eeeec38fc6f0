import { AppError } from '../../../shared/errors'
import { keptError } from '../access/kept-error'
import type { TapOutcome } from '../../../shared/batches/tap'
import type { ReaderCard } from '../../../shared/reader/schemas'
import type { Emit } from '../events'
import type { BatchService } from './batch-service'

export interface ScanSessionDeps {
  /** The batch's rules for a tap: byte order, duplicates, random UIDs; answers once on disk. */
  batches: Pick<BatchService, 'addScan' | 'get'>
  /** The reader's light/beep for a new or a duplicate card (a courtesy: it may not play). */
  beep: (reader: string, kind: 'new' | 'duplicate') => Promise<boolean>
  emit: Emit
}

/**
 * Taps on the USB reader, handled once, in main: each goes into the batch the screen has open
 * (`select`), the reader beeps for a new or a duplicate card, and the outcome goes to the renderer
 * as a `batches.tap` event, sent only after the row is on disk (journal, fsync).
 */
export class ScanSession {
  private batchId: string | null = null

  constructor(private readonly deps: ScanSessionDeps) {}

  get openBatch(): string | null {
    return this.batchId
  }

  /** Taps go into this batch from now on (null: none). An unknown batch is refused and none is open. */
  async select(batchId: string | null): Promise<{ batchId: string | null }> {
    // Set at once: a later select that answers first must not be overwritten by this one.
    this.batchId = batchId
    if (batchId === null) return { batchId }
    try {
      await this.deps.batches.get(batchId)
    } catch (err) {
      if (this.batchId === batchId) this.batchId = null
      throw err
    }
    return { batchId }
  }

  /** A reader.card: added, duplicate, refused (with why) or no batch open; told to the renderer. */
  async tap(card: ReaderCard): Promise<TapOutcome> {
    const batchId = this.batchId
    const outcome = await this.outcome(batchId, card)
    this.deps.emit('batches.tap', { reader: card.reader, uid: card.uid, at: card.at, batchId, outcome })
    return outcome
  }

  private async outcome(batchId: string | null, card: ReaderCard): Promise<TapOutcome> {
    if (!batchId) return { kind: 'no-batch' }
    // The supervisor's reading of the UID already says why a length cannot be an NFC ID.
    if (card.problem)
      return { kind: 'refused', message: card.problem, ...(card.problemSaid && { problem: card.problemSaid }) }
    try {
      const { row, duplicate } = await this.deps.batches.addScan(batchId, card.uid, undefined, 'scan')
      // Feedback is a courtesy of readers that can beep; never let it hold back or hide the result.
      this.deps.beep(card.reader, duplicate ? 'duplicate' : 'new').catch(() => undefined)
      return { kind: duplicate ? 'duplicate' : 'added', alias: row.alias, nfcId: row.nfcId }
    } catch (err) {
      const error = AppError.from(err)
      // The open batch was deleted (here or at another window): taps go nowhere until one is opened.
      if (error.code === 'BATCH_NOT_FOUND' && this.batchId === batchId) {
        this.batchId = null
        return { kind: 'no-batch' }
      }
      // Kept with its facts (no console address: a refusal of the batch names none) for the desk's words.
      const kept = keptError(error, null)
      return { kind: 'refused', message: error.message, ...(kept && { error: kept }) }
    }
  }
}
