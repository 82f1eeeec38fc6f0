// The closing line of `.ci/run`: "N passed, N failed", from vitest's JSON report and the static checks.
//
//   node scripts/ci-summary.mjs <report.json> <checks passed 0|1> <checks failed 0|1> <vitest exit status> [<mutation>]
//
// <mutation> is how the incremental mutation run ended (`.ci/run`): passed, below (the score under the break
// threshold), timeout (cut by its time bound), error (Stryker failed), or absent (not run). It counts as one
// check, like the static checks: anything but "passed" is one failure, said in one line, never a silent pass.
//
// A test file can fail with no failed test: a `beforeAll` that throws marks its tests skipped, and a file
// that does not load has no tests at all. Each such file counts as one failure and is named, and a red run
// (the report's `success` false, or vitest exiting non-zero) never ends with "0 failed".
import { existsSync, readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Why a mutation run that did not pass counts as failed: the line CI prints for it. */
const mutationFailures = {
  below: 'mutation testing FAILED: the score is under the break threshold (the score lines above name the modules)',
  timeout: 'mutation testing FAILED: cut by its time bound before it finished, no score (counted as failed)',
  error: 'mutation testing FAILED: Stryker stopped with an error, no score (its log above says why)'
}

/**
 * @param {{ report?: any, checksPassed: number, checksFailed: number, testStatus: number, mutation?: string }} input
 * @returns {string[]} lines to print, the closing "N passed, N failed" last
 */
export function summarize({ report, checksPassed, checksFailed, testStatus, mutation }) {
  const lines = []
  let passed = checksPassed
  let failed = checksFailed
  if (mutation === 'passed') passed++
  else if (mutation !== undefined) {
    failed++
    lines.push(mutationFailures[mutation] ?? `mutation testing FAILED: unknown outcome "${mutation}"`)
  }
  // The failures counted before the tests': a red test run must add at least one to them.
  const failedBeforeTests = failed
  if (report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    for (const file of report.testResults) {
      if (file.status !== 'failed' || file.assertionResults.some((t) => t.status === 'failed')) continue
      failed++
      const why = file.message ? `: ${file.message.split('\n')[0]}` : ''
      lines.push(`failed outside its tests (a hook or the file's loading): ${relative(process.cwd(), file.name)}${why}`)
    }
  }
  // Whatever the report holds, a red run is never summed up as "0 failed".
  const red = testStatus !== 0 || (report !== undefined && report.success === false)
  if (red && failed === failedBeforeTests) {
    failed++
    lines.push(`the test run failed with no failed test in its report (vitest exit status ${testStatus})`)
  }
  lines.push(`${passed} passed, ${failed} failed`)
  return lines
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [file, checksPassed, checksFailed, testStatus, mutation] = process.argv.slice(2)
  const report = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
  const lines = summarize({
    report,
    checksPassed: Number(checksPassed),
    checksFailed: Number(checksFailed),
    testStatus: Number(testStatus),
    mutation: mutation || undefined
  })
  for (const line of lines) console.log(line)
}
