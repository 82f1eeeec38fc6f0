import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startDemoConsoleProcess } from '../test/support/processes'
import { saveConsole } from '../test/unit/cli/support'
import { builtNow, median } from './support/process-timing'

/**
 * `access-desk cards.load --stream | wc -l` holds the same memory whatever the number of cards: each
 * page is written as it comes, and the next asked for once the pipe took it. Three consoles: the demo
 * seed (120 cards: Node, the app's code and one short page), the large seed (20,000) and the large
 * seed with `--cards 100000`. Three rounds, the sizes alternated in each; per size and round:
 * - a plain run: the command's peak resident memory (GNU time's %M), what a user sees;
 * - a run with bench/cli-stream-memory-heap.mjs preloaded: the heap still in use after a full garbage
 *   collection after every page (1,000 lines). Peak RSS also grows with the work done under a lazy
 *   collector (more pages parsed, more garbage not yet returned) even when nothing is kept; the live
 *   heap does not, unless something holds the pages.
 * Constant when, in the same run of this bench, the 100,000-card stream's medians are within a margin
 * of the 20,000-card stream's. A card held costs ~0.4 KB (379 bytes per parsed card in the heap, 330
 * per NDJSON line), so keeping the 80,000 more would add ~30 MB: +120% live heap, +23% peak RSS.
 * Live heap: ≤ 5% (its runs differ by under 1%; 5% is ~3,000 cards held). Peak RSS: ≤ 10% (its runs
 * differ by up to 5% on a busy machine, and it drifts up a little with the work; 10% is still less
 * than half of the extra cards held).
 */
const HEAP_MARGIN = 0.05
const RSS_MARGIN = 0.1
const RUNS = 3
const MB = 1024 * 1024
const run = promisify(execFile)

builtNow()
const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'access-desk-stream-')))
const started = performance.now()
// One after the other: three seeding at once on a busy machine overran the start timeout.
const consoles = []
for (const [i, seed] of [[], ['--seed', 'large'], ['--seed', 'large', '--cards', '100000']].entries()) {
  consoles.push(await startDemoConsoleProcess(dirs[i]!, seed))
}
console.log(
  `three demo consoles (120, 20,000 and 100,000 cards) seeded and ready in ${((performance.now() - started) / 1000).toFixed(1)} s`
)
const sizes = [
  { name: 'C120', cards: 120 },
  { name: 'C20000', cards: 20_000 },
  { name: 'C100000', cards: 100_000 }
]
const data = mkdtempSync(join(tmpdir(), 'access-desk-stream-data-'))
try {
  for (const [i, size] of sizes.entries()) await saveConsole(data, size.name, consoles[i]!.info)
  const peakFile = join(data, 'peak.txt')
  const heapFile = join(data, 'heap.txt')
  /** One streamed read into `wc -l`: how many lines, and its peak RSS in MB. */
  const plain = async (name: string) => {
    const { stdout } = await run('sh', [
      '-c',
      `/usr/bin/time -f '%M' -o '${peakFile}' node out/main/access-desk.js --data '${data}' --console ${name} cards.load --stream | wc -l`
    ])
    const peak = Number(readFileSync(peakFile, 'utf8').trim().split('\n').at(-1)) / 1024
    return { lines: Number(stdout.trim()), peak }
  }
  /** The same read with the heap sampler: the live heap in MB after each page, in order. */
  const sampled = async (name: string) => {
    const { stdout } = await run(
      'sh',
      [
        '-c',
        `node --expose-gc --import ./bench/cli-stream-memory-heap.mjs out/main/access-desk.js --data '${data}' --console ${name} cards.load --stream | wc -l`
      ],
      { env: { ...process.env, ACCESS_DESK_HEAP_FILE: heapFile } }
    )
    const heaps = readFileSync(heapFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => Number(l.split(' ')[1]) / MB)
    return { lines: Number(stdout.trim()), heaps }
  }

  const peaks = sizes.map(() => [] as number[])
  const liveMax = sizes.map(() => [] as number[])
  /** Per size, the last run's live heap after its first page and after its last. */
  const firstLast = sizes.map(() => [0, 0])
  for (let round = 0; round < RUNS; round++) {
    for (const [i, size] of sizes.entries()) {
      const a = await plain(size.name)
      const b = await sampled(size.name)
      for (const lines of [a.lines, b.lines]) {
        if (lines !== size.cards) throw new Error(`${size.name} streamed ${lines} lines, not ${size.cards}`)
      }
      peaks[i]!.push(a.peak)
      // The 120-card stream writes no full page: its one sample is none; its live heap is not compared.
      liveMax[i]!.push(b.heaps.length ? Math.max(...b.heaps) : NaN)
      firstLast[i] = [b.heaps[0] ?? NaN, b.heaps.at(-1) ?? NaN]
    }
  }

  const mb = (n: number) => n.toFixed(1)
  const list = (values: number[]) => `[${values.map(mb).join(', ')}]`
  for (const [i, size] of sizes.entries()) {
    console.log(
      `${String(size.cards).padStart(7)} cards: peak RSS ${mb(median(peaks[i]!))} MB ${list(peaks[i]!)}` +
        (size.cards >= 1000
          ? `; live heap after a page, largest ${mb(median(liveMax[i]!))} MB ${list(liveMax[i]!)}, ` +
            `first page ${mb(firstLast[i]![0]!)} MB → last ${mb(firstLast[i]![1]!)} MB`
          : '')
    )
  }
  const rss = median(peaks[2]!) / median(peaks[1]!)
  const live = median(liveMax[2]!) / median(liveMax[1]!)
  const ok = rss <= 1 + RSS_MARGIN && live <= 1 + HEAP_MARGIN
  console.log(
    `access-desk cards.load --stream | wc -l: 100,000 cards against 20,000, peak RSS ${rss.toFixed(2)}×, ` +
      `live heap ${live.toFixed(2)}× (constant: RSS ≤ ${(1 + RSS_MARGIN).toFixed(2)}×, heap ≤ ` +
      `${(1 + HEAP_MARGIN).toFixed(2)}×: ${ok ? 'met' : 'MISSED'}); ` +
      `20,000 against 120, peak RSS ${(median(peaks[1]!) / median(peaks[0]!)).toFixed(2)}×`
  )
  process.exitCode = ok ? 0 : 1
} finally {
  await Promise.all(consoles.map((c) => c.stop()))
  for (const dir of [...dirs, data]) rmSync(dir, { recursive: true, force: true })
}
