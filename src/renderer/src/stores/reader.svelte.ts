import type { ReaderCard, ReaderStatus } from '../../../shared/reader/schemas'
import type { TapOutcome, TapResult } from '../../../shared/batches/tap'
import { getApi } from '../lib/api'
import { AppError } from '../../../shared/errors'
import { onMainRestart } from '../lib/main-restarts'

/** How main handled a tap (the scan session): shown next to the tap. */
export type { TapOutcome }

export interface Tap {
  key: string
  card: ReaderCard
  outcome?: TapOutcome
  /** The batch main gave the tap to (null: none open), known with its outcome. */
  batchId?: string | null
}

const KEEP_TAPS = 30

/** The local USB reader: its status and the cards tapped on it, newest first. */
export class ReaderStore {
  status = $state.raw<ReaderStatus | null>(null)
  error = $state<AppError | null>(null)
  taps = $state.raw<Tap[]>([])
  /** The reader a card is on right now (cleared by reader.removed). */
  present = $state<string | null>(null)
  private seq = 0
  /** This tab asked main for the reader (which starts main's reader host): a restarted main must run it again. */
  private asked = false
  /** Whether taps are being kept (a batch is open: startTapRouting says so); the host must run then too. */
  keepingTaps: () => boolean = () => false

  async load(): Promise<void> {
    this.asked = true
    this.error = null
    try {
      this.status = await getApi().reader.status()
      // Removals while the screen was closed were not heard.
      this.present = null
    } catch (err) {
      this.error = AppError.from(err)
    }
  }

  /**
   * Subscribe to the reader's events: a tap is shown as it arrives, and its outcome once main has
   * handled it (batches.tap: added to the open batch, already there, refused, or no batch open).
   */
  listen(): () => void {
    const api = getApi()
    const offs = [
      api.on('reader.status', (s) => (this.status = s)),
      api.on('reader.card', (card) => {
        const tap: Tap = { key: `${card.at}-${++this.seq}`, card }
        this.taps = [tap, ...this.taps].slice(0, KEEP_TAPS)
        this.present = card.reader
      }),
      api.on('reader.removed', () => (this.present = null)),
      api.on('batches.tap', (result) => this.settle(result))
    ]
    return () => offs.forEach((off) => off())
  }

  /** The outcome goes to the newest tap of that card, on that reader, at that time, still unsettled. */
  settle(result: TapResult): void {
    const { reader, uid, at, outcome } = result
    const key = this.taps.find(
      (t) => !t.outcome && t.card.reader === reader && t.card.uid === uid && t.card.at === at
    )?.key
    if (key) this.taps = this.taps.map((t) => (t.key === key ? { ...t, outcome, batchId: result.batchId } : t))
  }

  /**
   * The newest tap main gave to this batch: what a batch says of "the last card" is its own, never
   * a card another batch took (a tap not yet answered belongs to none yet).
   */
  lastTapIn(batchId: string): Tap | undefined {
    return this.taps.find((t) => t.batchId === batchId)
  }

  async select(reader: string | null): Promise<void> {
    this.error = null
    try {
      this.status = await getApi().reader.select({ reader })
    } catch (err) {
      this.error = AppError.from(err)
    }
  }

  /**
   * After a restart of main (lib/main-restarts.ts): its reader host is gone until asked for again,
   * and the status shown is the old main's ("Ready" of a host that no longer runs): read it anew.
   */
  async reestablish(): Promise<void> {
    if (!this.asked && !this.keepingTaps()) return
    this.status = null
    this.present = null
    await this.load()
  }

  clearTaps(): void {
    this.taps = []
  }
}

export const readerStore = new ReaderStore()
onMainRestart('reader', () => readerStore.reestablish())
