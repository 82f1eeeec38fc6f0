import { randomBytes } from 'node:crypto'
import { readFileSync, unlinkSync } from 'node:fs'
import { link, mkdir, readFile, realpath, rmdir, stat, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname, join } from 'node:path'
import { AppError } from '../../../shared/errors'
import { formats } from '../../../shared/format/formats'

/**
 * One process owns a data folder. Two processes on one folder lose data: the batch journal compacted
 * by one while the other appends to the file it replaced (acknowledged scans gone after a restart),
 * the same NFC ID on two rows. So every process that opens a folder (desktop app, web mode, CLI,
 * tests through createAppServices) takes this lock first, and a second one refuses with who holds it.
 *
 * The lock is a file made whole in one step (a hard link of a written file: no reader ever sees it
 * half written) that names its process. A process killed with SIGKILL leaves it behind: a lock whose
 * process is gone (no such pid, a zombie, or the pid now belongs to a process started at another
 * time) is taken over; two processes taking over at once are serialised by a guard directory.
 */
export const LOCK_FILE = 'access-desk.lock'

/** Who opens the folder, as the message names it. */
export type LockOwner = 'the desktop app' | 'web mode' | 'the CLI' | 'a test'

interface Holder {
  pid: number
  owner: string
  host: string
  /** Start time of the process (Linux: /proc/<pid>/stat), to tell a reused pid apart. */
  started?: string
  since: string
  nonce: string
}

export interface DataDirLock {
  readonly path: string
  /** Remove the lock if it is still ours. Safe to call twice. */
  release(): Promise<void>
}

/** Folders this process holds, by lock path: a second graph on one folder in one process refuses too. */
const heldHere = new Set<string>()

/** A guard older than this was left by a process that died while taking over a stale lock. */
const STALE_GUARD_MS = 10_000

export async function lockDataDir(dataDir: string, owner: LockOwner): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  // The real path: one folder reached by two names is still one folder.
  const path = join(await realpath(dataDir), LOCK_FILE)
  const me: Holder = {
    pid: process.pid,
    owner,
    host: hostname(),
    started: procStat(process.pid)?.started,
    since: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex')
  }
  const text = JSON.stringify(me) + '\n'
  const tmp = join(dirname(path), `.${LOCK_FILE}.${me.nonce}.tmp`)
  await writeFile(tmp, text, { mode: 0o600 })
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(tmp, path)
        break
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      }
      const found = await readFile(path, 'utf8').catch(() => undefined)
      // Gone between the link and the read: its owner just released it; try again.
      if (found === undefined) continue
      const holder = parseHolder(found)
      if (holder && (heldHere.has(path) || holds(holder))) throw inUse(dataDir, holder)
      if (attempt >= 50) throw inUse(dataDir, holder)
      await takeOverStale(path, found)
    }
  } finally {
    await unlink(tmp).catch(() => undefined)
  }
  heldHere.add(path)
  // An exit without close (process.exit, an uncaught error) leaves no lock behind.
  const onExit = () => removeIfOurs(path, me.nonce)
  process.on('exit', onExit)
  let released = false
  return {
    path,
    async release() {
      if (released) return
      released = true
      process.off('exit', onExit)
      heldHere.delete(path)
      removeIfOurs(path, me.nonce)
    }
  }
}

function removeIfOurs(path: string, nonce: string): void {
  try {
    if (parseHolder(readFileSync(path, 'utf8'))?.nonce === nonce) unlinkSync(path)
  } catch {
    /* already gone */
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return undefined
    if (typeof value.nonce !== 'string') return undefined
    return {
      pid: value.pid,
      owner: typeof value.owner === 'string' ? value.owner : 'another Access Desk process',
      host: typeof value.host === 'string' ? value.host : '',
      started: typeof value.started === 'string' ? value.started : undefined,
      since: typeof value.since === 'string' ? value.since : '',
      nonce: value.nonce
    }
  } catch {
    return undefined
  }
}

/** Is the process that wrote this lock still running? */
function holds(holder: Holder): boolean {
  // A folder shared with another machine: its processes cannot be checked from here.
  if (holder.host && holder.host !== hostname()) return true
  // Our own pid but not held here: a previous process that had the same pid (a restarted container).
  if (holder.pid === process.pid) return false
  try {
    process.kill(holder.pid, 0)
  } catch (err) {
    // EPERM: it exists, as another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  const now = procStat(holder.pid)
  if (!now) return true
  // Killed but not yet reaped by its parent, or the pid reused by a process started later.
  if (now.state === 'Z' || now.state === 'X') return false
  return holder.started === undefined || holder.started === now.started
}

/** State and start time of a process, from Linux's /proc (undefined elsewhere). */
function procStat(pid: number): { state: string; started: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // "pid (comm) state ppid …": comm may hold spaces and parentheses; fields count from its end.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    // Field 3 is the state, field 22 the start time (clock ticks after boot).
    return { state: fields[0]!, started: fields[19]! }
  } catch {
    return undefined
  }
}

/**
 * Remove a lock whose process is gone, only if it is still the one read (`seen`): under a guard
 * directory, so a process that took over just before is never removed by a slower one.
 */
export async function takeOverStale(path: string, seen: string): Promise<void> {
  const guard = `${path}.takeover`
  try {
    await mkdir(guard)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    const since = await stat(guard).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0
    )
    if (since > STALE_GUARD_MS) await rmdir(guard).catch(() => undefined)
    else await new Promise((resolve) => setTimeout(resolve, 25))
    return
  }
  try {
    const now = await readFile(path, 'utf8').catch(() => undefined)
    if (now === seen) await unlink(path)
  } finally {
    await rmdir(guard).catch(() => undefined)
  }
}

function inUse(dataDir: string, holder: Holder | undefined): AppError {
  const who = holder ? `${holder.owner} (process ${holder.pid}${sinceText(holder.since)})` : 'another process'
  const elsewhere = holder?.host && holder.host !== hostname() ? ` on ${holder.host}` : ''
  const use =
    holder?.owner === 'web mode'
      ? 'use that web mode in your browser (the address it printed)'
      : holder?.owner === 'the desktop app'
        ? 'use the desktop app that is open'
        : 'wait for it to finish'
  return new AppError({
    kind: 'storage',
    code: 'DATA_DIR_IN_USE',
    message: `The data folder ${dataDir} is in use by ${who}${elsewhere}. Only one Access Desk process may use a data folder at a time.`,
    hint: `Close that process, or ${use}, or give this one another folder with --data DIR.`,
    details: {
      dataDir,
      pid: holder?.pid ?? null,
      owner: holder?.owner ?? null,
      // The same as facts a person's language words (shared/errors-wording.ts): who holds it, since when.
      who: holder ? (OWNER_WORDS[holder.owner] ?? 'other') : 'none',
      process: holder ? String(holder.pid) : '',
      since: holder ? sinceText(holder.since).replace(/^, started /, '') || 'none' : 'none',
      ...(holder && !Number.isNaN(new Date(holder.since).getTime()) && { startedAt: holder.since }),
      host: elsewhere ? holder!.host! : 'none'
    }
  })
}

/** Who holds a data folder, as the errors catalogue names them (`DATA_DIR_IN_USE`'s `who`). */
const OWNER_WORDS: Record<string, string> = {
  'web mode': 'web',
  'the desktop app': 'desktop',
  'the CLI': 'cli',
  'a test': 'test',
  'another Access Desk process': 'other'
}

function sinceText(since: string): string {
  const at = new Date(since)
  return Number.isNaN(at.getTime()) ? '' : `, started ${formats('en').dateTime(at)}`
}
