import { existsSync } from 'node:fs'
import { FIT_STEPS, QR_MIN_MM, chooseFit } from '../../../shared/badges/badge-fit-rule'
import { badgeStocks, type BadgeJob, type BadgeSettings } from '../../../shared/badges/schemas'
import { formats } from '../../../shared/format/formats'
import { badgeWords } from '../../../shared/i18n/badge-words'
import type { Language } from '../../../shared/i18n/locales'

/**
 * The badge as a PDF, made in main without a window: web mode has no Electron to print a page, and a
 * printer reached by IPP takes a document, not a window. One page the size of the label stock, laid
 * out as the screen's badge is (components/badges/BadgeView.svelte and badge.css): the site's logo
 * and name with the VISITOR tag, the visitor's name, company, host and validity, and the QR code —
 * the console's own image (E15), so the code printed is the console's value, never one made here.
 */
export interface BadgePdfInput {
  job: BadgeJob
  /** The console's QR code image (PNG), as downloaded (E15). */
  qrPng: Uint8Array
  settings: Pick<BadgeSettings, 'siteName' | 'logoDataUrl'>
  /** How validity times are written (the desk's locale and zone); tests pass a fixed one. */
  formatTime?: (unixSeconds: number) => string
  /** The badge's language (the kiosk's visitor's); none: English words, this computer's date format. */
  language?: Language | undefined
}

const PT_PER_MM = 72 / 25.4
const mm = (v: number) => v * PT_PER_MM

/**
 * Fonts with more than Latin-1: the PDF's standard Helvetica writes only WinAnsi, so a name like
 * "Zoë Łukasik" or "Ђорђе" would lose letters. The first font found on this computer is embedded
 * (subset); none found falls back to Helvetica. CJK needs a CJK font (Noto CJK) installed.
 */
const FONT_CANDIDATES: { regular: string; bold: string }[] = [
  {
    regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'
  },
  { regular: '/Library/Fonts/Arial Unicode.ttf', bold: '/Library/Fonts/Arial Unicode.ttf' },
  { regular: 'C:\\Windows\\Fonts\\arial.ttf', bold: 'C:\\Windows\\Fonts\\arialbd.ttf' }
]

let fonts: { regular: string; bold: string } | null | undefined
function fontFiles(): { regular: string; bold: string } | null {
  fonts ??= FONT_CANDIDATES.find((f) => existsSync(f.regular) && existsSync(f.bold)) ?? null
  return fonts
}

/** Each stock's type sizes and QR code, as badge.css sets them. */
function styleOf(stock: BadgeJob['stock']) {
  if (stock === 'a6') return { pad: 7, site: 12, name: 24, company: 14, line: 10, qr: 55, landscape: false }
  if (stock === '4x3in') return { pad: 4, site: 9, name: 16, company: 10, line: 7.5, qr: 36, landscape: true }
  return { pad: 4, site: 9, name: 16, company: 10, line: 7.5, qr: 40, landscape: false }
}

/** The smallest QR code a door reader still reads (shared/badges/badge-fit-rule). */
const QR_MIN = mm(QR_MIN_MM)

type Doc = PDFKit.PDFDocument
interface BadgeLines {
  name: string
  company: string | null
  host: string | null
  from: string
  until: string
}

/**
 * The type sizes of the badge's text, the largest that leave the QR code its room: under the text
 * (portrait: its full size if the type stays readable, else smaller but never under 20 mm) or beside it (landscape: the text within
 * the label's height). The name is set whole and no word of it is ever broken inside (each word, split at
 * its hyphens, fits the width); the company and host take two lines at most (cut with "…" when drawn).
 * A name so long that no size fits gets the smallest: the code still keeps its 20 mm.
 */
function fitText(
  doc: Doc,
  font: { regular: string; bold: string },
  lines: BadgeLines,
  style: { name: number; company: number; line: number },
  width: number,
  room: number,
  qr: number
): { name: number; company: number; line: number } {
  const height = (k: number) => {
    const size = { name: style.name * k, company: style.company * k, line: style.line * k }
    doc.font(font.bold).fontSize(size.name)
    const widest = Math.max(...lines.name.split(/\s+|(?<=-)/).map((w) => doc.widthOfString(w)))
    let h = doc.heightOfString(lines.name, { width, lineGap: 0 })
    const atMostTwo = (text: string, px: number) => Math.min(doc.heightOfString(text, { width }), px * 1.2 * 2 + 0.5)
    doc.font(font.regular).fontSize(size.company)
    if (lines.company) h += atMostTwo(lines.company, size.company)
    doc.fontSize(size.line)
    if (lines.host) h += atMostTwo(lines.host, size.line)
    h += doc.heightOfString(lines.from, { width }) + doc.heightOfString(lines.until, { width })
    return { scale: k, size, fits: widest <= width, qrRoom: room - h - gap }
  }
  const gap = qr ? mm(2) : 0
  // The one rule of the badge's text and its code (shared/badges/badge-fit-rule), on pdfkit's metrics.
  return chooseFit(FIT_STEPS.map(height), qr, QR_MIN).size
}

/** Validity as the badge's language writes dates ("12 Jan 2026, 09:00"; "12. Jan. 2026, 09:00"). */
const formatIn = (language: Language | undefined) => (s: number) => (s ? formats(language).dateTime(s * 1000) : '—')

