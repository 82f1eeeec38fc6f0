import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import {
  badgeHistoryEntrySchema,
  type BadgeHistoryEntry,
  type BadgeJob,
  type BadgeOutput
} from '../../../shared/badges/schemas'
import { readJsonFile, writeJsonFile } from './json-file'

const historyFileSchema = z.object({ version: z.literal(1), entries: z.array(badgeHistoryEntrySchema) })

/** Enough for months at a desk; the oldest entries go first. */
export const HISTORY_LIMIT = 5000

export interface RecordInput {
  job: BadgeJob
  output: BadgeOutput
  printer?: string
  reprintOf?: string
}

/**
 * The durable print history: every badge printed or saved, written (atomic write + fsync) before
 * the screen says it is done. Writes are serialised so two quick prints never lose one another.
 */
export class BadgeHistory {
  private readonly path: string
  private entries: BadgeHistoryEntry[] | undefined
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date()
  ) {
    this.path = join(dataDir, 'badges', 'history.json')
  }

  private async load(): Promise<BadgeHistoryEntry[]> {
    this.entries ??= (
      await readJsonFile(this.path, historyFileSchema, () => ({ version: 1 as const, entries: [] }))
    ).value.entries
    return this.entries
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn)
    this.queue = run.catch(() => undefined)
    return run
  }

  async list(limit = 100): Promise<BadgeHistoryEntry[]> {
    return this.serial(async () => (await this.load()).slice(-limit).reverse())
  }

  async get(id: string): Promise<BadgeHistoryEntry | undefined> {
    return this.serial(async () => (await this.load()).find((e) => e.id === id))
  }

  async record(input: RecordInput): Promise<BadgeHistoryEntry> {
    return this.serial(async () => {
      const entries = await this.load()
      const entry: BadgeHistoryEntry = badgeHistoryEntrySchema.parse({
        ...input.job,
        id: randomUUID(),
        printedAt: this.now().toISOString(),
        output: input.output,
        ...(input.printer ? { printer: input.printer } : {}),
        ...(input.reprintOf ? { reprintOf: input.reprintOf } : {})
      })
      const next = [...entries, entry].slice(-HISTORY_LIMIT)
      await writeJsonFile(this.path, { version: 1, entries: next })
      this.entries = next
      return entry
    })
  }
}
