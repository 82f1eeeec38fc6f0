import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'

// printing.ts only needs electron's types at run time; the webContents it drives is passed in.
vi.mock('electron', () => ({ default: {} }))
const { createElectronBadgePrinter } = await import('../../../src/main/electron/printing')

function fakeContents(answer: { success: boolean; reason?: string }, pdfBytes: Buffer | Error = randomBytes(64)) {
  const print = vi.fn((_options: Record<string, unknown>, callback: (ok: boolean, reason: string) => void) =>
    callback(answer.success, answer.reason ?? '')
  )
  const printToPDF = vi.fn(async (_options: Record<string, unknown>) => {
    if (pdfBytes instanceof Error) throw pdfBytes
    return pdfBytes
  })
  const getPrintersAsync = vi.fn(async () => [
    { name: 'DK', displayName: 'Brother QL-820', options: { 'printer-is-default': 'true' } },
    { name: 'Office', displayName: '', options: {} }
  ])
  return { contents: { isDestroyed: () => false, print, printToPDF, getPrintersAsync }, print, printToPDF }
}

const dk11202 = { widthMm: 62, heightMm: 100 }

describe('badge printing through webContents', () => {
  it('prints silently to the chosen printer with the label size in microns and no margins', async () => {
    const { contents, print } = fakeContents({ success: true })
    const printer = createElectronBadgePrinter(() => contents as never)
    await printer.print({ printer: 'DK', silent: true, page: dk11202 })
    expect(print.mock.calls[0]![0]).toMatchObject({
      silent: true,
      deviceName: 'DK',
      printBackground: true,
      margins: { marginType: 'none' },
      pageSize: { width: 62_000, height: 100_000 }
    })
  })

  it('refuses silent printing without a chosen printer, and reports a cancelled dialog as cancelled', async () => {
    const { contents, print } = fakeContents({ success: false, reason: 'Print job canceled' })
    const printer = createElectronBadgePrinter(() => contents as never)
    await expect(printer.print({ silent: true, page: dk11202 })).rejects.toMatchObject({ code: 'PRINTER_REQUIRED' })
    expect(print).not.toHaveBeenCalled()
    await expect(printer.print({ silent: false, page: dk11202 })).rejects.toMatchObject({ kind: 'cancelled' })
  })

  it('makes a PDF at the label size and lists printers with the default marked', async () => {
    // Whatever Chromium renders is handed on byte for byte (a real PDF is checked in the badges e2e test).
    const rendered = randomBytes(512)
    const { contents, printToPDF } = fakeContents({ success: true }, rendered)
    const printer = createElectronBadgePrinter(() => contents as never)
    const pdf = await printer.printToPdf({ page: dk11202 })
    expect(pdf).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(pdf).equals(rendered)).toBe(true)
    expect(printToPDF.mock.calls[0]![0]).toMatchObject({
      printBackground: true,
      preferCSSPageSize: true,
      pageSize: { width: 62 / 25.4, height: 100 / 25.4 },
      margins: { top: 0, bottom: 0, left: 0, right: 0 }
    })
    const broken = fakeContents({ success: true }, new Error('renderer gone'))
    await expect(
      createElectronBadgePrinter(() => broken.contents as never).printToPdf({ page: dk11202 })
    ).rejects.toMatchObject({
      code: 'PDF_FAILED',
      message: expect.stringContaining('renderer gone')
    })
    expect(await printer.listPrinters()).toEqual([
      { name: 'DK', displayName: 'Brother QL-820', isDefault: true },
      { name: 'Office', displayName: 'Office', isDefault: false }
    ])
  })

  it('says so when there is no window to print from', async () => {
    const printer = createElectronBadgePrinter(() => undefined)
    await expect(printer.listPrinters()).rejects.toMatchObject({ code: 'NO_WINDOW' })
  })
})
