import { open, readFile, truncate, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { AppError } from '../../../shared/errors'
import { parseJson } from '../../../shared/json'
import { writeFileAtomic } from '../../../node/atomic-file'
import { journalEntrySchema, type JournalEntry } from './journal-entries'

const NEWLINE = 0x0a

/**
 * An append-only JSON-lines file whose every append is fsynced before it resolves: a line that
 * was acknowledged survives a crash or `kill -9`. A crash mid-write can only tear the last line;
 * replay drops it (it was never acknowledged) and cuts it off so later appends start clean.
 */
export class Journal {
  private handle: FileHandle | undefined
  private queue: Promise<unknown> = Promise.resolve()

  private constructor(readonly path: string) {}

  /** Read and parse every complete line. Throws a storage AppError if a complete line is damaged. */
  static async replay(path: string): Promise<{ journal: Journal; entries: JournalEntry[] }> {
    const buffer = await readFile(path)
    const entries: JournalEntry[] = []
    let start = 0
    let line = 1
    for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
      if (end > start) entries.push(parseLine(path, line, buffer.toString('utf8', start, end)))
      start = end + 1
      line++
    }
    if (start < buffer.length) await truncate(path, start)
    return { journal: new Journal(path), entries }
  }

  /** A new journal whose first line is `entry`; the file appears whole or not at all. */
  static async create(path: string, entries: JournalEntry[]): Promise<Journal> {
    await writeFileAtomic(path, serialise(entries))
    return new Journal(path)
  }

  /** Replace the whole file (compaction) atomically. */
  async rewrite(entries: JournalEntry[]): Promise<void> {
    await this.run(async () => {
      await this.closeHandle()
      await writeFileAtomic(this.path, serialise(entries))
    })
  }

  /**
   * Append entries, fsync, then resolve. Appends run one after another. A write can store part of
   * its bytes (disk nearly full) or fail midway: every byte is written, and on any failure the file
   * is cut back to where it was, so a later append never lands behind a torn line.
   */
  append(...entries: JournalEntry[]): Promise<void> {
    return this.run(async () => {
      this.handle ??= await open(this.path, 'a')
      const handle = this.handle
      const before = (await handle.stat()).size
      const bytes = Buffer.from(serialise(entries), 'utf8')
      try {
        for (let offset = 0; offset < bytes.length;) {
          const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset)
          offset += bytesWritten
        }
        await handle.datasync()
      } catch (err) {
        await handle.truncate(before).catch(() => undefined)
        await this.closeHandle().catch(() => undefined)
        throw err
      }
    })
  }

  async close(): Promise<void> {
    await this.run(() => this.closeHandle())
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    await handle?.close()
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task, task)
    this.queue = result.catch(() => undefined)
    return result.catch((err: unknown) => {
      if (err instanceof AppError) throw err
      throw new AppError({
        kind: 'storage',
        code: 'BATCH_WRITE_FAILED',
        message: `The batch could not be saved: ${(err as Error).message}`,
        hint: `Check free space and permissions of ${dirname(this.path)}. The last change was not saved.`,
        retryable: true
      })
    })
  }
}

function serialise(entries: JournalEntry[]): string {
  let text = ''
  for (const entry of entries) text += JSON.stringify(entry) + '\n'
  return text
}

function parseLine(path: string, line: number, text: string): JournalEntry {
  const parsed = parseJson(journalEntrySchema, text)
  if (parsed.success) return parsed.data
  throw new AppError({
    kind: 'storage',
    code: 'BATCH_DAMAGED',
    message: `Line ${line} of ${path} is damaged; the batch was not loaded.`,
    hint: 'Keep a copy of the file and report it. Other batches are not affected.',
    details: { path, line }
  })
}
