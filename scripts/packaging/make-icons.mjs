// Regenerates the app's icons from resources/icon.svg (the generated files are committed):
//   node scripts/packaging/make-icons.mjs
// Needs rsvg-convert (librsvg2-bin) and png2icns (icnsutils); the .ico is written here (PNG entries).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const resources = new URL('../../resources/', import.meta.url).pathname
const svg = join(resources, 'icon.svg')
const png = (size, file) => {
  execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), svg, '-o', file])
  return file
}

// Linux: one PNG per size, named as electron-builder and the icon theme expect.
mkdirSync(join(resources, 'icons'), { recursive: true })
const linux = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
for (const size of linux) png(size, join(resources, 'icons', `${size}x${size}.png`))
png(1024, join(resources, 'icon.png'))

// macOS: the sizes an .icns holds.
const mac = [16, 32, 48, 128, 256, 512].map((s) => join(resources, 'icons', `${s}x${s}.png`))
execFileSync('png2icns', [join(resources, 'icon.icns'), ...mac], { stdio: 'ignore' })

// Windows: an .ico of PNG images (Vista and later), the sizes Explorer and the taskbar use.
const win = [16, 24, 32, 48, 64, 128, 256]
const images = win.map((s) => readFileSync(join(resources, 'icons', `${s}x${s}.png`)))
const header = Buffer.alloc(6)
header.writeUInt16LE(0, 0)
header.writeUInt16LE(1, 2)
header.writeUInt16LE(win.length, 4)
let offset = 6 + 16 * win.length
const entries = win.map((size, i) => {
  const entry = Buffer.alloc(16)
  entry.writeUInt8(size >= 256 ? 0 : size, 0)
  entry.writeUInt8(size >= 256 ? 0 : size, 1)
  entry.writeUInt16LE(1, 4)
  entry.writeUInt16LE(32, 6)
  entry.writeUInt32LE(images[i].length, 8)
  entry.writeUInt32LE(offset, 12)
  offset += images[i].length
  return entry
})
writeFileSync(join(resources, 'icon.ico'), Buffer.concat([header, ...entries, ...images]))
