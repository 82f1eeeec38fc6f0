import type { BatchConsoleRef, UploadProgress } from '../../../shared/batches/schemas'
import type { BatchModel } from './batch-model'
import type { ConsoleCards } from './console-cards'
import type { JournalFile } from '../storage/journal-directory'
import type { JournalEntry } from './journal-entries'

/** A loaded batch: its model, its journal and the lock that keeps its changes in order. */
export interface LoadedBatch extends JournalFile<JournalEntry> {
  model: BatchModel
  upload?: { controller: AbortController; done: Promise<unknown> }
}

/** What an upload needs of the batch service that runs it: ordered, durable changes and the console's cards. */
export interface BatchWrites {
  /** Run `task` after every earlier change of this batch; changes never interleave. */
  exclusive<T>(batch: LoadedBatch, task: () => Promise<T>): Promise<T>
  /** Write entries durably, then apply them to memory and tell the renderer. */
  commit(batch: LoadedBatch, ...entries: JournalEntry[]): Promise<void>
  emitProgress(progress: UploadProgress): void
  consoleCards(active: BatchConsoleRef | null, fresh: boolean): Promise<ConsoleCards>
  forgetConsoleCards(): void
}
