import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { readJsonFile, writeJsonFile } from './json-file'

/**
 * The console whose records are read and written now: the active profile's id (`ConsoleOwner.profileId`
 * of shared/console-owner.ts), null when no console is active.
 *
 * The profile id, not the certificate's fingerprint the audit names a console by: it is the key every
 * other record bound to a console uses (an import batch, a roster, Today's walk-in doors), it is what
 * "the active console" is, and it stays when a console's certificate is renewed and pinned again,
 * where a fingerprint would leave the desk's records of that console behind.
 */
export type ConsoleScope = () => Promise<string | null>

/** An entry as it is on disk: the record and the console it was made against (absent in older files). */
type Stored<T> = T & { console?: string | undefined }

/**
 * A capped list of one console's records in one JSON file (`{version: 1, entries}`), each append on
 * disk (atomic write + fsync) before it resolves, and every read and append serialised so two quick
 * appends never lose one another. The print history, the QR code log and the kiosk's check-ins are
 * kept this way.
 *
 * Every entry carries the console it was made against, and every read answers only the active
 * console's: a visitor id, a check-in or a printed badge of one console means nothing on another.
 * The scope is required, so no list can forget it. The cap is per console (its oldest go first), so
 * a busy console never pushes another's records out.
 */
export class DurableList<T> {
  private entries: Stored<T>[] | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private readonly fileSchema
  private readonly storedSchema: z.ZodType<Stored<T>>

  constructor(
    private readonly path: string,
    private readonly entrySchema: z.ZodType<T>,
    private readonly limit: number,
    private readonly scope: ConsoleScope
  ) {
    this.storedSchema = entrySchema.and(z.object({ console: z.string().min(1).optional() })) as z.ZodType<Stored<T>>
    this.fileSchema = z.object({ version: z.literal(1), entries: z.array(this.storedSchema) })
  }

  /**
   * The file's entries, older entries without a console bound to `owner` first. Files written before
   * entries carried their console hold one desk's records of the console it was on; the first read
   * comes when the desk opens its first screen after the update, on the console it was last on — the
   * one these records were most likely made against — so they are bound to it and written back, once,
   * and stay with it after a switch. None is dropped. Until a console is active they stay unbound
   * (and read by none).
   */
  private async load(owner: string | null): Promise<Stored<T>[]> {
    this.entries ??= (
      await readJsonFile(this.path, this.fileSchema, () => ({ version: 1 as const, entries: [] as Stored<T>[] }))
    ).value.entries as Stored<T>[]
    if (owner && this.entries.some((e) => !e.console)) {
      const bound = this.entries.map((e) => (e.console ? e : { ...e, console: owner }))
      await writeJsonFile(this.path, { version: 1, entries: bound })
      this.entries = bound
    }
    return this.entries
  }

  private serial<R>(fn: () => Promise<R>): Promise<R> {
    const run = this.queue.then(fn, fn)
    this.queue = run.catch(() => undefined)
    return run
  }

  /** The active console's entries, oldest first, as the caller sees them (without the console). */
  private async own(): Promise<T[]> {
    const owner = await this.scope()
    const entries = await this.load(owner)
    if (!owner) return []
    return entries.filter((e) => e.console === owner).map(({ console: _console, ...entry }) => entry as T)
  }

  /** The active console's newest `limit` entries, newest first. */
  list(limit = 100): Promise<T[]> {
    return this.serial(async () => (await this.own()).slice(-limit).reverse())
  }

  /** The active console's first entry that matches. */
  find(match: (entry: T) => boolean): Promise<T | undefined> {
    return this.serial(async () => (await this.own()).find(match))
  }

  /** Parse `input` as an entry of the active console, and resolve once it is on disk. */
  append(input: unknown): Promise<T> {
    return this.serial(async () => {
      const owner = await this.scope()
      // Every record is made against a console's answer; with none active there is nothing to keep it for.
      if (!owner) {
        throw new AppError({
          kind: 'validation',
          code: 'NO_CONNECTION',
          message: 'No console is selected.',
          hint: 'Add or choose a console in Settings → Connections.'
        })
      }
      const entries = await this.load(owner)
      const entry = this.entrySchema.parse(input)
      const next = capPerConsole([...entries, { ...entry, console: owner }], owner, this.limit)
      await writeJsonFile(this.path, { version: 1, entries: next })
      this.entries = next
      return entry
    })
  }
}

/** `entries` with `owner`'s oldest dropped beyond `limit`; other consoles' entries as they are. */
function capPerConsole<E extends { console?: string | undefined }>(entries: E[], owner: string, limit: number): E[] {
  let over = entries.filter((e) => e.console === owner).length - limit
  if (over <= 0) return entries
  return entries.filter((e) => e.console !== owner || over-- <= 0)
}
