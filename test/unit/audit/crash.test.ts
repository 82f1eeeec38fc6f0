import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { STOPPED_BEFORE_ANSWER } from '../../../src/main/services/audit/audit-log'
import { startDemo } from '../access/support'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

describe('the audit journal survives kill -9', () => {
  it('keeps every write that was on record, and a write cut off by the kill reads "unknown"', async () => {
    const demo = await startDemo()
    const dir = await tempDir()
    try {
      const start = Math.floor(Date.now() / 1000)
      const visitor = await demo.client().visitors.create({
        first_name: 'Kill',
        last_name: 'Nine',
        visit_reason: 'Business',
        start_time: start,
        end_time: start + 3600
      })
      const pemPath = join(dir.path, 'console.pem')
      await writeFile(pemPath, demo.console.certificatePem)
      const auditDir = join(dir.path, 'audit')

      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'test/unit/audit/crash-child.ts',
          auditDir,
          demo.console.url,
          pemPath,
          demo.console.fingerprint256,
          visitor.id
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CRASH_TOKEN: demo.console.tokens.full } }
      )
      let out = ''
      let err = ''
      child.stdout.on('data', (d) => (out += String(d)))
      child.stderr.on('data', (d) => (err += String(d)))
      const lines = (word: string) =>
        out
          .split('\n')
          .filter((l) => new RegExp(`^${word} \\d+$`).test(l))
          .map((l) => Number(l.split(' ')[1]))
      const waitFor = (ready: () => boolean) =>
        new Promise<void>((resolve, reject) => {
          const check = () => {
            if (!ready()) return
            child.stdout.off('data', check)
            resolve()
          }
          child.stdout.on('data', check)
          child.once('exit', (code) => reject(new Error(`child exited early (${code}): ${err}`)))
          check()
        })

      // Some writes go through; then the console becomes slow, and the child is killed while a
      // write sent after that is on record but unanswered.
      await waitFor(() => lines('saved').length >= 5)
      await demo.control('PUT', '/__demo/faults', { latencyMs: 30_000 })
      const lastBefore = Math.max(...lines('begun'))
      await waitFor(() => Math.max(...lines('begun')) > lastBefore)
      const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
      child.kill('SIGKILL')
      expect(await exited).toBe('SIGKILL')
      await demo.control('DELETE', '/__demo/faults')

      const begun = lines('begun')
      const saved = lines('saved')
      const audit = new AuditService({
        dir: auditDir,
        store: memoryStore(),
        activeConsole: async () => null
      })
      const rows = await audit.all()
      // Every write that was on record is there, in order, each once.
      expect(rows).toHaveLength(Math.max(...begun))
      expect(rows.every((r) => r.action === 'update' && r.target.id === visitor.id)).toBe(true)
      // Each write whose answer was reported is ok; the console held them all.
      expect(rows.slice(0, saved.length).every((r) => r.outcome === 'ok')).toBe(true)
      // The one sent to the slow console and cut off by the kill: unknown, saying what to do.
      const last = rows.at(-1)!
      expect(last.outcome).toBe('unknown')
      expect(last.message).toBe(STOPPED_BEFORE_ANSWER)
      // Writes the console answered but whose answer the child had not reported yet are ok or unknown, never lost.
      expect(rows.length - saved.length).toBeLessThanOrEqual(2)

      // And the journal keeps working after the crash: a new write is appended after the old rows.
      const client = demo.client('full', { onWrite: audit.recorder({ name: 'After', url: demo.console.url }) })
      await client.visitors.update(visitor.id, { remarks: 'after' })
      const after = await audit.all()
      expect(after).toHaveLength(rows.length + 1)
      expect(after.at(-1)).toMatchObject({ outcome: 'ok', console: { name: 'After' } })
      await audit.close()
      const file = await readFile(join(auditDir, 'audit.jsonl'), 'utf8')
      expect(file).not.toContain(demo.console.tokens.full)
      console.log(`audit crash test: ${saved.length} writes answered, ${rows.length} on record after kill -9`)
    } finally {
      await demo.stop()
      await dir.remove()
    }
  }, 90_000)
})
