import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { builtNow, median, ms, root, timeUntil } from './support/process-timing'

/**
 * The installed command's start: `access-desk channels` (node out/main/access-desk.js, what
 * package.json `bin` runs), wall time from spawn to the first byte of its output, against a bare
 * `node -e` importing what the launcher imports (its chunks and packages, evaluated, nothing called)
 * run to its exit. Targets: ≤ 0.5 s and ≤ 2× the bare import. `--help` and `npm run -s cli`
 * (npm's own start and the build check) are printed beside. Seven of each, alternated; medians.
 */
const TARGET = { ms: 500, ratio: 2 }
const RUNS = 7
const importsOf = (file: string) =>
  [
    ...readFileSync(join(root, 'out/main', file), 'utf8').matchAll(/^import\s+(?:[^'"]*?from\s+)?["']([^"']+)["'];?$/gm)
  ].map((m) => m[1]!)

builtNow()
// access-desk.js only imports the launcher's chunk: the bare run imports what that chunk imports.
const [launcher] = importsOf('access-desk.js')
const imports = importsOf(launcher!.replace(/^\.\//, '')).map((s) =>
  s.startsWith('.') ? pathToFileURL(join(root, 'out/main', s)).href : s
)
const bare = `await Promise.all(${JSON.stringify(imports)}.map((m) => import(m)))`
const dataDir = mkdtempSync(join(tmpdir(), 'access-desk-cli-'))
const firstByte = () => true
try {
  const [cliMs, bareMs, helpMs, npmMs]: [number[], number[], number[], number[]] = [[], [], [], []]
  for (let i = 0; i < RUNS; i++) {
    const cli = await timeUntil(process.execPath, ['out/main/access-desk.js', '--data', dataDir, 'channels'], firstByte)
    if (!cli.out.startsWith('[')) throw new Error(`access-desk channels failed:\n${cli.out.slice(0, 2000)}`)
    cliMs.push(cli.ms)
    bareMs.push((await timeUntil(process.execPath, ['--input-type=module', '-e', bare])).ms)
    helpMs.push((await timeUntil(process.execPath, ['out/main/access-desk.js', '--help'], firstByte)).ms)
  }
  for (let i = 0; i < 3; i++)
    npmMs.push((await timeUntil('npm', ['run', '-s', 'cli', '--', '--data', dataDir, 'channels'], firstByte)).ms)
  const [cliMedian, bareMedian] = [median(cliMs), median(bareMs)]
  const ratio = cliMedian / bareMedian
  const met = { ms: cliMedian <= TARGET.ms, ratio: ratio <= TARGET.ratio }
  console.log(
    `access-desk channels, first byte: ${ms(cliMedian)} [${cliMs.map(ms).join(', ')}] ` +
      `(target ≤ ${ms(TARGET.ms)}: ${met.ms ? 'met' : 'MISSED'}); ` +
      `bare node importing the launcher's ${imports.length} modules: ${ms(bareMedian)} [${bareMs.map(ms).join(', ')}] → ` +
      `${ratio.toFixed(2)}× (target ≤ ${TARGET.ratio}×: ${met.ratio ? 'met' : 'MISSED'}); ` +
      `--help: ${ms(median(helpMs))}; through npm run -s cli: ${ms(median(npmMs))} [${npmMs.map(ms).join(', ')}]`
  )
  process.exitCode = met.ms && met.ratio ? 0 : 1
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
