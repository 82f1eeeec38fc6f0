// `npm test`'s runner: two vitest runs side by side, one exit status and one JSON report.
//
//   node scripts/test-runs.mjs [vitest options and file filters]
//
// The end-to-end, reader and packaging files run one at a time (one browser, one pcscd, one packing) and wait mostly
// on Chromium, web mode and child processes; in one vitest run they can only start after the unit and renderer
// files (Vitest runs a one-worker group after the others), so the suite took their sum. Here they run in a second
// vitest process beside the first. Every option is given to both runs (`--passWithNoTests` added, as a file filter
// may match files of one run only); a `--outputFile` of the JSON reporter gets one file per run, merged into the
// file asked for. With `--project` the caller chose the projects: one vitest run, as asked.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The two runs, by project name (wildcards as `--project` takes them). Every project is in exactly one. */
export const runs = [
  { name: 'unit+renderer', projects: ['unit', 'renderer*'] },
  { name: 'e2e+pcsc+packaging', projects: ['e2e', 'pcsc', 'packaging'] }
]

/**
 * One report from the runs' JSON reports, as vitest's JSON reporter writes one run's. A run whose report is missing
 * (it crashed before writing it) makes the merged report a failed one.
 * @param {(any | undefined)[]} reports
 */
export function mergeReports(reports) {
  const present = reports.filter((r) => r !== undefined)
  const sum = (key) => present.reduce((n, r) => n + (r[key] ?? 0), 0)
  const counts = [
    'numTotalTestSuites',
    'numPassedTestSuites',
    'numFailedTestSuites',
    'numPendingTestSuites',
    'numTotalTests',
    'numPassedTests',
    'numFailedTests',
    'numPendingTests',
    'numTodoTests'
  ]
  return {
    ...Object.fromEntries(counts.map((key) => [key, sum(key)])),
    startTime: Math.min(...present.map((r) => r.startTime ?? Date.now())),
    success: present.length === reports.length && present.every((r) => r.success === true),
    testResults: present.flatMap((r) => r.testResults ?? [])
  }
}

/** The report file asked for with `--outputFile=<f>` or `--outputFile <f>` (or `--outputFile.json`), if any. */
export function outputFileOf(args) {
  for (let i = 0; i < args.length; i++) {
    const m = /^--outputFile(?:\.json)?(?:=(.*))?$/.exec(args[i])
    if (m) return { index: i, file: m[1] ?? args[i + 1], width: m[1] === undefined ? 2 : 1 }
  }
  return undefined
}

/** Each run's vitest arguments: its projects, the caller's options, its own report file. */
export function runArguments(args, run, partFile) {
  const out = outputFileOf(args)
  const rest = out ? [...args.slice(0, out.index), ...args.slice(out.index + out.width)] : args
  return [
    'run',
    ...run.projects.map((p) => `--project=${p}`),
    '--passWithNoTests',
    ...rest,
    ...(out ? [`--outputFile=${partFile}`] : [])
  ]
}

/** Runs vitest with `args`, each output line led by `tag` (or left as it is without one); resolves its exit status. */
function vitest(args, tag, children) {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', ...args], {
      stdio: ['ignore', tag ? 'pipe' : 'inherit', tag ? 'pipe' : 'inherit']
    })
    children.add(child)
    if (tag) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr]
      ]) {
        let rest = ''
        from.setEncoding('utf8')
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n')
          rest = lines.pop()
          for (const line of lines) to.write(`[${tag}] ${line}\n`)
        })
        from.on('end', () => rest && to.write(`[${tag}] ${rest}\n`))
      }
    }
    child.on('error', (error) => {
      console.error(`[${tag}] vitest did not start: ${error.message}`)
      done(1)
    })
    child.on('close', (code, signal) => {
      children.delete(child)
      done(code ?? (signal ? 1 : 0))
    })
  })
}

async function main(args) {
  const children = new Set()
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of children) child.kill(signal)
    })
  }
  if (args.some((a) => a === '--project' || a.startsWith('--project='))) return vitest(['run', ...args], '', children)

  const out = outputFileOf(args)
  const parts = runs.map((run, i) => (out ? resolve(`${out.file.replace(/\.json$/, '')}.part${i + 1}.json`) : ''))
  for (const part of parts) if (part) rmSync(part, { force: true })
  const statuses = await Promise.all(
    runs.map((run, i) => vitest(runArguments(args, run, parts[i]), run.name, children))
  )
  runs.forEach((run, i) => console.log(`${run.name}: vitest exited ${statuses[i]}`))
  if (out) {
    const reports = parts.map((part) => (existsSync(part) ? JSON.parse(readFileSync(part, 'utf8')) : undefined))
    writeFileSync(out.file, JSON.stringify(mergeReports(reports)))
    for (const part of parts) rmSync(part, { force: true })
  }
  return statuses.find((s) => s !== 0) ?? 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2))
}
