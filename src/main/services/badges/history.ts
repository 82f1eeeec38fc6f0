import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import {
  badgeHistoryEntrySchema,
  type BadgeHistoryEntry,
  type BadgeJob,
  type BadgeOutput
} from '../../../shared/badges/schemas'
import { DurableList, type ConsoleScope } from '../storage/durable-list'
import { printFailureWords } from '../printing/printer-failure'

/** Enough for months at a desk; the oldest entries go first. */
export const HISTORY_LIMIT = 5000

export interface RecordInput {
  job: BadgeJob
  output: BadgeOutput
  printer?: string
  reprintOf?: string
  /** The printer's job, completed (IPP). */
  jobId?: number
  /** The printer did not print it: why, in words and as facts (notPrinted; BadgeHistoryEntry.failed). */
  failed?: BadgeHistoryEntry['failed']
}

/**
 * A print's failure as the history keeps it: main's English (the CLI's) and the same as facts, which
 * Badges words in the desk's language (printFailureWords: the one source of both, as the kiosk's log).
 */
export function notPrinted(err: unknown): NonNullable<BadgeHistoryEntry['failed']> {
  const words = printFailureWords(err)
  return { reason: words.desk, code: words.facts.code, message: words.visitor, facts: words.facts }
}

/**
 * The durable print history: every badge printed or saved, and every print a badge printer did not
 * finish (with its reason), written (atomic write + fsync) before the screen says it is done. Writes are serialised so two quick prints never lose one another.
 * Each print is kept with its console, and read on it only (storage/durable-list.ts).
 */
export class BadgeHistory {
  private readonly entries: DurableList<BadgeHistoryEntry>

  constructor(
    dataDir: string,
    scope: ConsoleScope,
    private readonly now: () => Date = () => new Date()
  ) {
    this.entries = new DurableList(
      join(dataDir, 'badges', 'history.json'),
      badgeHistoryEntrySchema,
      HISTORY_LIMIT,
      scope
    )
  }

  async list(limit = 100): Promise<BadgeHistoryEntry[]> {
    return this.entries.list(limit)
  }

  async get(id: string): Promise<BadgeHistoryEntry | undefined> {
    return this.entries.find((e) => e.id === id)
  }

  async record(input: RecordInput): Promise<BadgeHistoryEntry> {
    return this.entries.append({
      ...input.job,
      id: randomUUID(),
      printedAt: this.now().toISOString(),
      output: input.output,
      ...(input.printer ? { printer: input.printer } : {}),
      ...(input.reprintOf ? { reprintOf: input.reprintOf } : {}),
      ...(input.jobId !== undefined ? { jobId: input.jobId } : {}),
      ...(input.failed ? { failed: input.failed } : {})
    })
  }
}