/** PNG and JPEG logos only: PDF has no WebP or SVG image, and such a logo is left off (the name stays). */
function logoBytes(dataUrl: string | null): Buffer | null {
  const m = dataUrl?.match(/^data:image\/(png|jpeg);base64,(.+)$/)
  return m ? Buffer.from(m[2]!, 'base64') : null
}

export async function makeBadgePdf(input: BadgePdfInput): Promise<Uint8Array> {
  // PDFKit (with its fonts' metrics, ~9 MB of main's memory) is loaded on the first badge, not at main's start.
  const { default: PDFDocument } = await import('pdfkit')
  const { job, settings } = input
  const formatTime = input.formatTime ?? formatIn(input.language)
  const words = badgeWords(input.language)
  const stock = badgeStocks[job.stock]
  const s = styleOf(job.stock)
  const width = mm(stock.widthMm)
  const height = mm(stock.heightMm)
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    autoFirstPage: true,
    info: { Title: words.t('title', { name: job.name }), Creator: 'Access Desk' }
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })

  const f = fontFiles()
  const regular = f ? 'badge-regular' : 'Helvetica'
  const bold = f ? 'badge-bold' : 'Helvetica-Bold'
  if (f) {
    doc.registerFont(regular, f.regular)
    doc.registerFont(bold, f.bold)
  }

  const pad = mm(s.pad)
  const inner = width - 2 * pad
  let y = pad

  // Header: logo, VISITOR tag on the right, the site's name (on its own line on narrow labels).
  const tag = words.t('visitor').toUpperCase()
  doc.font(bold).fontSize(7)
  const tagW = doc.widthOfString(tag, { characterSpacing: 1 }) + mm(3)
  const tagH = mm(4)
  const logo = logoBytes(settings.logoDataUrl)
  let headH = mm(8)
  let x = pad
  if (logo) {
    try {
      doc.image(logo, pad, y, { fit: [mm(18), mm(9)] })
      x += mm(20)
      headH = Math.max(headH, mm(9))
    } catch {
      // A logo PDFKit cannot read is left off: the badge is still the visitor's.
    }
  }
  doc.rect(pad + inner - tagW, y + (headH - tagH) / 2, tagW, tagH).fill('#111111')
  doc
    .fillColor('#ffffff')
    .text(tag, pad + inner - tagW, y + (headH - tagH) / 2 + mm(0.9), {
      width: tagW,
      align: 'center',
      characterSpacing: 1,
      lineBreak: false
    })
    .fillColor('#111111')
  const narrow = job.stock === 'dk-11202' || job.stock === 'dymo-30256'
  if (settings.siteName) {
    doc.font(bold).fontSize(s.site)
    if (narrow) {
      y += headH
      doc.text(settings.siteName, pad, y, { width: inner, height: s.site * 2.3, ellipsis: true })
      y = doc.y
    } else {
      doc.text(settings.siteName, x, y + (headH - s.site) / 2, {
        width: pad + inner - tagW - mm(2) - x,
        height: s.site * 2.3,
        ellipsis: true
      })
      y = Math.max(y + headH, doc.y)
    }
  } else {
    y += headH
  }
  y += mm(1.5)
  doc
    .moveTo(pad, y)
    .lineTo(pad + inner, y)
    .lineWidth(mm(0.4))
    .stroke('#111111')
  y += mm(2)

  // Text, then the QR code under it (portrait) or right of it (the landscape 4 × 3 in insert).
  const qr = mm(s.qr)
  const textW = s.landscape ? inner - qr - mm(4) : inner
  const top = y
  const lines = {
    name: job.name,
    company: job.company || null,
    host: job.host ? words.t('host', { host: job.host }) : null,
    from: words.t('validFrom', { time: formatTime(job.validFrom) }),
    until: words.t('until', { time: formatTime(job.validTo) })
  }
  const fit = fitText(doc, { regular, bold }, lines, s, textW, height - pad - top, s.landscape ? 0 : qr)
  doc.font(bold).fontSize(fit.name).fillColor('#111111').text(lines.name, pad, y, { width: textW, lineGap: 0 })
  // The company and the host give way first: two lines each at most, cut with "…" (the name never is).
  const twoLines = (size: number) => ({ width: textW, height: size * 1.2 * 2 + 0.5, ellipsis: true })
  if (lines.company) doc.font(regular).fontSize(fit.company).text(lines.company, pad, doc.y, twoLines(fit.company))
  doc.font(regular).fontSize(fit.line).fillColor('#333333')
  if (lines.host) doc.text(lines.host, pad, doc.y, twoLines(fit.line))
  doc.text(lines.from, pad, doc.y, { width: textW })
  doc.text(lines.until, pad, doc.y, { width: textW })
  const qrPng = Buffer.from(input.qrPng)
  if (s.landscape) {
    const room = height - pad - top
    doc.image(qrPng, pad + inner - qr, top + Math.max(0, (room - qr) / 2), { width: qr, height: qr })
  } else {
    const below = doc.y + mm(2)
    const room = height - pad - below
    // A long name leaves less room: the code shrinks, never under 20 mm (still read by a phone-size reader);
    // fitText set the text small enough that 20 mm are always left on the label.
    const side = Math.max(QR_MIN, Math.min(qr, room, inner))
    doc.image(qrPng, pad + (inner - side) / 2, below + Math.max(0, (room - side) / 2), { width: side, height: side })
  }
  doc.end()
  return done
}
