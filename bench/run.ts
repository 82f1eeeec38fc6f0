import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

/**
 * `npm run bench`: runs every `bench/*.bench.ts` in its own process (so memory figures are its
 * own) and lets each print its figures. A benchmark that misses its target exits non-zero.
 */
const only = process.argv[2]
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort()
let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', `bench/${file}`], { stdio: 'inherit' })
  if (run.status !== 0) failed++
}
console.log(`\n${files.length - failed} benchmarks met their targets, ${failed} did not`)
process.exit(failed ? 1 : 0)
