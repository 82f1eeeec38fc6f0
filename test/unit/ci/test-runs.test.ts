import { describe, expect, it } from 'vitest'
import config from '../../../vitest.config'
import { mergeReports, outputFileOf, runArguments, runs } from '../../../scripts/test-runs.mjs'
import { summarize } from '../../../scripts/ci-summary.mjs'

/** A project name matched by a `--project` pattern, as vitest matches it (`*` any characters). */
const matches = (pattern: string, name: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name)

/** A test file as vitest's JSON reporter writes it (the fields the summary reads). */
const file = (name: string, status: 'passed' | 'failed', tests: ('passed' | 'failed')[], message = '') => ({
  name: `/repo/${name}`,
  status,
  message,
  assertionResults: tests.map((s, i) => ({ title: `test ${i}`, status: s, failureMessages: [] }))
})
const report = (...files: ReturnType<typeof file>[]) => {
  const tests = files.flatMap((f) => f.assertionResults)
  return {
    numTotalTestSuites: files.length,
    numPassedTestSuites: files.filter((f) => f.status === 'passed').length,
    numFailedTestSuites: files.filter((f) => f.status === 'failed').length,
    numPendingTestSuites: 0,
    numTotalTests: tests.length,
    numPassedTests: tests.filter((t) => t.status === 'passed').length,
    numFailedTests: tests.filter((t) => t.status === 'failed').length,
    numPendingTests: 0,
    numTodoTests: 0,
    startTime: 1000 + files.length,
    success: files.every((f) => f.status === 'passed'),
    testResults: files
  }
}

describe("npm test's two vitest runs", () => {
  it('runs every project of vitest.config.ts in exactly one of them', () => {
    const names = (config.test?.projects ?? []).map((p) => (p as { test: { name: string } }).test.name)
    expect(names.length).toBeGreaterThan(4)
    for (const name of names) {
      const runsOfIt = runs.filter((run) => run.projects.some((pattern) => matches(pattern, name)))
      expect(
        runsOfIt.map((r) => r.name),
        name
      ).toHaveLength(1)
    }
  })

  it('merges the two reports into one the closing line counts whole', () => {
    const first = report(file('test/unit/a.test.ts', 'passed', ['passed', 'passed']))
    const second = report(
      file('test/e2e/b.e2e.test.ts', 'failed', ['passed', 'failed']),
      file('test/e2e/c.e2e.test.ts', 'failed', [], 'Error: web mode did not start')
    )
    const merged = mergeReports([first, second])
    expect(merged).toMatchObject({ numTotalTests: 4, numPassedTests: 3, numFailedTests: 1, success: false })
    expect(merged.startTime).toBe(1001)
    expect(merged.testResults.map((f) => f.name)).toEqual([
      '/repo/test/unit/a.test.ts',
      '/repo/test/e2e/b.e2e.test.ts',
      '/repo/test/e2e/c.e2e.test.ts'
    ])
    const lines = summarize({ report: merged, checksPassed: 1, checksFailed: 0, testStatus: 1 })
    expect(lines.at(-1)).toBe('4 passed, 2 failed')
  })

  it('makes a run that left no report a failed run, never a green one', () => {
    const merged = mergeReports([report(file('test/unit/a.test.ts', 'passed', ['passed'])), undefined])
    expect(merged.success).toBe(false)
    const lines = summarize({ report: merged, checksPassed: 1, checksFailed: 0, testStatus: 1 })
    expect(lines.at(-1)).toBe('2 passed, 1 failed')
    expect(mergeReports([report(file('a', 'passed', ['passed'])), report()]).success).toBe(true)
  })

  it("gives each run its projects, the caller's options and its own report file", () => {
    for (const args of [
      ['--reporter=json', '--outputFile=.ci/results.json', 'cards'],
      ['--reporter=json', '--outputFile', '.ci/results.json', 'cards']
    ]) {
      expect(outputFileOf(args)?.file).toBe('.ci/results.json')
      expect(runArguments(args, runs[1]!, '/r/part2.json')).toEqual([
        'run',
        '--project=e2e',
        '--project=pcsc',
        '--project=packaging',
        '--passWithNoTests',
        '--reporter=json',
        'cards',
        '--outputFile=/r/part2.json'
      ])
    }
    expect(runArguments(['cards'], runs[0]!, '')).toEqual([
      'run',
      '--project=unit',
      '--project=renderer*',
      '--passWithNoTests',
      'cards'
    ])
  })
})
