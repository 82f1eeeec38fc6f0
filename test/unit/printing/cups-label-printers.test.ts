import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badgeStocks, type BadgeJob } from '../../../src/shared/badges/schemas'
import { useAppServices } from '../../support/app-services'
import { BROTHER_QL_820NWB, DYMO_LABELWRITER_450, startCups, type CupsServer } from '../../support/cups'
import { brotherQlJob, dymoLabelWriterJob, ppdDpi, ppdPage } from '../../support/cups-label-output'
import { kioskDoors } from '../../support/kiosk-visit'

/**
 * Badges through a real CUPS (cupsd on loopback, test/support/cups.ts) with the label printers' own
 * drivers: a Brother QL-820NWB queue (ptouch-driver) and a DYMO LabelWriter 450 queue (dymo driver),
 * found by the app as the system's queues (`lpstat`, CUPS_SERVER naming this CUPS) and printed to by
 * main over CUPS's IPP. Each badge: the job completed in CUPS, on the PPD's page of the badge's label
 * (the media the app asked for), and the driver's raster at the device, not blank and of the label's
 * size. A stopped queue is said in words and given nothing; enabled again, it prints.
 */
const QL = 'Brother_QL_820NWB'
const DYMO = 'DYMO_LabelWriter_450'

/** The driver's page of each badge label (the PPD's *PageSize name). */
const PPD_PAGE = { [QL]: '62x100mm', [DYMO]: 'w167h288' } as const

const nowSeconds = () => Math.floor(Date.now() / 1000)

