import { AppError } from '../../../shared/errors'
import { JournalDirectory, type JournalFile, type Unreadable } from '../storage/journal-directory'
import { rosterJournalFormat, type RosterCreate, type RosterEntry } from './roster-entries'
import { RosterModel } from './roster-model'

export type { Unreadable }

export interface LoadedRoster extends JournalFile<RosterEntry> {
  model: RosterModel
  /** Entries waiting for the append in flight to end: they go to disk together (one fsync). */
  group?: { entries: RosterEntry[]; done: Promise<void> } | undefined
  writing?: Promise<unknown>
}

/**
 * Rosters on disk: one journal per roster in `<dataDir>/rosters/<id>.jsonl` (storage/journal-directory.ts:
 * read once at first use, a file that cannot be read listed as unreadable and kept as it is). What is
 * roster's own here is the group commit.
 */
export class RosterJournal {
  private readonly files: JournalDirectory<RosterEntry, LoadedRoster>

  constructor(readonly dir: string) {
    this.files = new JournalDirectory({
      dir,
      format: rosterJournalFormat,
      open: (file, entries) => ({ ...file, model: RosterModel.replay(entries) }),
      idOf: (roster) => roster.model.meta.id,
      notFound: () =>
        new AppError({
          kind: 'not-found',
          code: 'ROSTER_NOT_FOUND',
          message: 'This roster does not exist (deleted?).',
          hint: 'Reload the list of rosters.'
        })
    })
  }

  async all(): Promise<{ rosters: LoadedRoster[]; unreadable: Unreadable[] }> {
    const { records, unreadable } = await this.files.all()
    return { rosters: records, unreadable }
  }

  get(id: string): Promise<LoadedRoster> {
    return this.files.get(id)
  }

  create(first: RosterCreate): Promise<LoadedRoster> {
    return this.files.create(first.meta.id, [first], (file) => ({ ...file, model: new RosterModel(first) }))
  }

  /** Run `task` after every earlier change of this roster. */
  exclusive<T>(roster: LoadedRoster, task: () => Promise<T>): Promise<T> {
    return this.files.exclusive(roster, task)
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

  remove(id: string): Promise<void> {
    return this.files.remove(id)
  }

  close(): Promise<void> {
    return this.files.close()
  }
}
