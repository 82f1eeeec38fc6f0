import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const resources = fileURLToPath(new URL('../../resources/', import.meta.url))
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) })

describe('the app icons generated from resources/icon.svg', () => {
  it('Linux: one PNG per size, each as large as its name says', () => {
    const files = readdirSync(join(resources, 'icons')).sort((a, b) => parseInt(a) - parseInt(b))
    expect(files).toEqual(
      ['16x16', '24x24', '32x32', '48x48', '64x64', '128x128', '256x256', '512x512', '1024x1024'].map((s) => `${s}.png`)
    )
    for (const file of files) {
      const png = readFileSync(join(resources, 'icons', file))
      expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE)
      const size = parseInt(file)
      expect(pngSize(png), file).toEqual({ width: size, height: size })
    }
    expect(pngSize(readFileSync(join(resources, 'icon.png')))).toEqual({ width: 1024, height: 1024 })
  })

  it('Windows: an .ico of 16 to 256 px, bitmaps below 256 and a PNG at 256', () => {
    const ico = readFileSync(join(resources, 'icon.ico'))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const count = ico.readUInt16LE(4)
    const entries = Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i
      const size = ico[at] === 0 ? 256 : ico[at]!
      const bytes = ico.readUInt32LE(at + 8)
      const offset = ico.readUInt32LE(at + 12)
      return { size, image: ico.subarray(offset, offset + bytes) }
    })
    expect(entries.map((e) => e.size)).toEqual([16, 24, 32, 48, 64, 128, 256])
    for (const { size, image } of entries) {
      if (size === 256) {
        expect(image.subarray(0, 8)).toEqual(PNG_SIGNATURE)
        expect(pngSize(image)).toEqual({ width: 256, height: 256 })
        continue
      }
      // BITMAPINFOHEADER: 40 bytes, width, twice the height (colour + mask), 32 bits per pixel.
      expect([image.readUInt32LE(0), image.readInt32LE(4), image.readInt32LE(8), image.readUInt16LE(14)]).toEqual([
        40,
        size,
        size * 2,
        32
      ])
      expect(image.length).toBe(40 + size * size * 4 + Math.ceil(size / 32) * 4 * size)
      // Not blank: the tile's blue is in the middle of the picture.
      const middle = 40 + ((size / 2) * size + size / 2) * 4
      expect(image[middle + 3]).toBe(255)
    }
    expect(entries.at(-1)!.image.length).toBeGreaterThan(1000)
  })

  it('macOS: an .icns whose length and sizes are consistent', () => {
    const icns = readFileSync(join(resources, 'icon.icns'))
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const types: string[] = []
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4))
      types.push(icns.subarray(at, at + 4).toString('latin1'))
    // 16, 32 and 48 px as RGB + mask; 128, 256 and 512 px as PNG.
    expect(types).toEqual(
      expect.arrayContaining(['is32', 's8mk', 'il32', 'l8mk', 'ih32', 'h8mk', 'it32', 't8mk', 'ic08', 'ic09'])
    )
  })
})