// Ghostscript renders each badge for the driver: seconds on a busy machine, so each test has a minute.
describe('badges through a real CUPS with Brother QL and DYMO driver queues', { timeout: 60_000 }, () => {
  const app = useAppServices()
  let cups: CupsServer
  let cupsServerBefore: string | undefined

  beforeAll(async () => {
    cups = await startCups([
      { name: QL, model: BROTHER_QL_820NWB },
      { name: DYMO, model: DYMO_LABELWRITER_450 }
    ])
    // The app's CUPS client (lpstat) finds this CUPS as any CUPS client does.
    cupsServerBefore = process.env.CUPS_SERVER
    process.env.CUPS_SERVER = cups.server
  }, 60_000)
  afterAll(async () => {
    if (cupsServerBefore === undefined) delete process.env.CUPS_SERVER
    else process.env.CUPS_SERVER = cupsServerBefore
    await cups?.stop()
  })

  async function badgeJob(first: string, last: string, stock: BadgeJob['stock']): Promise<BadgeJob> {
    const visitor = (await app.call('visitors.create', {
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
    // The console's QR code, which the badge carries (the kiosk assigns it on check-in).
    await app.call('visitors.assignQr', { id: visitor.id })
    return {
      visitorId: visitor.id,
      name: `${first} ${last}`,
      company: 'Initech',
      host: '',
      validFrom: nowSeconds(),
      validTo: nowSeconds() + 3600,
      stock
    }
  }

  /** The job CUPS completed, on the PPD's page of the label; the driver's page at its resolution. */
  async function printedOnPpdPage(queue: keyof typeof PPD_PAGE, jobId: number) {
    expect(await cups.jobIds(queue)).toContain(jobId)
    const job = await cups.job(queue, jobId)
    const ppd = await cups.ppd(queue)
    const page = ppdPage(ppd, PPD_PAGE[queue])
    expect(job).toMatchObject({ state: 'completed' })
    // The media the app asked for is the PPD's page of this label (CUPS names it by its size).
    expect(job.media).toMatch(new RegExp(`_${page.pwgSize.replace(/\./g, '\\.')}$`))
    const output = await cups.takeDeviceOutput(queue)
    expect(output?.length ?? 0, await cups.log()).toBeGreaterThan(0)
    return { page, dpi: ppdDpi(ppd), output: output! }
  }

  it('lists the CUPS queues as the system’s printers, each in its state', async () => {
    const { items } = await app.call('badges.printers')
    const system = items.filter((p: { kind: string }) => p.kind === 'system').map((p: { name: string }) => p.name)
    expect(system.sort()).toEqual([QL, DYMO].sort())
    expect(await app.call('badges.printerStatus', { printer: QL })).toMatchObject({ state: 'idle', words: 'Ready' })
  })

  it('a DK-11202 badge checked in at the kiosk prints through the Brother QL driver on its 62 × 100 mm label', async () => {
    const settings = await app.call('badges.settings')
    await app.call('badges.saveSettings', { ...settings, printer: QL, stock: 'dk-11202', silent: true })
    const job = await badgeJob('Lin', 'Okafor', 'dk-11202')
    expect((await app.call('kiosk.find', { name: 'Lin Okafor' })).found).toMatchObject({ kind: 'one' })
    expect(await app.call('kiosk.badge', { visitorId: job.visitorId })).toMatchObject({ mainPrints: true })
    const entry = await app.call('kiosk.checkIn', { visitorId: job.visitorId })
    expect(entry).toMatchObject({ printed: true, output: 'printer', printer: QL })
    const { jobId } = (await app.call('badges.history', { limit: 1 })).items[0]
    const { page, dpi, output } = await printedOnPpdPage(QL, jobId)

    // The driver's raster: 62 mm wide, the 62 × 100 mm page's printable length, with the badge on it.
    const raster = brotherQlJob(output)
    expect(raster.widthMm).toBe(badgeStocks['dk-11202'].widthMm)
    const printableLines = ((page.imageablePt.top - page.imageablePt.bottom) * dpi) / 72
    expect(Math.abs(raster.announcedLines - printableLines)).toBeLessThan(1)
    expect(raster.lines).toBe(raster.announcedLines)
    expect(raster.inkedLines).toBeGreaterThan(raster.lines / 10)
    expect(raster.end).toBe(0x1a)
  })

  it('a DYMO 30256 badge prints through the DYMO LabelWriter driver on its 59 × 102 mm label', async () => {
    const job = await badgeJob('Noor', 'Haddad', 'dymo-30256')
    const entry = await app.call('badges.print', { job, printer: DYMO, silent: true })
    expect(entry).toMatchObject({ output: 'printer', printer: DYMO, jobId: expect.any(Number) })
    const { page, dpi, output } = await printedOnPpdPage(DYMO, entry.jobId)

    const label = dymoLabelWriterJob(output)
    expect(label.labelLengthDots).toBe(Math.round((page.paperPt.h * dpi) / 72))
    expect(label.lineCommands).toBeGreaterThan(50)
    expect(label.formFeed).toBe(true)
  })

  it('a label the driver has no page for is refused before CUPS gets a job', async () => {
    const job = await badgeJob('Ivo', 'Brandt', '4x3in')
    const before = await cups.jobIds(QL)
    await expect(app.call('badges.print', { job, printer: QL, silent: true })).rejects.toMatchObject({
      code: 'PRINTER_MEDIA_UNSUPPORTED',
      message: expect.stringMatching(/does not take 102 × 76 mm labels\. No badge was printed\./)
    })
    expect(await cups.jobIds(QL)).toEqual(before)
  })

  it('a stopped queue is said in words and given nothing; enabled again, it prints', async () => {
    const job = await badgeJob('Ada', 'Moreau', 'dymo-30256')
    await cups.run('cupsdisable', [DYMO])
    try {
      expect(await app.call('badges.printerStatus', { printer: DYMO })).toMatchObject({
        state: 'stopped',
        words: 'Stopped',
        hint: expect.stringMatching(/^Resume the printer/)
      })
      const jobsBefore = await cups.jobIds(DYMO)
      await expect(app.call('badges.print', { job, printer: DYMO, silent: true })).rejects.toMatchObject({
        code: 'PRINTER_NOT_READY',
        // Named as Badges lists it (printer-failure.ts), never by its address.
        message: `The printer “${DYMO}” is paused. No badge was printed.`,
        hint: expect.stringMatching(/^Resume the printer/)
      })
      expect(await cups.jobIds(DYMO)).toEqual(jobsBefore)
      expect(await cups.takeDeviceOutput(DYMO)).toBeNull()
      const history = await app.call('badges.history', { limit: 1 })
      expect(history.items[0]).toMatchObject({ visitorId: job.visitorId, failed: { code: 'PRINTER_NOT_READY' } })
    } finally {
      await cups.run('cupsenable', [DYMO])
    }
    const entry = await app.call('badges.print', { job, printer: DYMO, silent: true })
    await printedOnPpdPage(DYMO, entry.jobId)
  })

  it('a queue that stops with the badge in it is said at once, and the held job cancelled', async () => {
    const job = await badgeJob('Mira', 'Stone', 'dymo-30256')
    const before = await cups.jobIds(DYMO)
    // Ready when asked (the app sends), stopped by CUPS once it cannot reach the device with the job held.
    await cups.breakDevice(DYMO)
    try {
      const started = Date.now()
      await expect(app.call('badges.print', { job, printer: DYMO, silent: true })).rejects.toMatchObject({
        code: 'PRINT_JOB_ABORTED',
        message: expect.stringMatching(/is stopped\. No badge was printed\.$/),
        hint: expect.stringMatching(/^Resume the printer/)
      })
      // Said while the visitor is still at the kiosk: not after the whole wait for a job (45 s).
      expect(Date.now() - started).toBeLessThan(15_000)
      const [held] = (await cups.jobIds(DYMO)).filter((id) => !before.includes(id))
      // Cancelled: it cannot come out later, unrecorded, when someone resumes the printer.
      expect(await cups.job(DYMO, held!)).toMatchObject({ state: 'canceled' })
    } finally {
      await cups.mendDevice(DYMO)
      await cups.run('cupsenable', [DYMO])
    }
    const entry = await app.call('badges.print', { job, printer: DYMO, silent: true })
    await printedOnPpdPage(DYMO, entry.jobId)
  })

  it('a queue that refuses jobs (cupsreject) is not shown ready, and the badge is refused in words', async () => {
    const job = await badgeJob('Jon', 'Sato', 'dk-11202')
    await cups.run('cupsreject', [QL])
    try {
      // CUPS says such a queue is idle, with no reason: only printer-is-accepting-jobs tells.
      expect(await app.call('badges.printerStatus', { printer: QL })).toMatchObject({
        state: 'stopped',
        words: 'Not taking jobs',
        hint: expect.stringMatching(/take jobs again/)
      })
      const before = await cups.jobIds(QL)
      await expect(app.call('badges.print', { job, printer: QL, silent: true })).rejects.toMatchObject({
        // Refused on its state (asked first), as Badges shows it: nothing is sent.
        code: 'PRINTER_NOT_READY',
        message: expect.stringMatching(/is not taking jobs\. No badge was printed\.$/)
      })
      expect(await cups.jobIds(QL)).toEqual(before)
      expect(await cups.takeDeviceOutput(QL)).toBeNull()
    } finally {
      await cups.run('cupsaccept', [QL])
    }
    expect(await app.call('badges.printerStatus', { printer: QL })).toMatchObject({ state: 'idle', words: 'Ready' })
  })
})
