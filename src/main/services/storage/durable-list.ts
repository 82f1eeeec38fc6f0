import { z } from 'zod'
import { readJsonFile, writeJsonFile } from './json-file'

/**
 * A capped list of records in one JSON file (`{version: 1, entries}`), each append on disk (atomic
 * write + fsync) before it resolves, and every read and append serialised so two quick appends never
 * lose one another. The print history and the kiosk's check-ins are kept this way; the oldest go first.
 */
export class DurableList<T> {
  private entries: T[] | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private readonly fileSchema

  constructor(
    private readonly path: string,
    private readonly entrySchema: z.ZodType<T>,
    private readonly limit: number
  ) {
    this.fileSchema = z.object({ version: z.literal(1), entries: z.array(entrySchema) })
  }

  private async load(): Promise<T[]> {
    this.entries ??= (
      await readJsonFile(this.path, this.fileSchema, () => ({ version: 1 as const, entries: [] as T[] }))
    ).value.entries as T[]
    return this.entries
  }

  private serial<R>(fn: () => Promise<R>): Promise<R> {
    const run = this.queue.then(fn, fn)
    this.queue = run.catch(() => undefined)
    return run
  }

  /** The newest `limit` entries, newest first. */
  list(limit = 100): Promise<T[]> {
    return this.serial(async () => (await this.load()).slice(-limit).reverse())
  }

  find(match: (entry: T) => boolean): Promise<T | undefined> {
    return this.serial(async () => (await this.load()).find(match))
  }

  /** Parse `input` as an entry, and resolve once it is on disk. */
  append(input: unknown): Promise<T> {
    return this.serial(async () => {
      const entries = await this.load()
      const entry = this.entrySchema.parse(input)
      const next = [...entries, entry].slice(-this.limit)
      await writeJsonFile(this.path, { version: 1, entries: next })
      this.entries = next
      return entry
    })
  }
}
