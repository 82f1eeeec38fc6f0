// `npm start`: build, then run the desktop app; where the Electron binary is missing (its download
// blocked, as on CI machines) say so in one line and run web mode instead. `npm run web` = --web.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'

const args = process.argv.slice(2)
const web = args.includes('--web')
const passThrough = args.filter((a) => a !== '--web')

const build = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
  stdio: ['ignore', 'ignore', 'inherit']
})
if (build.status !== 0) process.exit(build.status ?? 1)

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
const child = binary
  ? spawn(binary, ['.', ...passThrough], { stdio: 'inherit' })
  : spawn(process.execPath, ['--import', 'tsx', 'src/web/main.ts', ...passThrough], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
