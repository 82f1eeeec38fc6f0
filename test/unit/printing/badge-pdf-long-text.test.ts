import QRCode from 'qrcode'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { badgeStockIds, type BadgeJob } from '../../../src/shared/badges/schemas'
import { makeBadgePdf } from '../../../src/main/services/printing/badge-pdf'
import { readPdf } from '../../support/pdf-check'

const LONG_NAME = 'Maximiliane Theodora Wolfeschlegelsteinhausenbergerdorff-Castellanos de la Vega y Montenegro'
const LONG_COMPANY =
  'Internationale Gesellschaft für Anlagenbau und Zutrittskontrollsysteme mbH & Co. KG Niederlassung Süd'
const LONG_HOST = 'Prof. Dr. Bartholomäus Friedrich-Wilhelm von Hohenzollern-Sigmaringen'

/**
 * A visitor with a long name, company and host: the badge is still one label with the whole name on it and
 * a QR code that reads back to the console's value — the text never pushes the code off the label (it
 * did: on the 62 mm label the code was drawn below the page's edge and the reader at the door had
 * nothing to read).
 */
describe('a badge with long text', () => {
  it.each(badgeStockIds)('%s: one page, the whole name, and a QR code that reads', async (stock) => {
    const value = randomBytes(32).toString('hex')
    const job: BadgeJob = {
      visitorId: 'v-long',
      name: LONG_NAME,
      company: LONG_COMPANY,
      host: LONG_HOST,
      validFrom: 1_790_000_000,
      validTo: 1_790_030_000,
      stock
    }
    const pdf = await makeBadgePdf({
      job,
      qrPng: await QRCode.toBuffer(value, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 }),
      settings: { siteName: 'Werk Süd — Empfang Halle 3, Tor Nord', logoDataUrl: null },
      formatTime: (s) => `T${s}`
    })
    const read = readPdf(pdf)
    expect(read.pages).toBe(1)
    // The name is who the badge is for: all of it, however small it must be set.
    expect(read.text.replace(/\s+/g, ' ').replace(/- /g, '-')).toContain(LONG_NAME)
    expect(read.qr).toBe(value)
  })
})
