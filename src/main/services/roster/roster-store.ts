import { mkdir, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import { syncDir } from '../../../node/atomic-file'
import { Journal } from '../batches/journal'
import { rosterJournalFormat, type RosterCreate, type RosterEntry } from './roster-entries'
import { RosterModel } from './roster-model'

const EXT = '.jsonl'

export interface LoadedRoster {
  model: RosterModel
  journal: Journal<RosterEntry>
  /** Changes of one roster run one after another. */
  lock: Promise<unknown>
  /** Entries waiting for the append in flight to end: they go to disk together (one fsync). */
  group?: { entries: RosterEntry[]; done: Promise<void> } | undefined
  writing?: Promise<unknown>
}

export interface Unreadable {
  file: string
  message: string
}

/**
 * Rosters on disk: one journal per roster in `<dataDir>/rosters/<id>.jsonl`, read once at first use.
 * A file that cannot be read is listed as unreadable and kept as it is; the others load.
 */
export class RosterStore {
  private loading: Promise<void> | undefined
  private readonly rosters = new Map<string, LoadedRoster>()
  private unreadable: Unreadable[] = []

  constructor(readonly dir: string) {}

  private load(): Promise<void> {
    this.loading ??= this.loadAll().catch((err: unknown) => {
      this.loading = undefined
      throw err
    })
    return this.loading
  }

  private async loadAll(): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const files = (await readdir(this.dir)).filter((f) => f.endsWith(EXT) && !f.startsWith('.'))
    for (const file of files) {
      try {
        const { journal, entries } = await Journal.replay(join(this.dir, file), rosterJournalFormat)
        const model = RosterModel.replay(entries)
        this.rosters.set(model.meta.id, { model, journal, lock: Promise.resolve() })
      } catch (err) {
        const error = AppError.from(err)
        this.unreadable.push({ file, message: error.message })
      }
    }
  }

  async all(): Promise<{ rosters: LoadedRoster[]; unreadable: Unreadable[] }> {
    await this.load()
    return { rosters: [...this.rosters.values()], unreadable: [...this.unreadable] }
  }

  async get(id: string): Promise<LoadedRoster> {
    await this.load()
    const roster = this.rosters.get(id)
    if (!roster) {
      throw new AppError({
        kind: 'not-found',
        code: 'ROSTER_NOT_FOUND',
        message: 'This roster does not exist (deleted?).',
        hint: 'Reload the list of rosters.'
      })
    }
    return roster
  }

  async create(first: RosterCreate): Promise<LoadedRoster> {
    await this.load()
    const path = join(this.dir, first.meta.id + EXT)
    const journal = await Journal.create<RosterEntry>(path, [first], rosterJournalFormat)
    const roster: LoadedRoster = { model: new RosterModel(first), journal, lock: Promise.resolve() }
    this.rosters.set(first.meta.id, roster)
    return roster
  }

  /** Run `task` after every earlier change of this roster. */
  exclusive<T>(roster: LoadedRoster, task: () => Promise<T>): Promise<T> {
    const result = roster.lock.then(task, task)
    roster.lock = result.catch(() => undefined)
    return result
  }

  /**
   * Write entries durably, then apply them to memory; resolves once they are on disk. Entries
   * committed while an earlier append is being fsynced are appended together after it (group
   * commit): a run's rows in flight share one fsync instead of queueing one each, and each caller
   * still goes on only once its own entries are on disk.
   */
  commit(roster: LoadedRoster, ...entries: RosterEntry[]): Promise<void> {
    let group = roster.group
    if (!group) {
      const created: { entries: RosterEntry[]; done: Promise<void> } = { entries: [], done: Promise.resolve() }
      created.done = (async () => {
        await roster.writing
        // From here on, new entries form the next group.
        if (roster.group === created) roster.group = undefined
        await roster.journal.append(...created.entries)
        for (const entry of created.entries) roster.model.apply(entry)
      })()
      roster.writing = created.done.catch(() => undefined)
      roster.group = group = created
    }
    group.entries.push(...entries)
    return group.done
  }

  async remove(id: string): Promise<void> {
    const roster = await this.get(id)
    await roster.journal.close()
    this.rosters.delete(id)
    await unlink(roster.journal.path).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err
    })
    await syncDir(this.dir).catch(() => undefined)
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.rosters.values()].map((r) => r.journal.close()))
  }
}
