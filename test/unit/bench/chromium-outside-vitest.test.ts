import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

// The benchmarks drive Chromium with the tests' helper (bench/reader-latency.bench.ts), outside vitest, where no
// globalSetup started the run's shared Chromium: the helper starts one of its own there.
describe("the tests' Chromium helper outside vitest (a benchmark)", () => {
  it('opens a page in a Chromium of its own and closes it', { timeout: 60_000 }, async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')))
    const script = [
      "const { launchChromium } = await import('./test/support/chromium.ts')",
      'const b = await launchChromium()',
      "await b.page.setContent('<title>bench</title>')",
      'console.log(await b.page.title())',
      'await b.close()'
    ].join(';')
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...env, NODE_ENV: 'test' }
    })
    expect(stdout.trim()).toBe('bench')
  })
})
