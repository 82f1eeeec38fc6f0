import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../support/temp'

/** `.ci/run`'s closing lines, as CI prints them: the script run on a report file. */
async function summary(
  run: object | undefined,
  testStatus: number,
  checks: 'passed' | 'failed' = 'passed',
  mutation?: string
) {
  const file = join(dir.path, 'results.json')
  if (run) await writeFile(file, JSON.stringify(run))
  const checkFlags = checks === 'passed' ? ['1', '0'] : ['0', '1']
  const { stdout } = await promisify(execFile)(process.execPath, [
    'scripts/ci-summary.mjs',
    run ? file : join(dir.path, 'absent.json'),
    ...checkFlags,
    String(testStatus),
    ...(mutation ? [mutation] : [])
  ])
  return stdout.trim().split('\n')
}

/** A file of tests as vitest's JSON reporter writes it (only the fields the summary reads). */
const file = (name: string, status: 'passed' | 'failed', tests: string[], message = '') => ({
  name: join(process.cwd(), name),
  status,
  message,
  assertionResults: tests.map((s, i) => ({ title: `test ${i}`, status: s, failureMessages: [] }))
})

/** A report as vitest's JSON reporter writes it: `success` false when a test or a file failed. */
const report = (passed: number, failed: number, ...files: ReturnType<typeof file>[]) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  success: failed === 0 && files.every((f) => f.status === 'passed'),
  testResults: files
})

let dir: Awaited<ReturnType<typeof tempDir>>
beforeEach(async () => (dir = await tempDir()))
afterEach(() => dir.remove())

describe("CI's summary line", () => {
  it('counts a file whose beforeAll threw (its tests reported as skipped) as failed, and names it', async () => {
    // As vitest 4 reports it: the file failed, its tests skipped, no failed test, the error on the describe.
    const run = report(
      3,
      0,
      file('test/pcsc/reader.test.ts', 'failed', ['skipped', 'skipped']),
      file('test/unit/ok.test.ts', 'passed', ['passed', 'passed', 'passed'])
    )
    const lines = await summary(run, 1)
    expect(lines.at(-1)).toBe('4 passed, 1 failed')
    expect(lines.join('\n')).toContain('test/pcsc/reader.test.ts')
  })

  it('counts failed tests once, and a file that failed only through its tests adds nothing more', async () => {
    const run = report(1, 2, file('test/unit/a.test.ts', 'failed', ['passed', 'failed', 'failed']))
    expect(await summary(run, 1)).toEqual(['2 passed, 2 failed'])
  })

  it('counts a file that did not load (no tests, an error message)', async () => {
    const run = report(0, 0, file('test/unit/broken.test.ts', 'failed', [], 'Cannot find module ./gone'))
    const lines = await summary(run, 1, 'failed')
    expect(lines.at(-1)).toBe('0 passed, 2 failed')
    expect(lines[0]).toContain('test/unit/broken.test.ts: Cannot find module ./gone')
  })

  it('never says 0 failed when vitest exited non-zero with a green report (an unhandled error) or wrote none', async () => {
    const green = report(5, 0, file('test/unit/a.test.ts', 'passed', ['passed']))
    expect((await summary(green, 1)).at(-1)).toBe('6 passed, 1 failed')
    expect((await summary(undefined, 1)).at(-1)).toBe('1 passed, 1 failed')
  })

  it('says 0 failed on a green run', async () => {
    const green = report(5, 0, file('test/unit/a.test.ts', 'passed', ['passed']))
    expect(await summary(green, 0)).toEqual(['6 passed, 0 failed'])
  })

  describe('the incremental mutation run (one check, like the static checks)', () => {
    const green = report(5, 0, file('test/unit/a.test.ts', 'passed', ['passed']))

    it('counts a score at or over the break threshold as one passed check', async () => {
      expect(await summary(green, 0, 'passed', 'passed')).toEqual(['7 passed, 0 failed'])
    })

    it('counts a score under the threshold as one failed check, and says so', async () => {
      const lines = await summary(green, 0, 'passed', 'below')
      expect(lines.at(-1)).toBe('6 passed, 1 failed')
      expect(lines[0]).toMatch(/^mutation testing FAILED: the score is under the break threshold/)
    })

    it('counts a run cut by its time bound as failed, in one line (never a silent pass)', async () => {
      const lines = await summary(green, 0, 'passed', 'timeout')
      expect(lines).toEqual([
        'mutation testing FAILED: cut by its time bound before it finished, no score (counted as failed)',
        '6 passed, 1 failed'
      ])
    })

    it('counts a Stryker error or an outcome it does not know as failed', async () => {
      expect((await summary(green, 0, 'passed', 'error')).at(-1)).toBe('6 passed, 1 failed')
      expect(await summary(green, 0, 'passed', 'skipped')).toEqual([
        'mutation testing FAILED: unknown outcome "skipped"',
        '6 passed, 1 failed'
      ])
    })

    it('still counts a red test run with no failed test when the mutation run failed too', async () => {
      const lines = await summary(green, 1, 'failed', 'timeout')
      expect(lines.at(-1)).toBe('5 passed, 3 failed')
    })
  })
})
