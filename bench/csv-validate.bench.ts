import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import Papa from 'papaparse'
import { validateCsv } from '../src/main/services/batches/csv-validate'

/**
 * CSV validation against a bare papaparse parse of the same 100,000-row text (5 % of the rows with
 * the faults real files have). Target: the full validation (parse + repairs + refusals + duplicate
 * checks + the preview rows) takes at most 1.5× the bare parse, `Papa.parse(text)` with its
 * defaults.
 *
 * Judged: warm runs in one process, the two alternating so both see the same machine load, CPU
 * time (with several processes on 2 shared cores, wall-clock time measures the neighbours as much
 * as the code; wall time is printed too). No forced `gc()` between runs: V8's forced full GC drops
 * the optimised code of both functions (seen with --trace-opt), so every run measured
 * recompilation, not parsing; garbage left by one run is collected during the next, as in the app.
 *
 * Printed, not judged: the first preview in a fresh process (cold: papaparse and the validator
 * still interpreted and being compiled), each side in its own process, several processes.
 */
const ROWS = 100_000
const RUNS = 25
const WARMUP = 5
const COLD_PROCESSES = 5
const TARGET = 1.5

function generate(): string {
  const lines: string[] = []
  let seed = 0x2545f491
  for (let i = 0; i < ROWS; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    const id = (0x04000000 + i * 7919 + (seed & 3)).toString(16).toUpperCase().padStart(8, '0')
    // Mostly clean rows, with the faults real files have sprinkled in.
    const kind = i % 100
    if (kind === 0) lines.push(`${id.toLowerCase()},Floor2-${i}`)
    else if (kind === 1) lines.push(`${id.match(/../g)!.join(':')},Floor2-${i}`)
    else if (kind === 2) lines.push(` ${id} , Floor2-${i} `)
    else if (kind === 3) lines.push(`4.21E+13,Floor2-${i}`)
    else if (kind === 4) lines.push(`${id},Floor2-${i - 5}`)
    else lines.push(`${id},Floor2-${i}`)
  }
  return lines.join('\n') + '\n'
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

interface Timing {
  wall: number
  cpu: number
}

/** Wall-clock and CPU milliseconds of one call. */
function time(fn: () => unknown): Timing {
  const cpu = process.cpuUsage()
  const start = performance.now()
  fn()
  const wall = performance.now() - start
  const used = process.cpuUsage(cpu)
  return { wall, cpu: (used.user + used.system) / 1000 }
}

const text = generate()
const parse = () => Papa.parse<string[]>(text)
const validate = () => validateCsv(text)

// Child mode: one cold call, its timing as JSON.
const coldSide = process.argv[2] === '--cold' ? process.argv[3] : undefined
if (coldSide !== undefined) {
  console.log(JSON.stringify(time(coldSide === 'bare' ? parse : validate)))
  process.exit(0)
}

const bare = { wall: [] as number[], cpu: [] as number[] }
const comma = { wall: [] as number[], cpu: [] as number[] }
const full = { wall: [] as number[], cpu: [] as number[] }
let counts: unknown
for (let run = 0; run < RUNS + WARMUP; run++) {
  const b = time(parse)
  const c = time(() => Papa.parse<string[]>(text, { delimiter: ',' }))
  const f = time(() => (counts = validate().counts))
  if (run < WARMUP) continue
  bare.wall.push(b.wall)
  bare.cpu.push(b.cpu)
  comma.wall.push(c.wall)
  comma.cpu.push(c.cpu)
  full.wall.push(f.wall)
  full.cpu.push(f.cpu)
}

function cold(side: 'bare' | 'full'): Timing {
  const self = fileURLToPath(import.meta.url)
  const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--cold', side], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`cold ${side} run failed: ${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as Timing
}
const coldBare = { wall: [] as number[], cpu: [] as number[] }
const coldFull = { wall: [] as number[], cpu: [] as number[] }
for (let i = 0; i < COLD_PROCESSES; i++) {
  const b = cold('bare')
  const f = cold('full')
  coldBare.wall.push(b.wall)
  coldBare.cpu.push(b.cpu)
  coldFull.wall.push(f.wall)
  coldFull.cpu.push(f.cpu)
}

const ms = (t: { wall: number[]; cpu: number[] }) =>
  `${median(t.cpu).toFixed(1)} ms CPU, ${median(t.wall).toFixed(1)} ms wall`
const ratio = median(full.cpu) / median(bare.cpu)
const wallRatio = median(full.wall) / median(bare.wall)
console.log(`rows: ${ROWS}, text: ${(text.length / 1048576).toFixed(1)} MB, warm runs: ${RUNS} (medians)`)
console.log(`bare papaparse parse (defaults): ${ms(bare)}`)
console.log(
  `papaparse, delimiter given:     ${ms(comma)} (${(median(full.cpu) / median(comma.cpu)).toFixed(2)}× CPU against it)`
)
console.log(`full validation:                 ${ms(full)}`)
console.log(`ratio: ${ratio.toFixed(2)}× CPU (target ≤ ${TARGET}×), ${wallRatio.toFixed(2)}× wall`)
console.log(`preview counts: ${JSON.stringify(counts)}`)
console.log(
  `cold, first call in a fresh process (${COLD_PROCESSES} processes each, medians, not judged): ` +
    `bare ${ms(coldBare)}; full ${ms(coldFull)}; ` +
    `${(median(coldFull.cpu) / median(coldBare.cpu)).toFixed(2)}× CPU, ${(median(coldFull.wall) / median(coldBare.wall)).toFixed(2)}× wall`
)
if (ratio > TARGET) {
  console.log('MISSED the target')
  process.exit(1)
}
