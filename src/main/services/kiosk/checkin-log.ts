import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { kioskCheckinSchema, type KioskCheckin } from '../../../shared/kiosk/schemas'
import { readJsonFile, writeJsonFile } from '../badges/json-file'

const fileSchema = z.object({ version: z.literal(1), entries: z.array(kioskCheckinSchema) })

/** Months of a busy lobby; the oldest go first. */
export const CHECKIN_LIMIT = 10_000

/**
 * Every kiosk check-in: when, who, and whether the badge came out (or why not). Written with an
 * atomic write + fsync before the kiosk tells the visitor anything, serialised so two kiosks' quick
 * check-ins (web mode: two tabs) never lose one another.
 */
export class CheckinLog {
  private readonly path: string
  private entries: KioskCheckin[] | undefined
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date()
  ) {
    this.path = join(dataDir, 'kiosk', 'checkins.json')
  }

  private async load(): Promise<KioskCheckin[]> {
    this.entries ??= (
      await readJsonFile(this.path, fileSchema, () => ({ version: 1 as const, entries: [] }))
    ).value.entries
    return this.entries
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn)
    this.queue = run.catch(() => undefined)
    return run
  }

  list(limit = 100): Promise<KioskCheckin[]> {
    return this.serial(async () => (await this.load()).slice(-limit).reverse())
  }

  record(input: Omit<KioskCheckin, 'id' | 'at'>): Promise<KioskCheckin> {
    return this.serial(async () => {
      const entries = await this.load()
      const entry = kioskCheckinSchema.parse({ ...input, id: randomUUID(), at: this.now().toISOString() })
      const next = [...entries, entry].slice(-CHECKIN_LIMIT)
      await writeJsonFile(this.path, { version: 1, entries: next })
      this.entries = next
      return entry
    })
  }
}
