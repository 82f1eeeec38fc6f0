import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { readPdf } from '../../support/pdf-check'
import type { BadgeJob } from '../../../src/shared/badges/schemas'

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * "Save as PDF" without a window (web mode, the test transport): main makes the badge PDF itself, the
 * one its printers get, and records it — a file was made, so the history tells the truth (a browser
 * print dialog cancelled unseen would have been recorded too). The PDF is the label's size, carries
 * the visitor's name and a QR code whose value is the console's.
 */
describe('badges.pdf with no window to render', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  it('answers main’s own badge PDF, of the label size, with the console’s QR value, and records it', async () => {
    const start = nowSeconds() - 600
    const visitor = (await app.call('visitors.create', {
      first_name: 'Inès',
      last_name: 'Valdés',
      visitor_company: 'Initech',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 4 * 3600,
      week_schedule: null
    })) as { id: string }
    await app.call('visitors.assignQr', { id: visitor.id })
    const job: BadgeJob = {
      visitorId: visitor.id,
      name: 'Inès Valdés',
      company: 'Initech',
      host: '',
      validFrom: start,
      validTo: start + 4 * 3600,
      stock: 'dk-11202'
    }

    const { pdfBase64, entry } = await app.call('badges.pdf', { job })
    const pdf = readPdf(Buffer.from(pdfBase64, 'base64'))
    expect(pdf.pages).toBe(1)
    expect(Math.abs(pdf.widthMm - 62)).toBeLessThan(0.5)
    expect(Math.abs(pdf.heightMm - 100)).toBeLessThan(0.5)
    expect(pdf.text).toContain('Inès Valdés')
    const held = await demo.held<{ id: string; qr: string | null }>('visitors')
    const qr = held.find((v) => v.id === visitor.id)?.qr
    expect(qr).toBeTruthy()
    expect(pdf.qr).toBe(qr)

    expect(entry).toMatchObject({ output: 'pdf', name: 'Inès Valdés' })
    const history = await app.call('badges.history', { limit: 5 })
    expect(history.items[0]).toMatchObject({ output: 'pdf', visitorId: visitor.id })
  })
})
