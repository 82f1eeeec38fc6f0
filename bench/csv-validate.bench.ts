import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import Papa from 'papaparse'
import { validateCsv } from '../src/main/services/batches/csv-validate'
import { loadCsvParser } from '../src/main/services/csv-parser'

/**
 * CSV validation against a bare papaparse parse of the same 100,000-row text (5 % of the rows with
 * the faults real files have). Target: the full validation (parse + repairs + refusals + duplicate
 * checks + the preview rows) takes at most 1.5× the bare parse with the validator's own settings:
 * delimiter `,`, line break `\n`, rows handed over chunk by chunk (`chunkSize` 512 K characters, a
 * `chunk` callback that keeps nothing). That is the parse the validator cannot do without, so the
 * ratio is the cost of validating alone. The validator reads quote-free lines (all of this text) in
 * one pass of its own instead (csv-plain-rows.ts), so it may well come in under the parse.
 *
 * Printed, not judged: the same rows with a quoted alias on the first line, so papaparse reads the
 * whole file (the validator's path for quoted input, as before the one-pass reader).
 *
 * Printed, not judged: the ratio against `Papa.parse(text)` with its defaults (delimiter guessed
 * from the first rows, every row in one array), the baseline used before. It mixes two things: the
 * default parse pays for guessing the delimiter and for holding every row at once (more garbage
 * collection), which the validator's chunked parse does not, so it says less about validation.
 *
 * Judged: warm runs in one process, the three alternating so all see the same machine load, CPU
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
/** `CHUNK_CHARS` of csv-validate.ts: the bare parse reads in chunks of the same size. */
const CHUNK_CHARS = 1 << 19

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
// The quoted text goes through papaparse, which main loads on the first file read (csv-parser.ts).
await loadCsvParser()

/** papaparse calls `chunk` synchronously for a string (as in csv-validate.ts; its typings do not say so). */
const parseInChunks = Papa.parse as unknown as (
  text: string,
  config: Papa.ParseConfig<string[]> & { chunkSize: number; chunk(result: Papa.ParseResult<string[]>): void }
) => void

let bareRows = 0
/** The validator's parse and nothing else: same delimiter, line break and chunks; rows only counted. */
const sameSettings = () => {
  let rows = 0
  parseInChunks(text, {
    delimiter: ',',
    newline: '\n',
    chunkSize: CHUNK_CHARS,
    chunk: (result) => {
      rows += result.data.length
    }
  })
  bareRows = rows
}
/** The baseline used before: papaparse's defaults (delimiter guessed, all rows in one array). */
const defaults = () => Papa.parse<string[]>(text)
const validate = () => validateCsv(text)
/** A quote on line 1: every line goes through papaparse. */
const quotedText = text.replace(/,(Floor2-\d+)\n/, ',"$1"\n')
const validateQuoted = () => validateCsv(quotedText)
type Side = 'same' | 'default' | 'full'
const sides: Record<Side, () => unknown> = { same: sameSettings, default: defaults, full: validate }

// Child mode: one cold call, its timing as JSON.
const coldSide = process.argv[2] === '--cold' ? (process.argv[3] as Side) : undefined
if (coldSide !== undefined) {
  console.log(JSON.stringify(time(sides[coldSide])))
  process.exit(0)
}

const samples = () => ({ wall: [] as number[], cpu: [] as number[] })
const push = (into: { wall: number[]; cpu: number[] }, t: Timing) => {
  into.wall.push(t.wall)
  into.cpu.push(t.cpu)
}
const same = samples()
const dflt = samples()
const full = samples()
const quoted = samples()
let counts: unknown
let quotedCounts: unknown
for (let run = 0; run < RUNS + WARMUP; run++) {
  const s = time(sameSettings)
  const d = time(defaults)
  const f = time(() => (counts = validate().counts))
  const q = time(() => (quotedCounts = validateQuoted().counts))
  if (run < WARMUP) continue
  push(same, s)
  push(dflt, d)
  push(full, f)
  push(quoted, q)
}
if (bareRows !== ROWS + 1) throw new Error(`the bare parse read ${bareRows} rows, not ${ROWS + 1}`)

function cold(side: Side): Timing {
  const self = fileURLToPath(import.meta.url)
  const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--cold', side], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`cold ${side} run failed: ${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as Timing
}
const coldSame = samples()
const coldDefault = samples()
const coldFull = samples()
for (let i = 0; i < COLD_PROCESSES; i++) {
  push(coldSame, cold('same'))
  push(coldDefault, cold('default'))
  push(coldFull, cold('full'))
}

type Samples = { wall: number[]; cpu: number[] }
const ms = (t: Samples) => `${median(t.cpu).toFixed(1)} ms CPU, ${median(t.wall).toFixed(1)} ms wall`
const ratios = (over: Samples, base: Samples) =>
  `${(median(over.cpu) / median(base.cpu)).toFixed(2)}× CPU, ${(median(over.wall) / median(base.wall)).toFixed(2)}× wall`
const ratio = median(full.cpu) / median(same.cpu)
console.log(`rows: ${ROWS}, text: ${(text.length / 1048576).toFixed(1)} MB, warm runs: ${RUNS} (medians)`)
console.log(`papaparse, validator's settings (',' '\\n', chunks of ${CHUNK_CHARS}): ${ms(same)}`)
console.log(`papaparse, defaults (delimiter guessed, one array):     ${ms(dflt)}`)
console.log(`full validation:                                        ${ms(full)}`)
console.log(`ratio against the same-settings parse (judged): ${ratios(full, same)} (target ≤ ${TARGET}× CPU)`)
console.log(`ratio against the default parse (old baseline, not judged): ${ratios(full, dflt)}`)
console.log(`preview counts: ${JSON.stringify(counts)}`)
console.log(
  `quoted alias on line 1, every line through papaparse (not judged): ${ms(quoted)}, ` +
    `${ratios(quoted, same)} against the same-settings parse`
)
if (JSON.stringify(quotedCounts) !== JSON.stringify(counts))
  throw new Error(`quoted text read otherwise: ${JSON.stringify(quotedCounts)}`)
console.log(
  `cold, first call in a fresh process (${COLD_PROCESSES} processes each, medians, not judged): ` +
    `same-settings parse ${ms(coldSame)}; default parse ${ms(coldDefault)}; full ${ms(coldFull)}; ` +
    `full against same-settings ${ratios(coldFull, coldSame)}, against default ${ratios(coldFull, coldDefault)}`
)
if (ratio > TARGET) {
  console.log('MISSED the target')
  process.exit(1)
}
