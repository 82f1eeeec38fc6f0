import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { readFile, symlink, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { LOCK_FILE, lockDataDir, takeOverStale } from '../../../src/main/services/storage/data-dir-lock'
import { tempDir } from '../../support/temp'

/** A Node child that waits until killed; its pid and its start time as /proc gives it. */
async function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('spawn', resolve))
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
  const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!
  return { pid: child.pid!, started, stop: () => child.kill('SIGKILL') }
}

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid!
}

const lockOf = (pid: number, extra: object = {}) =>
  JSON.stringify({ pid, owner: 'web mode', host: hostname(), since: new Date().toISOString(), nonce: 'old', ...extra })

/** The data folder lock within one process, and against lock files other processes left. */
describe('data folder lock', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeEach(async () => (dir = await tempDir()))
  afterEach(async () => dir.remove())

  it('refuses a second opening in the same process (also by another name), until released', async () => {
    const lock = await lockDataDir(dir.path, 'a test')
    await expect(lockDataDir(dir.path, 'the CLI')).rejects.toMatchObject({
      kind: 'storage',
      code: 'DATA_DIR_IN_USE',
      details: { pid: process.pid, owner: 'a test' }
    })
    const alias = join(dir.path, '..', `${dir.path.split('/').pop()}-alias`)
    await symlink(dir.path, alias)
    try {
      await expect(lockDataDir(alias, 'the CLI')).rejects.toMatchObject({ code: 'DATA_DIR_IN_USE' })
    } finally {
      await (await import('node:fs/promises')).unlink(alias)
    }
    await lock.release()
    await lock.release()
    const again = await lockDataDir(dir.path, 'the CLI')
    expect(JSON.parse(await readFile(join(dir.path, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      owner: 'the CLI'
    })
    await again.release()
  })

  it('refuses while the process named in the lock runs, saying who and what to do', async () => {
    const other = await liveProcess()
    try {
      await writeFile(join(dir.path, LOCK_FILE), lockOf(other.pid, { started: other.started }))
      const refused = await lockDataDir(dir.path, 'the CLI').catch((e: Error & { hint?: string }) => e)
      expect(refused).toMatchObject({ code: 'DATA_DIR_IN_USE' })
      expect((refused as Error).message).toContain(`${dir.path} is in use by web mode (process ${other.pid}`)
      expect((refused as { hint?: string }).hint).toMatch(
        /^Close that process, or use that web mode in your browser.*--data DIR/
      )
      // The same pid started at another time: the pid was reused after the holder died.
      await writeFile(join(dir.path, LOCK_FILE), lockOf(other.pid, { started: '1' }))
      const lock = await lockDataDir(dir.path, 'the CLI')
      await lock.release()
    } finally {
      other.stop()
    }
  })

  it('takes over the lock of a process that is gone, or a file that is not a lock', async () => {
    for (const left of [lockOf(await deadPid()), 'garbage', '']) {
      await writeFile(join(dir.path, LOCK_FILE), left)
      const lock = await lockDataDir(dir.path, 'the CLI')
      expect(JSON.parse(await readFile(join(dir.path, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid })
      await lock.release()
    }
  })

  it('of several taking over one stale lock at once, exactly one gets it', async () => {
    await writeFile(join(dir.path, LOCK_FILE), lockOf(await deadPid()))
    const tries = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir.path, 'the CLI')))
    const won = tries.filter((t) => t.status === 'fulfilled')
    expect(won).toHaveLength(1)
    for (const t of tries) if (t.status === 'rejected') expect(t.reason).toMatchObject({ code: 'DATA_DIR_IN_USE' })
    await (won[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release()
  })

  it('a slow taker-over never removes the lock another process took meanwhile', async () => {
    const path = join(dir.path, LOCK_FILE)
    const stale = lockOf(await deadPid())
    // It read the stale lock; meanwhile another process took over and wrote its own.
    const fresh = lockOf(process.pid, { nonce: 'fresh' })
    await writeFile(path, fresh)
    await takeOverStale(path, stale)
    expect(await readFile(path, 'utf8')).toBe(fresh)
    await takeOverStale(path, fresh)
    await expect(readFile(path, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
