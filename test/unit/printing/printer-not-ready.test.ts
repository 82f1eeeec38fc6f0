import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { printerBusy } from '../../../src/main/services/printing/printer-failure'
import { printerStatusOf } from '../../../src/shared/badges/printer-state'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinter, type IppPrinterStack } from '../../support/ipp-printer'
import { kioskDoors } from '../../support/kiosk-visit'

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * A badge printer known not to print (out of labels, offline) on real IPP printers, through the app's
 * own graph: the desk's print and the kiosk ask its state first and refuse at once, with the printer's
 * reason and fix in words that name it as Badges does (no address, no socket code); the kiosk gives no
 * QR code for a badge that cannot come out (the console's visitor keeps none); the first printer added
 * becomes the badge printer that the desk and the kiosk both read.
 */
describe('a badge printer that cannot print now', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  let stack: IppPrinterStack
  let empty: IppPrinter
  let gone: IppPrinter

  beforeAll(async () => {
    stack = await ippPrinterStack()
    empty = await stack.start({ behaviour: 'out-of-media', name: 'Empty roll' })
    gone = await stack.start({ name: 'Front desk labels' })
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
      // A door: the kiosk checks in no visit that opens nothing.
      resources: await kioskDoors(app)
    })) as { id: string }
  }

  const jobOf = (visitor: { id: string }, name: string) => ({
    visitorId: visitor.id,
    name,
    company: 'Initech',
    host: '',
    validFrom: nowSeconds(),
    validTo: nowSeconds() + 3600,
    stock: 'dk-11202' as const
  })

  const qrOf = async (id: string) =>
    (await demo.held<{ id: string; qr: string | null }>('visitors')).find((v) => v.id === id)?.qr ?? null

  it('the first printer added is the badge printer; another added later does not replace it', async () => {
    expect((await app.call('badges.settings')).printer).toBeNull()
    await app.call('badges.addPrinter', { url: empty.url, name: 'Empty roll' })
    expect((await app.call('badges.settings')).printer).toBe(empty.url)
    await app.call('badges.addPrinter', { url: gone.url, name: 'Front desk labels' })
    expect((await app.call('badges.settings')).printer).toBe(empty.url)
  })

  it('out of labels after a job ended on it: the next badge is refused at once with the printer’s reason, nothing sent', async () => {
    const visitor = await createVisitor('Ada', 'Brook')
    // The desk's Print assigns the code first (ensureQr), then main prints.
    await app.call('visitors.assignQr', { id: visitor.id })
    const job = jobOf(visitor, 'Ada Brook')
    // The first job is sent (the printer looked ready) and ends on the empty roll.
    await expect(app.call('badges.print', { job, printer: empty.url, silent: true })).rejects.toMatchObject({
      code: 'PRINT_JOB_ABORTED'
    })
    expect(await app.call('badges.printerStatus', { printer: empty.url })).toMatchObject({ words: 'Out of labels' })
    const sent = (await empty.documents()).length
    // Badges says "Out of labels": the next badge is not sent to wait on the printer for 45 s.
    const refused = await app.call('badges.print', { job, printer: empty.url, silent: true }).catch((e) => e)
    expect(refused).toMatchObject({
      code: 'PRINTER_NOT_READY',
      message: 'The printer “Empty roll” is out of labels. No badge was printed.',
      hint: expect.stringMatching(/^Load a new roll of labels/)
    })
    expect(await empty.documents()).toHaveLength(sent)
    const history = await app.call('badges.history', { limit: 5 })
    expect(history.items[0].failed.reason).toBe(
      'The printer “Empty roll” is out of labels. No badge was printed. Load a new roll of labels, then print the badge again from Badges.'
    )
  }, 20_000)

  it('the kiosk with the badge printer out of labels: sent to the desk at once, no QR code made, the desk told the fix', async () => {
    const visitor = await createVisitor('Noor', 'Vance')
    expect(await qrOf(visitor.id)).toBeNull()
    await app.call('kiosk.find', { name: 'Noor Vance' })
    const sent = (await empty.documents()).length
    await expect(app.call('kiosk.badge', { visitorId: visitor.id })).rejects.toMatchObject({
      code: 'KIOSK_PRINTER_NOT_READY',
      message: expect.stringMatching(/Please see .*: they will print it for you\.$/)
    })
    // No code for a badge the visitor never receives, and no job waiting on the empty printer.
    expect(await qrOf(visitor.id)).toBeNull()
    expect(await empty.documents()).toHaveLength(sent)
    const [entry] = (await app.call('kiosk.checkins', { limit: 1 })).items
    expect(entry).toMatchObject({
      visitorId: visitor.id,
      printed: false,
      printer: 'Empty roll',
      printReason: 'The printer “Empty roll” is out of labels. No badge was printed.',
      printError: expect.stringContaining('Load a new roll of labels'),
      // The same failure as facts, for the desk and the kiosk to word in their language: the printer's own
      // reason by its IPP keyword, and main's hint on its own (no one splits printError's English).
      printFailure: {
        code: 'PRINTER_NOT_READY',
        hint: 'Load a new roll of labels, then print the badge again from Badges.',
        details: {
          printerState: 'out-of-media',
          reasons: ['media-empty'],
          said: 'reason',
          reason: 'media-empty',
          printed: 'badge',
          named: 'yes',
          printerName: 'Empty roll'
        }
      }
    })
  }, 20_000)

  it('a printer gone: its name and plain words, no address or socket code, and the kiosk makes no QR code', async () => {
    const settings = await app.call('badges.settings')
    await app.call('badges.saveSettings', { ...settings, printer: gone.url })
    await gone.stop()
    const visitor = await createVisitor('Lin', 'Oduya')
    await app.call('visitors.assignQr', { id: visitor.id })
    const failed = await app
      .call('badges.print', { job: jobOf(visitor, 'Lin Oduya'), printer: gone.url, silent: true })
      .catch((e) => e)
    expect(failed.message).toMatch(
      /^The printer “Front desk labels” (cannot be reached|is offline)\. No badge was printed\.$/
    )
    expect(failed.message + failed.hint).not.toMatch(/localhost|ipp\/print|ECONNREFUSED|\(/)

    const walkIn = await createVisitor('Sam', 'Ruiz')
    await app.call('kiosk.find', { name: 'Sam Ruiz' })
    await expect(app.call('kiosk.badge', { visitorId: walkIn.id })).rejects.toMatchObject({
      code: 'KIOSK_PRINTER_NOT_READY'
    })
    expect(await qrOf(walkIn.id)).toBeNull()
    const [entry] = (await app.call('kiosk.checkins', { limit: 1 })).items
    expect(entry.printError).toMatch(
      /^The printer “Front desk labels” cannot be reached\. No badge was printed\. Check/
    )
    expect(entry.printError).not.toMatch(/localhost|ECONNREFUSED/)
  }, 20_000)

  it('removing the badge printer leaves no printer chosen (the kiosk does not print to a printer gone)', async () => {
    await app.call('badges.removePrinter', { printer: gone.url })
    expect((await app.call('badges.settings')).printer).toBeNull()
  })
})

describe('a printer busy with a job stuck on its empty roll', () => {
  it('says the printer’s real reason, not “another job”', () => {
    const stuck = printerStatusOf('processing', ['media-empty-warning', 'media-needed-warning'], true)
    const e = printerBusy(
      { url: 'ipp://localhost:1/ipp/print', displayName: 'Front desk labels' },
      'Currently printing another job.',
      stuck
    )
    expect(e.message).toBe('The printer “Front desk labels” is out of labels. No badge was printed.')
    expect(e.hint).toMatch(/^Load a new roll of labels/)
  })
})
