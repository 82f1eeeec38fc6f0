// Prints the mutation score of the last `stryker run` per module and in all, from Stryker's JSON
// report, and exits non-zero below the break threshold of stryker.config.mjs. CI prints this line
// so the score is read in the log, not only in the HTML/JSON report.
import { readFileSync } from 'node:fs'
import config from '../stryker.config.mjs'

const report = JSON.parse(readFileSync(config.jsonReporter.fileName, 'utf8'))
const detected = new Set(['Killed', 'Timeout'])
// Stryker's own formula: (killed + timeout) / (everything valid). Compile errors are not mutants.
const counted = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])

let allDetected = 0
let allCounted = 0
const rows = []
for (const [file, { mutants }] of Object.entries(report.files)) {
  const valid = mutants.filter((m) => counted.has(m.status))
  const hit = valid.filter((m) => detected.has(m.status)).length
  const survivors = valid.filter((m) => !detected.has(m.status)).map((m) => `${m.location.start.line}`)
  allDetected += hit
  allCounted += valid.length
  rows.push({ file, hit, total: valid.length, survivors })
}
rows.sort((a, b) => a.file.localeCompare(b.file))
for (const r of rows) {
  const score = r.total ? ((100 * r.hit) / r.total).toFixed(2) : '100.00'
  const left = r.survivors.length ? `  survivors at lines ${r.survivors.join(', ')}` : ''
  console.log(`${score.padStart(6)} %  ${String(r.hit).padStart(4)}/${String(r.total).padEnd(4)} ${r.file}${left}`)
}
const score = allCounted ? (100 * allDetected) / allCounted : 100
const threshold = config.thresholds.break
console.log(
  `mutation score ${score.toFixed(2)} % (${allDetected} of ${allCounted} mutants detected; break below ${threshold} %)`
)
process.exit(score < threshold ? 1 : 0)
