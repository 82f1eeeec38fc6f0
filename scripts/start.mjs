// `npm start`: build (only when the sources changed since the last build: scripts/ensure-built.mjs),
// then run the desktop app; where the Electron binary is missing (its download blocked, as on CI
// machines) say so in one line and run web mode instead, from its built bundle. `npm run web` = --web.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ensureBuilt } from './ensure-built.mjs'

const args = process.argv.slice(2)
const web = args.includes('--web')
const passThrough = args.filter((a) => a !== '--web')

const root = fileURLToPath(new URL('..', import.meta.url))
const built = ensureBuilt(root, (line) => console.log(line))
if (built !== 0) process.exit(built)

// Look for the binary without require('electron'): that would try (and here fail) to download it.
function electronBinary() {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
    const pathFile = join(dir, 'path.txt')
    if (!existsSync(pathFile)) return undefined
    const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist'), readFileSync(pathFile, 'utf8'))
    return existsSync(binary) ? binary : undefined
  } catch {
    return undefined
  }
}

const binary = web ? undefined : electronBinary()
if (!web && !binary) {
  console.log('The Electron binary is not installed (its download is blocked here): starting web mode instead.')
}
if (binary) {
  const child = spawn(binary, ['.', ...passThrough], { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  // Web mode in this process, as `node out/main/web.js …` would run it (its arguments are its own): a
  // second Node started only to run it cost a start-up of its own on every `npm start`.
  const entry = join(root, 'out/main/web.js')
  // The banner of an open tab names the command that restarts this service (src/web/restart-command.ts).
  process.env.ACCESS_DESK_STARTED_AS = web ? 'npm run web' : 'npm start'
  process.argv = [process.argv[0], entry, ...passThrough]
  await import(pathToFileURL(entry).href)
}
