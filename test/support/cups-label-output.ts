/**
 * Reading back what a label printer's CUPS driver produced (test/support/cups.ts's file: device), and
 * the page sizes its PPD offers: enough of each format to say the label is not blank and is the
 * label's size. Formats: Brother QL raster (ptouch-driver's rastertoptch: ESC i z print information,
 * then one "g" or "Z" command per raster line) and DYMO LabelWriter (raster2dymolw: ESC L label length
 * in dots, then line commands, ESC E at the end of the label).
 */

/** Points (1/72 in) to millimetres, rounded as CUPS writes a PWG media name (62.09, 99.84, 101.6). */
export const ptToMm = (pt: number) => Number(((pt * 25.4) / 72).toFixed(2))

export interface PpdPage {
  /** PaperDimension: the label's width and height in points. */
  paperPt: { w: number; h: number }
  /** ImageableArea: left, bottom, right, top in points. */
  imageablePt: { left: number; bottom: number; right: number; top: number }
  /** The label's size as CUPS names it in media-supported ("62.09x99.84mm"). */
  pwgSize: string
}

/** One *PageSize of a PPD by its name (the driver's: "62x100mm", "w167h288"). */
export function ppdPage(ppd: string, name: string): PpdPage {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const numbers = (keyword: string) => {
    const m = ppd.match(new RegExp(`^\\*${keyword} ${escaped}(?:/[^:]*)?:\\s*"([^"]+)"`, 'm'))
    if (!m) throw new Error(`the PPD has no *${keyword} ${name}`)
    return m[1]!.trim().split(/\s+/).map(Number)
  }
  const [w, h] = numbers('PaperDimension') as [number, number]
  const [left, bottom, right, top] = numbers('ImageableArea') as [number, number, number, number]
  return { paperPt: { w, h }, imageablePt: { left, bottom, right, top }, pwgSize: `${ptToMm(w)}x${ptToMm(h)}mm` }
}

/** The PPD's resolution in dots per inch (*DefaultResolution: 300dpi). */
export function ppdDpi(ppd: string): number {
  const m = ppd.match(/^\*DefaultResolution:\s*(\d+)(?:x\d+)?dpi/m)
  if (!m) throw new Error('the PPD has no *DefaultResolution')
  return Number(m[1])
}

export interface BrotherQlJob {
  /** The media width the driver told the printer, in mm (ESC i z n3). */
  widthMm: number
  /** The raster lines the driver announced (ESC i z n5..n8). */
  announcedLines: number
  /** The raster lines it sent ("g" with data, "Z" blank). */
  lines: number
  /** Lines with at least one dot printed. */
  inkedLines: number
  /** The print command that ends the page: 0x1a print and feed (the last page), 0x0c print. */
  end: number
}

/** Brother QL raster (Brother's "Raster Command Reference"; the lines are uncompressed as ptouch sends them). */
export function brotherQlJob(bytes: Buffer): BrotherQlJob {
  const z = bytes.indexOf(Buffer.from([0x1b, 0x69, 0x7a]))
  if (z < 0) throw new Error('no ESC i z (print information) in the Brother raster')
  const widthMm = bytes[z + 5]!
  const announcedLines = bytes.readUInt32LE(z + 7)
  let i = z + 13
  let lines = 0
  let inkedLines = 0
  for (;;) {
    const c = bytes[i]
    if (c === undefined) throw new Error('the Brother raster ends without a print command')
    if (c === 0x67) {
      const n = bytes[i + 2]!
      lines++
      if (bytes.subarray(i + 3, i + 3 + n).some((b) => b !== 0)) inkedLines++
      i += 3 + n
    } else if (c === 0x5a) {
      lines++
      i++
    } else if (c === 0x1a || c === 0x0c) {
      return { widthMm, announcedLines, lines, inkedLines, end: c }
    } else {
      throw new Error(`unexpected byte 0x${c.toString(16)} in the Brother raster at ${i}`)
    }
  }
}

export interface DymoLabelWriterJob {
  /** The label length the driver set, in dots (ESC L). */
  labelLengthDots: number
  /** Printed line commands (SYN uncompressed, ETB compressed, each after a line width ESC D). */
  lineCommands: number
  /** Whether the job ends with ESC E (form feed to the next label). */
  formFeed: boolean
}

/** DYMO LabelWriter 300/400/450 commands, as raster2dymolw writes them. */
export function dymoLabelWriterJob(bytes: Buffer): DymoLabelWriterJob {
  const l = bytes.indexOf(Buffer.from([0x1b, 0x4c]))
  if (l < 0) throw new Error('no ESC L (label length) in the DYMO job')
  // A line command follows the line's width (ESC D n) or its start (ESC B n): SYN or ETB.
  let lineCommands = 0
  for (let i = l; i + 3 < bytes.length; i++) {
    if (bytes[i] === 0x1b && (bytes[i + 1] === 0x44 || bytes[i + 1] === 0x42)) {
      if (bytes[i + 3] === 0x16 || bytes[i + 3] === 0x17) lineCommands++
    }
  }
  return {
    labelLengthDots: bytes.readUInt16BE(l + 2),
    lineCommands,
    formFeed: bytes.subarray(-2).equals(Buffer.from([0x1b, 0x45]))
  }
}
