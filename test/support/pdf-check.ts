import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jsQR from 'jsqr'

/**
 * What a badge PDF holds, read by poppler-utils (pdfinfo, pdftotext, pdftoppm) and jsQR: the page
 * size in millimetres, its text, and the value of the QR code on it.
 */
export interface PdfContents {
  pages: number
  widthMm: number
  heightMm: number
  text: string
  qr: string | null
}

const MM_PER_PT = 25.4 / 72

/** A binary PPM (P6), as pdftoppm writes it, to RGBA for jsQR. */
function ppmToRgba(ppm: Buffer): { data: Uint8ClampedArray; width: number; height: number } {
  // Header: "P6\n<w> <h>\n<max>\n" (whitespace-separated), then RGB bytes.
  let pos = 0
  const fields: string[] = []
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(ppm[pos]!))) pos++
    let field = ''
    while (!/\s/.test(String.fromCharCode(ppm[pos]!))) field += String.fromCharCode(ppm[pos++]!)
    fields.push(field)
  }
  pos++
  const [magic, w, h] = fields
  if (magic !== 'P6') throw new Error(`not a binary PPM: ${magic}`)
  const width = Number(w)
  const height = Number(h)
  const data = new Uint8ClampedArray(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = ppm[pos + i * 3]!
    data[i * 4 + 1] = ppm[pos + i * 3 + 1]!
    data[i * 4 + 2] = ppm[pos + i * 3 + 2]!
    data[i * 4 + 3] = 255
  }
  return { data, width, height }
}

export function readPdf(pdf: Uint8Array | string): PdfContents {
  const dir = mkdtempSync(join(tmpdir(), 'access-desk-pdf-'))
  try {
    let path: string
    if (typeof pdf === 'string') path = pdf
    else {
      path = join(dir, 'badge.pdf')
      writeFileSync(path, pdf)
    }
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
    const size = info.match(/Page size:\s+([\d.]+) x ([\d.]+) pts/)
    const pages = Number(info.match(/Pages:\s+(\d+)/)?.[1] ?? 0)
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
    execFileSync('pdftoppm', ['-r', '300', '-f', '1', '-l', '1', path, join(dir, 'page')])
    const ppm = readFileSync(join(dir, 'page-1.ppm'))
    const image = ppmToRgba(ppm)
    const qr = jsQR(image.data, image.width, image.height)?.data ?? null
    return {
      pages,
      widthMm: Number(size?.[1]) * MM_PER_PT,
      heightMm: Number(size?.[2]) * MM_PER_PT,
      text,
      qr
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
