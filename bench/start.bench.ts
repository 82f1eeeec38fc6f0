import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { builtNow, median, ms, timeUntil } from './support/process-timing'

/**
 * A second start with unchanged sources: `npm run web` (scripts/start.mjs, the path `npm start`
 * takes where the Electron binary is missing) until web mode's ready line, against web mode's own
 * start from its bundle (`node out/main/web.js`), each on a data folder it already used (a second
 * start). Target: ≤ 1.5×. Five of each, alternated; medians. A run that had to build (someone
 * edited a source meanwhile) is not a second start: built again and run again.
 */
const TARGET = 1.5
const RUNS = 5
const isReady = (line: string) => line.startsWith('{"event":"ready"')

const dirs = [mkdtempSync(join(tmpdir(), 'access-desk-start-')), mkdtempSync(join(tmpdir(), 'access-desk-start-'))]
const [bundleDir, startDir] = dirs as [string, string]
const bundle = () => timeUntil(process.execPath, ['out/main/web.js', '--data', bundleDir], isReady)
const npmStart = () => timeUntil('npm', ['run', '-s', 'web', '--', '--data', startDir], isReady)

try {
  builtNow()
  // First starts: the data folders made, the built-in console's certificate written.
  for (const first of [await bundle(), await npmStart()])
    if (first.code !== null) throw new Error(`web mode did not start:\n${first.out}`)
  const [bundleMs, startMs]: [number[], number[]] = [[], []]
  for (let i = 0; i < RUNS; i++) {
    bundleMs.push((await bundle()).ms)
    for (let attempt = 0; ; attempt++) {
      builtNow()
      const run = await npmStart()
      if (run.code !== null) throw new Error(`npm run web did not start:\n${run.out}`)
      if (run.out.includes('Sources unchanged since the last build')) {
        startMs.push(run.ms)
        break
      }
      if (attempt === 3) throw new Error('the sources kept changing: no start without a build could be timed')
    }
  }
  const ratio = median(startMs) / median(bundleMs)
  console.log(
    `second npm start (unchanged sources) to ready: ${ms(median(startMs))} [${startMs.map(ms).join(', ')}]; ` +
      `web mode from its bundle: ${ms(median(bundleMs))} [${bundleMs.map(ms).join(', ')}] → ` +
      `${ratio.toFixed(2)}× (target ≤ ${TARGET}×: ${ratio <= TARGET ? 'met' : 'MISSED'})`
  )
  process.exitCode = ratio <= TARGET ? 0 : 1
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}
