import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startDemo } from '../access/support'
import { tempDir } from '../../support/temp'

const STRACE = '/usr/bin/strace'

interface Event {
  call: string
  fd: number
  text: string
  result: string
}

/** The system calls of one strace log (`-f`), in the order they completed (see durability/fsync-order). */
function completedCalls(log: string): Event[] {
  const pending = new Map<string, string>()
  const events: Event[] = []
  for (const raw of log.split('\n')) {
    const m = /^(\d+)\s+(.*)$/.exec(raw)
    if (!m) continue
    const [, pid, rest] = m as unknown as [string, string, string]
    let line = rest
    if (line.endsWith('<unfinished ...>')) {
      pending.set(pid, line.slice(0, -'<unfinished ...>'.length))
      continue
    }
    const resumed = /^<\.\.\. (\w+) resumed>(.*)$/.exec(line)
    if (resumed) line = (pending.get(pid) ?? `${resumed[1]}(`) + resumed[2]
    const call = /^(\w+)\((\d+|AT_FDCWD)?,?(.*)\)\s+=\s+(-?\d+)/s.exec(line)
    if (!call) continue
    events.push({ call: call[1]!, fd: Number(call[2]), text: call[3]!, result: call[4]! })
  }
  return events
}

/**
 * "A write is on record before it leaves, and its answer is on record before it is shown", proven
 * on the real system calls: a client in a child under strace updates a visitor N times. Each
 * request's bytes on the console's socket must come after the fdatasync of its `begin` line, and
 * each "answered" on stdout after the fdatasync of its `end` line; nothing is sent or shown while a
 * journal line is unsynced.
 */
describe('audit journal durability, traced', () => {
  it('syncs the begin line before the request leaves and the end line before the answer is shown', async () => {
    if (!existsSync(STRACE)) throw new Error('strace is needed: apt-get install -y strace (.ci/run does)')
    const demo = await startDemo()
    const dir = await tempDir()
    try {
      const start = Math.floor(Date.now() / 1000)
      const visitor = await demo.client().visitors.create({
        first_name: 'Strace',
        last_name: 'Traced',
        visit_reason: 'Business',
        start_time: start,
        end_time: start + 3600
      })
      const pemPath = join(dir.path, 'console.pem')
      await writeFile(pemPath, demo.console.certificatePem)
      const auditDir = join(dir.path, 'audit')
      const log = join(dir.path, 'strace.log')
      const port = new URL(demo.console.url).port
      const writes = 5
      const child = spawn(
        STRACE,
        [
          '-f',
          '-qq',
          '-s',
          '256',
          '-o',
          log,
          '-e',
          'trace=openat,close,connect,write,pwrite64,writev,sendto,sendmsg,fdatasync,fsync',
          process.execPath,
          '--import',
          'tsx',
          'test/unit/audit/traced-child.ts',
          auditDir,
          demo.console.url,
          pemPath,
          demo.console.fingerprint256,
          visitor.id,
          String(writes)
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TRACED_TOKEN: demo.console.tokens.full } }
      )
      let err = ''
      child.stderr.on('data', (d) => (err += String(d)))
      const code = await new Promise((resolve) => child.once('exit', resolve))
      expect(code, err).toBe(0)

      const events = completedCalls(await readFile(log, 'utf8'))
      const journalFds = new Set<number>()
      const socketFds = new Set<number>()
      let unsynced: 'begin' | 'end' | null = null
      let beginsSynced = 0
      let endsSynced = 0
      let answered = 0
      let sentThisRequest = false
      let requestsSeen = 0
      for (const e of events) {
        const isWrite = e.call === 'write' || e.call === 'pwrite64' || e.call === 'writev'
        if (e.call === 'openat' && e.text.includes(auditDir) && /O_APPEND/.test(e.text))
          journalFds.add(Number(e.result))
        else if (e.call === 'connect' && e.text.includes(`htons(${port})`)) socketFds.add(e.fd)
        else if (e.call === 'close') {
          journalFds.delete(e.fd)
          socketFds.delete(e.fd)
        } else if (isWrite && journalFds.has(e.fd)) {
          unsynced = e.text.includes('\\"t\\":\\"begin\\"') ? 'begin' : 'end'
        } else if ((e.call === 'fdatasync' || e.call === 'fsync') && journalFds.has(e.fd) && e.result === '0') {
          if (unsynced === 'begin') beginsSynced++
          if (unsynced === 'end') endsSynced++
          unsynced = null
        } else if ((isWrite || e.call === 'sendto' || e.call === 'sendmsg') && socketFds.has(e.fd)) {
          expect(unsynced, 'bytes sent to the console while a journal line was unsynced').toBeNull()
          // The first bytes of request N+1 leave after its begin line is synced.
          if (!sentThisRequest)
            expect(beginsSynced, `request ${answered + 1} sent before its begin was synced`).toBe(answered + 1)
          if (!sentThisRequest) requestsSeen++
          sentThisRequest = true
        } else if (e.call === 'write' && e.fd === 1 && /answered \d+/.test(e.text)) {
          answered++
          expect(unsynced, `answer ${answered} shown while a journal line was unsynced`).toBeNull()
          expect(endsSynced, `answer ${answered} shown before its end line was synced`).toBe(answered)
          sentThisRequest = false
        }
      }
      expect(answered).toBe(writes)
      // The trace saw every request leave on the console's socket (at least one send each).
      expect(requestsSeen).toBe(writes)
      const lines = (await readFile(join(auditDir, 'audit.jsonl'), 'utf8')).trim().split('\n')
      expect(lines.map((l) => JSON.parse(l).t)).toEqual(Array.from({ length: writes }, () => ['begin', 'end']).flat())
    } finally {
      await demo.stop()
      await dir.remove()
    }
  }, 90_000)
})
