import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { execFileSync } from 'node:child_process'

/**
 * The JavaScript the renderer loads before its first paint: the entry script and every chunk the
 * built index.html preloads. Lazy chunks are not counted. Target: ≤ 250 kB gzip.
 */
const TARGET_KB = 250
execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'ignore' })
const dir = 'out/renderer'
const html = readFileSync(join(dir, 'index.html'), 'utf8')
const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
let raw = 0
let gzip = 0
for (const file of files) {
  const bytes = readFileSync(join(dir, file))
  raw += bytes.length
  gzip += gzipSync(bytes, { level: 9 }).length
  console.log(
    `  ${file}: ${(bytes.length / 1024).toFixed(1)} kB, ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} kB gzip`
  )
}
console.log(
  `initial JS: ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzip (target ≤ ${TARGET_KB} kB gzip)`
)
process.exit(gzip / 1024 <= TARGET_KB ? 0 : 1)
