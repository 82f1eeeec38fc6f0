// Whether out/ was built from the sources as they are now, without building: `npm start`,
// `npm run web` and `npm run cli` build only when this says so (scripts/ensure-built.mjs).
//
// The stamp lists each build input's path, size and mtime as they were when a build started; the
// build writes it (electron.vite.config.ts, when its main section is written), so every
// `npm run build` counts, wherever it was run from. It lives outside out/: out/ is what gets packaged.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'

/** The build's inputs besides src/**: its configuration, the packages it bundles against. */
const CONFIG_FILES = ['electron.vite.config.ts', 'package.json', 'package-lock.json']

/**
 * What `npm start` and `npm run cli` run: each must have been written by the build the stamp
 * describes (not older than its start). An older one is left from a build that failed part way.
 */
export const BUILT_OUTPUTS = [
  'out/main/index.js',
  'out/main/web.js',
  'out/main/cli.js',
  'out/main/reader-host.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
  'out/renderer/web-bridge.js'
]

export const stampPath = (root) => join(root, 'node_modules/.cache/access-desk/build-stamp.json')

function listFiles(root, dir) {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
}

/** The inputs now: `path size mtime` a line, sorted (a file added, removed, resized or touched changes it). */
export function readInputs(root) {
  const tsconfigs = readdirSync(root).filter((f) => /^tsconfig.*\.json$/.test(f))
  const files = [...listFiles(root, 'src'), ...CONFIG_FILES.filter((f) => existsSync(join(root, f))), ...tsconfigs]
  return files
    .sort()
    .map((f) => {
      const s = statSync(join(root, f))
      return `${f} ${s.size} ${s.mtimeMs}`
    })
    .join('\n')
}

/** Called as a build starts: its inputs, and the time outputs written by it are newer than. */
export function beginStamp(root) {
  return { startedAt: Date.now(), inputs: readInputs(root) }
}

export function writeStamp(root, stamp) {
  const file = stampPath(root)
  mkdirSync(dirname(file), { recursive: true })
  // Written beside, then renamed over: a stamp cut by a crash is never half written, and a checkout whose
  // node_modules is hard-linked from another (`cp -al`) gets its own file instead of rewriting the other's.
  const written = `${file}.${process.pid}.tmp`
  writeFileSync(written, JSON.stringify(stamp))
  renameSync(written, file)
}

/**
 * Why out/ must be built before it is run (a sentence), or undefined when it matches the sources.
 */
export function buildNeeded(root) {
  const missing = BUILT_OUTPUTS.find((f) => !existsSync(join(root, f)))
  if (missing) return `${missing} is missing`
  let stamp
  try {
    stamp = JSON.parse(readFileSync(stampPath(root), 'utf8'))
  } catch {
    return 'no build has been recorded'
  }
  // Written before the build started: left from an earlier build (this one failed after main).
  const stale = BUILT_OUTPUTS.find((f) => statSync(join(root, f)).mtimeMs < stamp.startedAt - 1000)
  if (stale) return `${stale} is older than the last build`
  if (stamp.inputs !== readInputs(root)) return 'sources changed since the last build'
  return undefined
}
