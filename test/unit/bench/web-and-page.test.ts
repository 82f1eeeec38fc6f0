import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tempDir } from '../../support/temp'

/** Pids of the processes whose command line names `dir` (web mode started on that data folder). */
function processesOn(dir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(dir)
      } catch {
        return false
      }
    })
    .map(Number)
}

describe('a benchmark whose Chromium cannot start (bench/support/web-and-page.ts)', () => {
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = []
  afterEach(async () => {
    vi.unstubAllEnvs()
    // Only what this test started on its own data folder, by pid.
    for (const dir of dirs.splice(0)) {
      for (const pid of processesOn(dir.path)) process.kill(pid, 'SIGKILL')
      await dir.remove()
    }
  })

  it('fails with the reason and leaves no web mode running on its data folder', { timeout: 60_000 }, async () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium')
    vi.resetModules()
    const { withWebModeAndPage } = await import('../../../bench/support/web-and-page')
    const dir = await tempDir('bench-no-chromium-')
    dirs.push(dir)
    const body = vi.fn(async () => 'measured')
    await expect(withWebModeAndPage(dir.path, { width: 1366, height: 768 }, body)).rejects.toThrow(/chromium/i)
    expect(body).not.toHaveBeenCalled()
    // Web mode was started first (its bundle built, its ready line read): it is stopped again.
    await expect.poll(() => processesOn(dir.path), { timeout: 5_000 }).toEqual([])
  })
})
