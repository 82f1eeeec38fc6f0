import { mkdir, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import { syncDir } from '../../../node/atomic-file'
import { Journal, type JournalFormat } from './journal'
import { Lazy } from './lazy'
import { WriteLock } from './write-lock'

const EXT = '.jsonl'

/** A file of the directory that could not be read: listed, and kept on disk as it is. */
export interface Unreadable {
  file: string
  message: string
}

/** What memory holds of one file: its journal, and the lock its changes take turns on. */
export interface JournalFile<E> {
  readonly journal: Journal<E>
  readonly lock: WriteLock
}

export interface JournalDirectoryOptions<E, T extends JournalFile<E>> {
  /** The folder: `<dataDir>/batches`, `<dataDir>/rosters`. */
  dir: string
  format: JournalFormat<E>
  /**
   * Rebuild one file's record from its replayed entries. It may append to the journal (a run the
   * previous process left open is closed); throwing lists the file as unreadable.
   */
  open: (file: JournalFile<E>, entries: E[]) => T | Promise<T>
  /** The id a record is asked for by (its file is `<id>.jsonl` when made here). */
  idOf: (record: T) => string
  /** Said when an id is asked for that the folder does not hold. */
  notFound: () => AppError
}

/**
 * A folder of journals, one per record (a batch, a roster), read once at first use. A file that
 * cannot be read (a damaged line, not a record) is listed as unreadable and left as it is; the
 * others load. A torn last line (a crash mid-write) is not damage: the journal's replay drops it.
 */
export class JournalDirectory<E, T extends JournalFile<E>> {
  readonly dir: string
  private readonly records = new Map<string, T>()
  private unreadable: Unreadable[] = []
  private readonly loaded = new Lazy(() => this.loadAll())

  constructor(private readonly options: JournalDirectoryOptions<E, T>) {
    this.dir = options.dir
  }

  private async loadAll(): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const files = (await readdir(this.dir)).filter((f) => f.endsWith(EXT) && !f.startsWith('.'))
    for (const file of files) {
      try {
        const { journal, entries } = await Journal.replay(join(this.dir, file), this.options.format)
        const record = await this.options.open({ journal, lock: new WriteLock() }, entries)
        this.records.set(this.options.idOf(record), record)
      } catch (err) {
        this.unreadable.push({ file, message: AppError.from(err).message })
      }
    }
  }

  async all(): Promise<{ records: T[]; unreadable: Unreadable[] }> {
    await this.loaded.get()
    return { records: [...this.records.values()], unreadable: [...this.unreadable] }
  }

  /** The records in memory now, without loading (none before first use). */
  held(): T[] {
    return [...this.records.values()]
  }

  async get(id: string): Promise<T> {
    await this.loaded.get()
    const record = this.records.get(id)
    if (!record) throw this.options.notFound()
    return record
  }

  /** A new file `<id>.jsonl` holding `entries`, on disk whole (or not at all) before this resolves. */
  async create(id: string, entries: NoInfer<E>[], make: (file: JournalFile<E>) => T): Promise<T> {
    await this.loaded.get()
    const journal = await Journal.create<E>(join(this.dir, id + EXT), entries, this.options.format)
    const record = make({ journal, lock: new WriteLock() })
    this.records.set(id, record)
    return record
  }

  /** Run `task` after every earlier change of this record: changes of one file never interleave. */
  exclusive<R>(record: T, task: () => Promise<R>): Promise<R> {
    return record.lock.run(task)
  }

  /** Close the record's journal and delete its file; gone from the folder before this resolves. */
  async remove(id: string): Promise<void> {
    const record = await this.get(id)
    await record.journal.close()
    await unlink(record.journal.path).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err
    })
    this.records.delete(id)
    await syncDir(this.dir)
  }

  /** Close every journal once the changes already queued on it are done. */
  async close(): Promise<void> {
    const records = [...this.records.values()]
    await Promise.allSettled(records.map((r) => r.lock.idle().then(() => r.journal.close())))
  }
}
