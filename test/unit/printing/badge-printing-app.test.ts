import { newestPrints } from '../../../src/shared/badges/newest-prints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinter, type IppPrinterStack } from '../../support/ipp-printer'
import { readPdf } from '../../support/pdf-check'
import { kioskDoors } from '../../support/kiosk-visit'

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * Main prints badges itself, in the app's own graph (test transport: no Electron, as web mode), to a
 * real IPP printer added by its address: the kiosk's check-in prints with nothing from the page, the
 * printer's document carries the console's QR value, and the history and Today say "printed" only
 * for a job the printer completed; a printer out of labels leaves the visitor unprinted, with why (in the
 * history too, as a failure).
 */
describe('badge printing through main to an IPP printer', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  let stack: IppPrinterStack
  let printer: IppPrinter
  let empty: IppPrinter

  beforeAll(async () => {
    stack = await ippPrinterStack()
    printer = await stack.start({ name: 'Front desk labels' })
    empty = await stack.start({ behaviour: 'out-of-media', name: 'Empty printer' })
  }, IPP_STACK_HOOK_MS)
  afterAll(() => stack?.stop())

  const createVisitor = async (first: string, last: string) =>
    app.call('visitors.create', {
      first_name: first,
      last_name: last,
      visitor_company: 'Initech',
      visit_reason: 'Business',
      start_time: nowSeconds() - 600,
      end_time: nowSeconds() + 4 * 3600,
      week_schedule: null,
      // A door: the kiosk checks in no visit that opens nothing.
      resources: await kioskDoors(app)
    }) as Promise<{ id: string }>

  async function useBadgePrinter(url: string, name: string) {
    const added = await app.call('badges.addPrinter', { url, name })
    expect(added).toMatchObject({ printer: { name: url, displayName: name, kind: 'ipp' }, status: { state: 'idle' } })
    const settings = await app.call('badges.settings')
    await app.call('badges.saveSettings', { ...settings, printer: url, silent: true })
  }

  async function checkIn(first: string, last: string) {
    const visitor = await createVisitor(first, last)
    const found = await app.call('kiosk.find', { name: `${first} ${last}` })
    expect(found.found).toMatchObject({ kind: 'one' })
    const badge = await app.call('kiosk.badge', { visitorId: visitor.id })
    expect(badge.mainPrints).toBe(true)
    // No `browser` part: the page printed nothing, main did.
    return { visitor, entry: await app.call('kiosk.checkIn', { visitorId: visitor.id }) }
  }

  it('an address that is not a printer is refused with what to type; one that does not answer is not added', async () => {
    await expect(app.call('badges.addPrinter', { url: 'printer on desk 3' })).rejects.toMatchObject({
      code: 'PRINTER_URL_INVALID',
      hint: expect.stringContaining('ipp://')
    })
    await expect(app.call('badges.addPrinter', { url: 'ipp://localhost:1/ipp/print' })).rejects.toMatchObject({
      code: 'PRINTER_UNREACHABLE',
      message: expect.stringContaining('It was not added.')
    })
    // The system's own queues (lpstat, where CUPS is installed) are not this test's.
    const added = (await app.call('badges.printers')).items.filter((p: { kind: string }) => p.kind === 'ipp')
    expect(added).toEqual([])
  })

  it('the kiosk checks a visitor in and the badge is printed by main: the console QR value, recorded with its job', async () => {
    await useBadgePrinter(printer.url, 'Front desk labels')
    const { visitor, entry } = await checkIn('Lin', 'Okafor')
    expect(entry).toMatchObject({ printed: true, output: 'printer', printer: 'Front desk labels' })

    const docs = await printer.documents()
    expect(docs).toHaveLength(1)
    const kept = readPdf(docs[0]!.path)
    expect(kept.widthMm).toBeCloseTo(62, 0)
    expect(kept.heightMm).toBeCloseTo(100, 0)
    expect(kept.text).toContain('Lin Okafor')
    const held = await demo.held<{ id: string; qr: string | null }>('visitors')
    const qr = held.find((v) => v.id === visitor.id)?.qr
    expect(qr).toBeTruthy()
    expect(kept.qr).toBe(qr)

    const history = await app.call('badges.history', { limit: 5 })
    expect(history.items[0]).toMatchObject({
      visitorId: visitor.id,
      output: 'printer',
      printer: 'Front desk labels',
      jobId: docs[0]!.jobId
    })
  })

  it('a printer out of labels: not printed, the reason in words on the check-in and in the history', async () => {
    await useBadgePrinter(empty.url, 'Empty printer')
    const { visitor, entry } = await checkIn('Noor', 'Haddad')
    expect(entry).toMatchObject({ printed: false, output: 'printer', printer: 'Empty printer' })
    expect(entry.printReason).toMatch(/^The printer “Empty printer” is out of labels\./)
    expect(entry.printError).toMatch(/Load a new roll of labels/)
    const history = await app.call('badges.history', { limit: 50 })
    // In the history as the printer's failure with its reason, never as a badge printed.
    const mine = history.items.filter((e: { visitorId: string }) => e.visitorId === visitor.id)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ output: 'printer', printer: 'Empty printer' })
    expect(mine[0].jobId).toBeUndefined()
    expect(mine[0].failed.reason).toMatch(/out of labels/)
    expect(newestPrints(history.items).has(visitor.id)).toBe(false)
    expect(await app.call('badges.printerStatus', { printer: empty.url })).toMatchObject({
      state: 'out-of-media',
      words: 'Out of labels'
    })
  })

  it('a cancelled visit gets no badge from main, and the printer receives nothing', async () => {
    await useBadgePrinter(printer.url, 'Front desk labels')
    const before = (await printer.documents()).length
    const visitor = await createVisitor('Ivo', 'Brandt')
    await app.call('visitors.cancel', { id: visitor.id })
    const job = {
      visitorId: visitor.id,
      name: 'Ivo Brandt',
      company: 'Initech',
      host: '',
      validFrom: nowSeconds(),
      validTo: nowSeconds() + 3600,
      stock: 'dk-11202'
    }
    await expect(app.call('badges.print', { job, printer: printer.url, silent: true })).rejects.toMatchObject({
      code: 'VISIT_CANCELLED'
    })
    await expect(app.call('badges.record', { job, output: 'browser-pdf' })).rejects.toMatchObject({
      code: 'VISIT_CANCELLED'
    })
    expect(await printer.documents()).toHaveLength(before)
  })

  it('prints a test label and lists each printer with its state', async () => {
    const { jobId } = await app.call('badges.testLabel', { printer: printer.url })
    const doc = (await printer.documents()).find((d) => d.jobId === jobId)
    expect(readPdf(doc!.path).text).toContain('Test label')
    const { items } = await app.call('badges.printers')
    const added = items.filter((p: { kind: string }) => p.kind === 'ipp')
    expect(added.map((p: { displayName: string }) => p.displayName).sort()).toEqual([
      'Empty printer',
      'Front desk labels'
    ])
  })
})
