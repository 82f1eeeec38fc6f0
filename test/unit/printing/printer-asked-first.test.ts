import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinter, type IppPrinterStack } from '../../support/ipp-printer'
import { kioskDoors } from '../../support/kiosk-visit'

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * An office printer (ippeveprinter's own Letter and A4, no label stock) chosen as the badge printer:
 * every path that prints asks it first whether it can print this badge, before any console write —
 * Badges' Print (badges.checkPrinter, asked before the QR code is assigned) and the kiosk — so the
 * console holds no QR code that nobody received, and the refused attempt is in the print history.
 */
describe('the printer is asked before any console write', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  let stack: IppPrinterStack
  let office: IppPrinter
  let labels: IppPrinter

  beforeAll(async () => {
    stack = await ippPrinterStack()
    office = await stack.start({ media: 'office', name: 'Office' })
    labels = await stack.start({ name: 'Labels' })
    await app.call('badges.addPrinter', { url: office.url, name: 'Office' })
    await app.call('badges.addPrinter', { url: labels.url, name: 'Labels' })
  }, IPP_STACK_HOOK_MS)
  afterAll(() => stack?.stop())

  async function createVisitor(first: string, last: string) {
    return (await app.call('visitors.create', {
      first_name: first,
      last_name: last,
      visitor_company: 'Initech',
      visit_reason: 'Business',
      start_time: nowSeconds() - 600,
      end_time: nowSeconds() + 4 * 3600,
      week_schedule: null,
      resources: await kioskDoors(app)
    })) as { id: string }
  }
  const qrOf = async (id: string) =>
    (await demo.held<{ id: string; qr: string | null }>('visitors')).find((v) => v.id === id)?.qr ?? null

  it('Badges lists the office printer as taking no label of the stock asked about, in plain words; the label printer as taking it', async () => {
    const status = await app.call('badges.printerStatus', { printer: office.url, stock: 'dk-11202' })
    // Its media said as people name them (media-words.ts), never as IPP keywords.
    expect(status.media).toEqual({
      size: '62 × 100 mm',
      takes: expect.stringMatching(/Letter \(8\.5 × 11 in\)|A4 \(210 × 297 mm\)/)
    })
    expect(status.media!.takes).not.toMatch(/na_|iso_/)
    expect((await app.call('badges.printerStatus', { printer: labels.url, stock: 'dk-11202' })).media).toBeUndefined()
    // Asked without a stock (Settings, the kiosk's settings), the state alone.
    expect((await app.call('badges.printerStatus', { printer: office.url })).media).toBeUndefined()
  }, 20_000)

  it('Badges: the office printer refuses the label before a QR code is assigned, the attempt in the history', async () => {
    const visitor = await createVisitor('Ana', 'Ruiz')
    const job = {
      visitorId: visitor.id,
      name: 'Ana Ruiz',
      company: 'Initech',
      host: '',
      validFrom: nowSeconds(),
      validTo: nowSeconds() + 3600,
      stock: 'dk-11202' as const
    }
    await expect(app.call('badges.checkPrinter', { job, printer: office.url })).rejects.toMatchObject({
      code: 'PRINTER_MEDIA_UNSUPPORTED'
    })
    expect(await qrOf(visitor.id)).toBeNull()
    expect(await office.documents()).toHaveLength(0)
    const [attempt] = (await app.call('badges.history', { limit: 1 })).items
    expect(attempt).toMatchObject({ visitorId: visitor.id, output: 'printer', printer: 'Office' })
    expect(attempt!.failed?.reason).toMatch(/does not take 62 × 100 mm labels/)
  }, 20_000)

  it('the kiosk: sent to the desk before any QR code, the printer’s refusal on Today’s list', async () => {
    const visitor = await createVisitor('Bo', 'Lind')
    await app.call('kiosk.find', { name: 'Bo Lind' })
    await expect(app.call('kiosk.badge', { visitorId: visitor.id })).rejects.toMatchObject({
      code: 'KIOSK_PRINTER_NOT_READY'
    })
    expect(await qrOf(visitor.id)).toBeNull()
    expect(await office.documents()).toHaveLength(0)
    const [entry] = (await app.call('kiosk.checkins', { limit: 1 })).items
    expect(entry).toMatchObject({ visitorId: visitor.id, printed: false, printer: 'Office' })
    expect(entry!.printFailure?.code).toBe('PRINTER_MEDIA_UNSUPPORTED')
  }, 20_000)
})
