import QRCode from 'qrcode'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { badgeStockIds, badgeStocks, type BadgeJob } from '../../../src/shared/badges/schemas'
import { makeBadgePdf } from '../../../src/main/services/printing/badge-pdf'
import { readPdf } from '../../support/pdf-check'

/**
 * The badge PDF main makes by itself (no window): one page the size of the label stock, with the
 * visitor's name, company, host and site, and the console's QR code, decoded back from the page
 * rendered by poppler (pdftoppm) to the value the console holds.
 */
async function consoleQr(value: string): Promise<Uint8Array> {
  // As the demo console makes it (src/demo-console/routes/qr-codes.ts).
  return QRCode.toBuffer(value, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 })
}

const job = (stock: BadgeJob['stock'], name = 'Ada Lovelace'): BadgeJob => ({
  visitorId: 'v-1',
  name,
  company: 'Analytical Engines Ltd',
  host: 'Charles Babbage',
  validFrom: 1_790_000_000,
  validTo: 1_790_030_000,
  stock
})

describe('the badge PDF made in main', () => {
  it.each(badgeStockIds)('is one %s page with the name, host, site and the console QR value', async (stock) => {
    const value = randomBytes(32).toString('hex')
    const pdf = await makeBadgePdf({
      job: job(stock),
      qrPng: await consoleQr(value),
      settings: { siteName: 'HQ Reception', logoDataUrl: null },
      formatTime: (s) => `T${s}`
    })
    const read = readPdf(pdf)
    expect(read.pages).toBe(1)
    expect(read.widthMm).toBeCloseTo(badgeStocks[stock].widthMm, 0)
    expect(read.heightMm).toBeCloseTo(badgeStocks[stock].heightMm, 0)
    const words = read.text.replace(/\s+/g, ' ')
    expect(words).toContain('Ada Lovelace')
    expect(words).toContain('Analytical Engines Ltd')
    expect(words).toContain('Host: Charles Babbage')
    expect(words).toContain('HQ Reception')
    expect(words).toContain('Valid from T1790000000')
    expect(read.qr).toBe(value)
  })

  it('keeps letters beyond Latin-1 in the name (a font with them is embedded)', async () => {
    const pdf = await makeBadgePdf({
      job: job('dk-11202', 'Zoë Łukasik Ђорђе'),
      qrPng: await consoleQr('x'),
      settings: { siteName: '', logoDataUrl: null }
    })
    expect(readPdf(pdf).text.replace(/\s+/g, ' ')).toContain('Zoë Łukasik Ђорђе')
  })

  it('carries a PNG logo beside the site name', async () => {
    const logo = await QRCode.toBuffer('logo', { type: 'png', width: 60 })
    const pdf = await makeBadgePdf({
      job: job('a6'),
      qrPng: await consoleQr('the-code'),
      settings: { siteName: 'Lab', logoDataUrl: `data:image/png;base64,${logo.toString('base64')}` }
    })
    const read = readPdf(pdf)
    expect(read.pages).toBe(1)
    expect(read.text).toContain('Lab')
    expect(read.text).toContain('Ada Lovelace')
  })
})
