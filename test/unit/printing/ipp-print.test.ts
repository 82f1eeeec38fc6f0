import QRCode from 'qrcode'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badgeStocks, type BadgeJob } from '../../../src/shared/badges/schemas'
import { makeBadgePdf } from '../../../src/main/services/printing/badge-pdf'
import { ippPrinterStatus, printPdfOverIpp } from '../../../src/main/services/printing/ipp-print'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinterStack } from '../../support/ipp-printer'
import { readPdf } from '../../support/pdf-check'

/**
 * Main prints a badge PDF to a real IPP printer (ippeveprinter on loopback): the document the printer
 * kept is the badge, and the result is the printer's — a completed job, or its reason in words for a
 * printer out of labels, one that refuses the label size, one not there, one that never answers, and
 * a job that never completes (cancelled, never a hang).
 */
const job: BadgeJob = {
  visitorId: 'v-1',
  name: 'Grace Hopper',
  company: 'Navy',
  host: 'Ada Lovelace',
  validFrom: 1_790_000_000,
  validTo: 1_790_030_000,
  stock: 'dk-11202'
}
const page = badgeStocks['dk-11202']

async function badgePdf(value: string) {
  const qrPng = await QRCode.toBuffer(value, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 })
  return makeBadgePdf({ job, qrPng, settings: { siteName: 'HQ', logoDataUrl: null } })
}

describe('printing a badge over IPP to a real printer', () => {
  let stack: IppPrinterStack
  beforeAll(async () => {
    stack = await ippPrinterStack()
  }, IPP_STACK_HOOK_MS)
  afterAll(() => stack?.stop())

  it('prints: the job completes and the printer holds the badge (page size, name, QR value)', async () => {
    const printer = await stack.start()
    expect((await ippPrinterStatus(printer.url)).state).toBe('idle')
    const result = await printPdfOverIpp(printer.url, await badgePdf('code-42'), page, { pollMs: 100 })
    expect(result.state).toBe('completed')
    const docs = await printer.documents()
    expect(docs.map((d) => d.jobId)).toEqual([result.jobId])
    const kept = readPdf(docs[0]!.path)
    expect(kept.widthMm).toBeCloseTo(62, 0)
    expect(kept.heightMm).toBeCloseTo(100, 0)
    expect(kept.text).toContain('Grace Hopper')
    expect(kept.qr).toBe('code-42')
  })

  it('out of labels: the job is aborted and the reason is the printer’s, in words', async () => {
    const printer = await stack.start({ behaviour: 'out-of-media' })
    const failed = await printPdfOverIpp(printer.url, await badgePdf('x'), page, { pollMs: 100 }).catch((e) => e)
    expect(failed).toMatchObject({
      code: 'PRINT_JOB_ABORTED',
      message: expect.stringContaining(' is out of labels.')
    })
    expect(failed.hint).toMatch(/Load a new roll of labels/)
    expect((await ippPrinterStatus(printer.url)).words).toBe('Out of labels')
  })

  it('a printer that does not take the label size refuses it before a job is sent', async () => {
    const printer = await stack.start({ media: 'office' })
    const failed = await printPdfOverIpp(printer.url, await badgePdf('x'), page).catch((e) => e)
    expect(failed).toMatchObject({ code: 'PRINTER_MEDIA_UNSUPPORTED', message: expect.stringContaining('62 × 100 mm') })
    // What it takes in plain words, never its IPP keywords ("na_letter_8.5x11in").
    expect(failed.hint).toContain('Letter (8.5 × 11 in)')
    expect(failed.details.takes).toContain('A4 (210 × 297 mm)')
    expect(`${failed.hint} ${failed.details.takes}`).not.toMatch(/na_|iso_|_\d/)
    expect(await printer.documents()).toEqual([])
  })

  it('a job that never completes is cancelled at the time limit, never left hanging', async () => {
    const printer = await stack.start({ behaviour: 'never-completes' })
    const failed = await printPdfOverIpp(printer.url, await badgePdf('x'), page, {
      timeoutMs: 3000,
      pollMs: 200
    }).catch((e) => e)
    expect(failed).toMatchObject({ code: 'PRINT_NOT_FINISHED' })
    expect(failed.message).toMatch(/did not finish it in 3 s/)
  })

  it('no printer at the address: unreachable, said at once', async () => {
    const failed = await printPdfOverIpp('ipp://localhost:1/ipp/print', await badgePdf('x'), page).catch((e) => e)
    expect(failed).toMatchObject({ code: 'PRINTER_UNREACHABLE' })
  })

  it('a printer that takes the connection and never answers: a timeout, not a hang', async () => {
    const silent: Server = createServer(() => undefined)
    await new Promise<void>((r) => silent.listen(0, 'localhost', r))
    const port = (silent.address() as { port: number }).port
    try {
      const failed = await printPdfOverIpp(`ipp://localhost:${port}/ipp/print`, await badgePdf('x'), page, {
        callTimeoutMs: 1000,
        timeoutMs: 2000
      }).catch((e) => e)
      expect(failed).toMatchObject({ code: 'PRINTER_NOT_ANSWERING' })
    } finally {
      silent.close()
    }
  })
})
