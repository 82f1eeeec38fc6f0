import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { builtNow, median, ms, root, timeUntil } from './support/process-timing'

/**
 * `cli channels` as `npm run cli` runs it (`node scripts/cli.mjs`: the build check, then the built
 * CLI), wall time to exit, against a bare `node -e` importing what out/main/cli.js imports (its
 * chunks and packages, evaluated, nothing called). Targets: ≤ 0.5 s and ≤ 2× the bare import.
 * Five of each, alternated; medians. `npm run -s cli` itself is printed beside (npm's own start).
 */
const TARGET = { ms: 500, ratio: 2 }
const RUNS = 5

builtNow()
const imports = [...readFileSync(join(root, 'out/main/cli.js'), 'utf8').matchAll(/^import .* from "([^"]+)";?$/gm)]
  .map((m) => m[1]!)
  .map((s) => (s.startsWith('.') ? pathToFileURL(join(root, 'out/main', s)).href : s))
const bare = `await Promise.all(${JSON.stringify(imports)}.map((m) => import(m)))`
const dataDir = mkdtempSync(join(tmpdir(), 'access-desk-cli-'))
try {
  const [cliMs, bareMs, npmMs]: [number[], number[], number[]] = [[], [], []]
  for (let i = 0; i < RUNS; i++) {
    const cli = await timeUntil(process.execPath, ['scripts/cli.mjs', '--data', dataDir, 'channels'])
    if (cli.code !== 0 || !cli.out.startsWith('[')) throw new Error(`cli channels failed:\n${cli.out.slice(0, 2000)}`)
    if (/Building first/.test(cli.out)) {
      // Someone edited a source meanwhile: that call built; not timed.
      i--
      continue
    }
    cliMs.push(cli.ms)
    bareMs.push((await timeUntil(process.execPath, ['--input-type=module', '-e', bare])).ms)
  }
  for (let i = 0; i < 3; i++)
    npmMs.push((await timeUntil('npm', ['run', '-s', 'cli', '--', '--data', dataDir, 'channels'])).ms)
  const [cliMedian, bareMedian] = [median(cliMs), median(bareMs)]
  const ratio = cliMedian / bareMedian
  const met = { ms: cliMedian <= TARGET.ms, ratio: ratio <= TARGET.ratio }
  console.log(
    `cli channels: ${ms(cliMedian)} [${cliMs.map(ms).join(', ')}] (target ≤ ${ms(TARGET.ms)}: ${met.ms ? 'met' : 'MISSED'}); ` +
      `bare node importing the same ${imports.length} modules: ${ms(bareMedian)} [${bareMs.map(ms).join(', ')}] → ` +
      `${ratio.toFixed(2)}× (target ≤ ${TARGET.ratio}×: ${met.ratio ? 'met' : 'MISSED'}); ` +
      `through npm run -s cli: ${ms(median(npmMs))} [${npmMs.map(ms).join(', ')}]`
  )
  process.exitCode = met.ms && met.ratio ? 0 : 1
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
