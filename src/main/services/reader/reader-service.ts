import type { ReaderCard, ReaderStatus } from '../../../shared/reader/schemas'
import type { Emit } from '../events'
import type { KeyValueStore } from '../storage/key-value-store'
import type { ForkHost } from './host-process'
import { ReaderSupervisor } from './supervisor'

const SELECTED_KEY = 'reader.selected'

export interface ReaderServiceDeps {
  store: KeyValueStore
  forkHost: ForkHost
  emit: Emit
  /** Each tap (see ReaderSupervisorOptions.onCard). */
  onCard?: (card: ReaderCard) => void
}

/**
 * The local USB reader: the supervised reader process, and the reader chosen in settings, kept
 * across starts. Nothing runs until the first call: no PC/SC at app start-up.
 */
export class ReaderService {
  private readonly supervisor: ReaderSupervisor

  constructor(private readonly deps: ReaderServiceDeps) {
    const stored = deps.store.get(SELECTED_KEY)
    this.supervisor = new ReaderSupervisor({
      forkHost: deps.forkHost,
      emit: deps.emit,
      ...(deps.onCard ? { onCard: deps.onCard } : {}),
      ...(typeof stored === 'string' && stored ? { selected: stored } : {})
    })
  }

  status(): ReaderStatus {
    return this.supervisor.status()
  }

  select(reader: string | null): ReaderStatus {
    this.deps.store.set(SELECTED_KEY, reader ?? '')
    return this.supervisor.select(reader)
  }

  /** Light/beep the reader; false where it cannot (no LED command, card gone). */
  feedback(reader: string, kind: 'new' | 'duplicate'): Promise<boolean> {
    return this.supervisor.feedback(reader, kind)
  }

  stop(): Promise<void> {
    return this.supervisor.stop()
  }
}
