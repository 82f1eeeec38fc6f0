// Regenerates the app's icons from resources/icon.svg (the generated files are committed):
//   node scripts/packaging/make-icons.mjs
// Needs rsvg-convert (librsvg2-bin) and png2icns (icnsutils); the .ico is written here (PNG entries).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'

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

// Windows: an .ico with the sizes Explorer and the taskbar use. 256 px as PNG, the smaller ones as 32-bit
// bitmaps: the classic layout every reader of .ico accepts (NSIS's installer icon included).
function bitmap(file) {
  const { width, height, data } = PNG.sync.read(readFileSync(file))
  const maskRow = Math.ceil(width / 32) * 4
  const header = Buffer.alloc(40)
  header.writeUInt32LE(40, 0)
  header.writeInt32LE(width, 4)
  header.writeInt32LE(height * 2, 8)
  header.writeUInt16LE(1, 12)
  header.writeUInt16LE(32, 14)
  header.writeUInt32LE(width * height * 4 + maskRow * height, 20)
  const pixels = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4
      const to = ((height - 1 - y) * width + x) * 4
      pixels[to] = data[from + 2]
      pixels[to + 1] = data[from + 1]
      pixels[to + 2] = data[from]
      pixels[to + 3] = data[from + 3]
    }
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * height)])
}
const win = [16, 24, 32, 48, 64, 128, 256]
const images = win.map((s) => {
  const file = join(resources, 'icons', `${s}x${s}.png`)
  return s >= 256 ? readFileSync(file) : bitmap(file)
})
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
