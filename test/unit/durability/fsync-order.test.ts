import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'

const STRACE = '/usr/bin/strace'

interface Event {
  call: string
  fd: number
  text: string
  result: string
}

/**
 * The system calls of one strace log (`-f`), in the order they completed. A call split into
 * "<unfinished ...>" and "<... resumed>" (another thread ran in between) counts where it resumed:
 * that is when it returned to the caller.
 */
function completedCalls(log: string): Event[] {
  const pending = new Map<string, string>()
  const events: Event[] = []
  for (const raw of log.split('\n')) {
    const m = /^(\d+)\s+(.*)$/.exec(raw)
    if (!m) continue
    const [, pid, rest] = m as unknown as [string, string, string]
    let line = rest
    if (line.endsWith('<unfinished ...>')) {
      pending.set(pid!, line.slice(0, -'<unfinished ...>'.length))
      continue
    }
    const resumed = /^<\.\.\. (\w+) resumed>(.*)$/.exec(line)
    if (resumed) line = (pending.get(pid!) ?? `${resumed[1]}(`) + resumed[2]
    const call = /^(\w+)\((\d+|AT_FDCWD)?,?(.*)\)\s+=\s+(-?\d+)/s.exec(line)
    if (!call) continue
    events.push({ call: call[1]!, fd: Number(call[2]), text: call[3]!, result: call[4]! })
  }
  return events
}

/**
 * "Every scan is on disk (fsync) before the screen shows it as saved", proven without mocking fs:
 * the real BatchService runs in a child under strace, and for every "saved <uid>" it printed the
 * journal's write carrying that uid and then an fdatasync/fsync of the journal's descriptor must
 * have completed before that stdout write.
 */
describe('journal durability, traced', () => {
  it('fsyncs each scan to the journal before it is acknowledged', async () => {
    if (!existsSync(STRACE)) throw new Error('strace is needed: apt-get install -y strace (.ci/run does)')
    const dir = await tempDir()
    const batchesDir = join(dir.path, 'batches')
    const log = join(dir.path, 'strace.log')
    try {
      const setup = new BatchService({ dir: batchesDir })
      const batch = await setup.create({ name: 'Traced', aliasPattern: 'T-{n:3}' })
      await setup.close()
      const scans = 12
      const child = spawn(
        STRACE,
        [
          '-f',
          '-qq',
          '-s',
          '4096',
          '-o',
          log,
          '-e',
          'trace=openat,close,write,pwrite64,writev,fdatasync,fsync',
          process.execPath,
          '--import',
          'tsx',
          'test/unit/durability/scan-child.ts',
          batchesDir,
          batch.id,
          String(scans)
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] }
      )
      let err = ''
      child.stderr.on('data', (d) => (err += String(d)))
      const code = await new Promise((resolve) => child.once('exit', resolve))
      expect(code, err).toBe(0)

      const events = completedCalls(await readFile(log, 'utf8'))
      const journalFds = new Set<number>()
      let acks = 0
      const lastJournalWrite = new Map<string, number>()
      let lastSync = -1
      events.forEach((e, i) => {
        if (e.call === 'openat' && e.text.includes(batchesDir) && /O_APPEND/.test(e.text))
          journalFds.add(Number(e.result))
        else if (e.call === 'close') journalFds.delete(e.fd)
        else if ((e.call === 'write' || e.call === 'pwrite64' || e.call === 'writev') && journalFds.has(e.fd)) {
          for (const uid of e.text.match(/04A[0-9A-F]{5}/g) ?? []) lastJournalWrite.set(uid, i)
        } else if ((e.call === 'fdatasync' || e.call === 'fsync') && journalFds.has(e.fd) && e.result === '0')
          lastSync = i
        else if (e.call === 'write' && e.fd === 1) {
          const uid = /saved ([0-9A-F]{8})/.exec(e.text)?.[1]
          if (!uid) return
          acks++
          const written = lastJournalWrite.get(uid)
          expect(written, `${uid} acknowledged before it was written to the journal`).toBeDefined()
          expect(lastSync, `${uid} acknowledged before the journal was synced`).toBeGreaterThan(written!)
        }
      })
      expect(acks).toBe(scans)
      const reloaded = new BatchService({ dir: batchesDir })
      expect((await reloaded.get(batch.id)).rows).toHaveLength(scans)
      await reloaded.close()
    } finally {
      await dir.remove()
    }
  })
})
