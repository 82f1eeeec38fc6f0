import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import type { BadgeJob } from '../../../src/shared/badges/schemas'
import { makeBadgePdf } from '../../../src/main/services/printing/badge-pdf'
import { readPdf } from '../../support/pdf-check'

const job: BadgeJob = {
  visitorId: 'v-1',
  name: 'Lucía Fernández',
  company: 'Iberdata',
  host: 'Charles Babbage',
  validFrom: Date.UTC(2026, 0, 12, 9) / 1000,
  validTo: Date.UTC(2026, 0, 12, 17) / 1000,
  stock: 'a6'
}

/** The badge main prints for a kiosk visitor is in the language they picked: its words and its dates. */
describe('the badge PDF in the visitor’s language', () => {
  it.each([
    ['es', 'VISITANTE', 'Visita a: Charles Babbage', 'Válida desde', 'ene'],
    ['de', 'BESUCHER', 'Ansprechpartner: Charles Babbage', 'Gültig ab', 'Jan'],
    ['fr', 'VISITEUR', 'Contact : Charles Babbage', 'Valable du', 'janv'],
    ['en', 'VISITOR', 'Host: Charles Babbage', 'Valid from', 'Jan']
  ] as const)('%s', async (language, tag, host, from, month) => {
    const pdf = await makeBadgePdf({
      job,
      qrPng: await QRCode.toBuffer('x', { type: 'png', width: 200 }),
      settings: { siteName: '', logoDataUrl: null },
      language
    })
    const words = readPdf(pdf).text.replace(/\s+/g, ' ')
    expect(words.replace(/ /g, '')).toContain(tag)
    expect(words).toContain(host.replace(/\u00a0/g, ' '))
    expect(words).toContain(from)
    expect(words).toContain(month)
  })
})
