import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'

describe('a batch survives kill -9', () => {
  it('keeps every uid the service reported saved', async () => {
    const dir = await tempDir()
    const batchesDir = join(dir.path, 'batches')
    try {
      const setup = new BatchService({ dir: batchesDir })
      const batch = await setup.create({ name: 'Crash', aliasPattern: 'C-{n:5}' })
      await setup.close()

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/unit/batches/crash-child.ts', batchesDir, batch.id],
        {
          stdio: ['ignore', 'pipe', 'pipe']
        }
      )
      let out = ''
      let err = ''
      child.stdout.on('data', (d) => (out += String(d)))
      child.stderr.on('data', (d) => (err += String(d)))
      // Kill ~1 s after the first saved scan (startup through tsx takes a while on a busy machine).
      await new Promise<void>((resolve, reject) => {
        const onData = () => {
          if (!out.includes('saved')) return
          child.stdout.off('data', onData)
          setTimeout(resolve, 1000)
        }
        child.stdout.on('data', onData)
        child.once('exit', (code) => reject(new Error(`child exited early (${code}): ${err}`)))
      })
      const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
      child.kill('SIGKILL')
      expect(await exited).toBe('SIGKILL')

      // Only complete lines count: the kill may cut the last one.
      const saved = out
        .split('\n')
        .filter((l) => /^saved [0-9A-F]{8}$/.test(l))
        .map((l) => l.slice(6))
      expect(saved.length).toBeGreaterThan(5)

      const reloaded = new BatchService({ dir: batchesDir })
      const detail = await reloaded.get(batch.id)
      const ids = new Set(detail.rows.map((r) => r.nfcId))
      const missing = saved.filter((uid) => !ids.has(uid))
      expect(missing).toEqual([])
      // At most the one scan in flight at the kill may be on disk without having been reported.
      expect(detail.rows.length - saved.length).toBeLessThanOrEqual(1)
      // Numbering is intact: aliases follow the scans with no gap or repeat.
      expect(detail.rows.map((r) => r.alias)).toEqual(detail.rows.map((_r, i) => `C-${String(i + 1).padStart(5, '0')}`))
      // And the batch keeps working after the crash.
      const next = await reloaded.addScan(batch.id, 'FFFFFFFF')
      expect(next.row.alias).toBe(`C-${String(detail.rows.length + 1).padStart(5, '0')}`)
      await reloaded.close()
      console.log(`crash test: ${saved.length} scans reported saved, ${detail.rows.length} on disk after kill -9`)
    } finally {
      await dir.remove()
    }
  })
})
