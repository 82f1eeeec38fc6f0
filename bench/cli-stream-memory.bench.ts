import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startDemoConsoleProcess } from '../test/support/processes'
import { saveConsole } from '../test/unit/cli/support'
import { builtNow, median } from './support/process-timing'

/**
 * `access-desk cards.load --stream | wc -l` keeps its memory whatever the number of cards: each page is
 * written as it comes. The peak resident memory of the command (GNU time's %M) streaming the 20,000 cards
 * of the large seed, against the same command streaming the 120 cards of the demo seed (the baseline:
 * Node, the app's code and one page). Target: ≤ 1.3× (a list held whole would grow with it). Three runs
 * of each, alternated; medians.
 */
const TARGET = 1.3
const RUNS = 3
const run = promisify(execFile)

builtNow()
const dirs = [mkdtempSync(join(tmpdir(), 'access-desk-stream-')), mkdtempSync(join(tmpdir(), 'access-desk-stream-'))]
const [small, large] = await Promise.all([
  startDemoConsoleProcess(dirs[0]!),
  startDemoConsoleProcess(dirs[1]!, ['--seed', 'large'])
])
const data = mkdtempSync(join(tmpdir(), 'access-desk-stream-data-'))
try {
  await saveConsole(data, 'Small', small.info)
  await saveConsole(data, 'Large', large.info)
  /** Peak RSS in MB of one streamed read, and how many lines it wrote. */
  const peakFile = join(data, 'peak.txt')
  const stream = async (console: string) => {
    const { stdout } = await run('sh', [
      '-c',
      `/usr/bin/time -f '%M' -o '${peakFile}' node out/main/access-desk.js --data '${data}' --console ${console} cards.load --stream | wc -l`
    ])
    const peak = Number(readFileSync(peakFile, 'utf8').trim().split('\n').at(-1)) / 1024
    return { peak, cards: Number(stdout.trim()) }
  }
  const smallPeaks: number[] = []
  const largePeaks: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const s = await stream('Small')
    const l = await stream('Large')
    if (l.cards !== 20_000) throw new Error(`the large seed streamed ${l.cards} lines, not 20,000`)
    smallPeaks.push(s.peak)
    largePeaks.push(l.peak)
  }
  const ratio = median(largePeaks) / median(smallPeaks)
  console.log(
    `access-desk cards.load --stream | wc -l, peak RSS: 20,000 cards ${median(largePeaks).toFixed(0)} MB ` +
      `[${largePeaks.map((p) => p.toFixed(0)).join(', ')}] vs 120 cards ${median(smallPeaks).toFixed(0)} MB ` +
      `[${smallPeaks.map((p) => p.toFixed(0)).join(', ')}] → ${ratio.toFixed(2)}× (target ≤ ${TARGET}×: ` +
      `${ratio <= TARGET ? 'met' : 'MISSED'})`
  )
  process.exitCode = ratio <= TARGET ? 0 : 1
} finally {
  await Promise.all([small.stop(), large.stop()])
  for (const dir of [...dirs, data]) rmSync(dir, { recursive: true, force: true })
}
