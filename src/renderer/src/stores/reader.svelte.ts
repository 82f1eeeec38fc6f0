import type { AppError } from '../../../shared/errors'
import type { ReaderCard, ReaderStatus } from '../../../shared/reader/schemas'
import { getApi } from '../lib/api'
import { toAppError } from '../lib/errors'

/** How a tap was handled by the Import screen: shown next to the tap. */
export type TapOutcome =
  | { kind: 'added'; alias: string; nfcId: string }
  | { kind: 'duplicate'; alias: string; nfcId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'no-batch' }

export interface Tap {
  key: string
  card: ReaderCard
  outcome?: TapOutcome
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

  async load(): Promise<void> {
    this.error = null
    try {
      this.status = await getApi().reader.status()
      // Removals while the screen was closed were not heard.
      this.present = null
    } catch (err) {
      this.error = toAppError(err)
    }
  }

  /** Subscribe to the reader's events; `ontap` decides what a tap does (the Import screen adds it to a batch). */
  listen(ontap: (tap: Tap) => void): () => void {
    const api = getApi()
    const offs = [
      api.on('reader.status', (s) => (this.status = s)),
      api.on('reader.card', (card) => {
        const tap: Tap = { key: `${card.at}-${++this.seq}`, card }
        this.taps = [tap, ...this.taps].slice(0, KEEP_TAPS)
        this.present = card.reader
        ontap(tap)
      }),
      api.on('reader.removed', () => (this.present = null))
    ]
    return () => offs.forEach((off) => off())
  }

  settle(key: string, outcome: TapOutcome): void {
    this.taps = this.taps.map((t) => (t.key === key ? { ...t, outcome } : t))
  }

  async select(reader: string | null): Promise<void> {
    this.error = null
    try {
      this.status = await getApi().reader.select({ reader })
    } catch (err) {
      this.error = toAppError(err)
    }
  }

  clearTaps(): void {
    this.taps = []
  }
}

export const readerStore = new ReaderStore()
