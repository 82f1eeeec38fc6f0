import Papa from 'papaparse'
import { validateCsv } from '../src/main/services/batches/csv-validate'

/**
 * CSV validation against a bare papaparse parse of the same 100,000-row text. Target: the full
 * validation (parse + repairs + refusals + duplicate checks) takes at most 1.5× the bare parse,
 * `Papa.parse(text)` with its defaults. CPU time is judged: with several processes on 2 shared
 * cores, wall-clock time measures the neighbours as much as the code. Wall time is printed too,
 * and a parse with the delimiter given (no guessing) as a stricter reference.
 */
const ROWS = 100_000
const RUNS = 11
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

/** Wall-clock and CPU milliseconds of one call (CPU time is what counts on a shared machine). */
function time(fn: () => unknown): { wall: number; cpu: number } {
  ;(globalThis as { gc?: () => void }).gc?.()
  const cpu = process.cpuUsage()
  const start = performance.now()
  fn()
  const wall = performance.now() - start
  const used = process.cpuUsage(cpu)
  return { wall, cpu: (used.user + used.system) / 1000 }
}

const text = generate()
const bare = { wall: [] as number[], cpu: [] as number[] }
const comma = { wall: [] as number[], cpu: [] as number[] }
const full = { wall: [] as number[], cpu: [] as number[] }
let counts: unknown
// Alternate the two so that both see the same machine load; the first runs warm up the JIT.
for (let run = 0; run < RUNS + 2; run++) {
  const b = time(() => Papa.parse<string[]>(text))
  const c = time(() => Papa.parse<string[]>(text, { delimiter: ',' }))
  const f = time(() => (counts = validateCsv(text).counts))
  if (run < 2) continue
  bare.wall.push(b.wall)
  bare.cpu.push(b.cpu)
  comma.wall.push(c.wall)
  comma.cpu.push(c.cpu)
  full.wall.push(f.wall)
  full.cpu.push(f.cpu)
}
const ratio = median(full.cpu) / median(bare.cpu)
const wallRatio = median(full.wall) / median(bare.wall)
console.log(`rows: ${ROWS}, text: ${(text.length / 1048576).toFixed(1)} MB, runs: ${RUNS} (medians)`)
console.log(
  `bare papaparse parse (defaults): ${median(bare.cpu).toFixed(1)} ms CPU, ${median(bare.wall).toFixed(1)} ms wall`
)
console.log(
  `papaparse, delimiter given: ${median(comma.cpu).toFixed(1)} ms CPU, ${median(comma.wall).toFixed(1)} ms wall (${(median(full.cpu) / median(comma.cpu)).toFixed(2)}× CPU against it)`
)
console.log(`full validation:      ${median(full.cpu).toFixed(1)} ms CPU, ${median(full.wall).toFixed(1)} ms wall`)
console.log(`ratio: ${ratio.toFixed(2)}× CPU (target ≤ ${TARGET}×), ${wallRatio.toFixed(2)}× wall`)
console.log(`preview counts: ${JSON.stringify(counts)}`)
if (ratio > TARGET) {
  console.log('MISSED the target')
  process.exit(1)
}
