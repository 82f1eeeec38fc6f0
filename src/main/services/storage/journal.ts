import { open, readFile, stat, truncate, type FileHandle } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { parseJson } from '../../../shared/json'
import { writeFileAtomic } from '../../../node/atomic-file'
import { WriteLock } from './write-lock'

const NEWLINE = 0x0a

/**
 * What a journal's lines are and how its failures read. Each journal (batches, rosters, audit)
 * makes its own with `journalFormat`, so they all keep the same durability and say failures alike.
 */
export interface JournalFormat<E> {
  schema: z.ZodType<E>
  /** A write that failed: nothing of it is kept. */
  writeFailed: (path: string, cause: Error) => AppError
  /** A complete line that does not parse. */
  damaged: (path: string, line: number) => AppError
}

/**
 * The one way a journal's failures are worded, from what its file holds (`record`: "batch",
 * "roster"): `<RECORD>_WRITE_FAILED` ("The batch could not be saved: <cause>", what to check, then
 * `afterWrite`) and `<RECORD>_DAMAGED` ("Line n of <path> is damaged; the batch was not loaded.").
 */
export function journalFormat<E>(
  schema: z.ZodType<E>,
  record: string,
  words: {
    /** What happened to the change that could not be written, said after the advice. */
    afterWrite: string
    damagedHint?: string
    /** Instead of "The <record> could not be saved". */
    notSaved?: string
    /** false: a damaged line does not stop the record loading (its owner sets the file aside). */
    stopsLoading?: false
  }
): JournalFormat<E> {
  const code = record.split(' ')[0]!.toUpperCase()
  return {
    schema,
    writeFailed: (path, cause) =>
      new AppError({
        kind: 'storage',
        code: `${code}_WRITE_FAILED`,
        message: `${words.notSaved ?? `The ${record} could not be saved`}: ${cause.message}`,
        hint: `Check free space and permissions of ${dirname(path)}. ${words.afterWrite}`,
        retryable: true
      }),
    damaged: (path, line) =>
      new AppError({
        kind: 'storage',
        code: `${code}_DAMAGED`,
        message: `Line ${line} of ${path} is damaged${words.stopsLoading === false ? '' : `; the ${record} was not loaded`}.`,
        ...(words.damagedHint ? { hint: words.damagedHint } : {}),
        details: { path, line }
      })
  }
}

/**
 * An append-only JSON-lines file whose every append is fsynced before it resolves: a line that
 * was acknowledged survives a crash or `kill -9`. A crash mid-write can only tear the last line;
 * replay drops it (it was never acknowledged) and cuts it off so later appends start clean.
 */
export class Journal<E> {
  private handle: FileHandle | undefined
  private readonly queue = new WriteLock()
  /** Set once the file at `path` is found not to be the one open here: every later append fails. */
  private replaced = false
  /**
   * Set by `close`: every later write is refused (CLOSING) rather than opening the file again. A
   * closed journal belongs to an app that is stopping (another process may take the folder next) or
   * to a record deleted (its file unlinked): a late write — a read-back settling a row, a step that
   * finished after the close — would bring the file back behind the next owner's back.
   */
  private closed = false

  private constructor(
    readonly path: string,
    private readonly format: JournalFormat<E>
  ) {}

  /** Read and parse every complete line. Throws a storage AppError if a complete line is damaged. */
  static async replay<E>(path: string, format: JournalFormat<E>): Promise<{ journal: Journal<E>; entries: E[] }> {
    const buffer = await readFile(path)
    const entries: E[] = []
    let start = 0
    let line = 1
    for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
      if (end > start) entries.push(parseLine(format, path, line, buffer.toString('utf8', start, end)))
      start = end + 1
      line++
    }
    if (start < buffer.length) await truncate(path, start)
    return { journal: new Journal(path, format), entries }
  }

  /** A new journal whose first line is `entry`; the file appears whole or not at all. */
  static async create<E>(path: string, entries: NoInfer<E>[], format: JournalFormat<E>): Promise<Journal<E>> {
    await writeFileAtomic(path, serialise(entries))
    return new Journal(path, format)
  }

  /** Replace the whole file (compaction) atomically. */
  async rewrite(entries: E[]): Promise<void> {
    await this.run(async () => {
      this.refuseWhenClosed()
      await this.closeHandle()
      await writeFileAtomic(this.path, serialise(entries))
    })
  }

  /**
   * Append entries, fsync, then resolve. Appends run one after another. A write can store part of
   * its bytes (disk nearly full) or fail midway: every byte is written, and on any failure the file
   * is cut back to where it was, so a later append never lands behind a torn line.
   */
  append(...entries: E[]): Promise<void> {
    return this.run(async () => {
      this.refuseWhenClosed()
      if (this.replaced) throw replacedError(this.path)
      this.handle ??= await open(this.path, 'a')
      const handle = this.handle
      const opened = await handle.stat()
      await this.checkStillOurs(opened)
      const before = opened.size
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
      // Replaced while writing: the bytes went into a file nobody will read; not acknowledged.
      await this.checkStillOurs(opened)
    })
  }

  /**
   * The file at `path` must still be the one open here. Another process that compacted the journal
   * (a new file renamed over it) or removed it leaves this handle on a file no one reads again:
   * an append acknowledged there is lost at the next start. Then this journal fails every append,
   * and does not reopen the path: what is there now was written from another view of the batch.
   */
  private async checkStillOurs(opened: { ino: number; dev: number }): Promise<void> {
    const now = await stat(this.path).catch(() => undefined)
    if (now && now.ino === opened.ino && now.dev === opened.dev) return
    this.replaced = true
    await this.closeHandle().catch(() => undefined)
    throw replacedError(this.path)
  }

  /** Close once the writes queued before are done; every write asked for after is refused. */
  async close(): Promise<void> {
    await this.run(async () => {
      this.closed = true
      await this.closeHandle()
    })
  }

  private refuseWhenClosed(): void {
    if (this.closed) {
      throw new AppError({
        kind: 'storage',
        code: 'CLOSING',
        message: `${basename(this.path)} is closed: the app is closing or the record was deleted; the change was not saved.`
      })
    }
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    await handle?.close()
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task).catch((err: unknown) => {
      if (err instanceof AppError) throw err
      throw this.format.writeFailed(this.path, err as Error)
    })
  }
}

function replacedError(path: string): AppError {
  return new AppError({
    kind: 'storage',
    code: 'JOURNAL_REPLACED',
    message: `The file ${basename(path)} was replaced by another process while this one had it open; the last change was not saved.`,
    hint:
      `Only one Access Desk process may use a data folder (${dirname(path)}): close the other one ` +
      '(web mode, the CLI or the desktop app), then restart this one; it reads the file again.',
    details: { path, file: basename(path), folder: dirname(path) }
  })
}

function serialise(entries: readonly unknown[]): string {
  let text = ''
  for (const entry of entries) text += JSON.stringify(entry) + '\n'
  return text
}

function parseLine<E>(format: JournalFormat<E>, path: string, line: number, text: string): E {
  const parsed = parseJson(format.schema, text)
  if (parsed.success) return parsed.data as E
  throw format.damaged(path, line)
}
