import QRCode from 'qrcode'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { badgeStocks, type BadgeJob } from '../../../src/shared/badges/schemas'
import { makeBadgePdf } from '../../../src/main/services/printing/badge-pdf'
import { BadgePrinters } from '../../../src/main/services/printing/badge-printers'
import { ippPrinterStatus, printPdfOverIpp } from '../../../src/main/services/printing/ipp-print'
import { useAppServices } from '../../support/app-services'
import { tlsIppPrinter, type TlsIppPrinter } from '../../support/ipp-printer'
import { tempDir } from '../../support/temp'
import { kioskDoors } from '../../support/kiosk-visit'

/**
 * An ipps:// badge printer is trusted as a console is (tls-pinning.ts): its certificate is read and
 * shown before it is added, the one the person confirmed is pinned with it, and every later request
 * goes through that pin with verification on. Another certificate at the same address (a machine
 * answering in the printer's place) is refused at the handshake: it receives no request, so no badge.
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
const noQueues = async () => []

async function badgePdf() {
  const qrPng = await QRCode.toBuffer('code-42', { type: 'png', margin: 2, width: 320 })
  return makeBadgePdf({ job, qrPng, settings: { siteName: 'HQ', logoDataUrl: null } })
}

describe('an ipps:// badge printer, pinned by its certificate', () => {
  const started: TlsIppPrinter[] = []
  const start = async (options?: { port?: number }) => {
    const p = await tlsIppPrinter(options)
    started.push(p)
    return p
  }
  let data: { path: string; remove(): Promise<void> }
  beforeAll(async () => {
    data = await tempDir()
  })
  afterEach(async () => {
    await Promise.all(started.splice(0).map((p) => p.stop()))
  })
  afterAll(() => data?.remove())

  it('adding asks for the fingerprint first: none given, nothing is added and the printer receives nothing', async () => {
    const printer = await start()
    const printers = new BadgePrinters(data.path, noQueues)
    const refused = await printers.add({ url: printer.url }).catch((e) => e)
    expect(refused).toMatchObject({ code: 'PRINTER_CERT_UNCONFIRMED' })
    expect(refused.message).toMatch(/certificate must be confirmed before it is added\. It was not added\.$/)
    expect(refused.hint).toMatch(/fingerprint/)
    expect((await printers.list()).filter((p) => p.url === printer.url)).toEqual([])
    expect(printer.operations).toEqual([])

    // The probe shows the certificate the printer presents; a fingerprint other than it is not pinned.
    const { url, certificate } = await printers.probe(printer.url)
    expect(url).toBe(printer.url)
    expect(certificate?.fingerprint256).toBe(printer.fingerprint256)
    const other = printer.fingerprint256.replace(/^../, printer.fingerprint256.startsWith('00') ? '01' : '00')
    await expect(printers.add({ url: printer.url, fingerprint256: other })).rejects.toMatchObject({
      code: 'PRINTER_CERT_MOVED'
    })
    expect(printer.operations).toEqual([])
  })

  it('prints through the pin; the same address with another certificate is refused and receives no job', async () => {
    const printer = await start()
    const printers = new BadgePrinters(data.path, noQueues)
    const { certificate } = await printers.probe(printer.url)
    const added = await printers.add({ url: printer.url, name: 'Lobby', fingerprint256: certificate!.fingerprint256 })
    expect(added.printer).toMatchObject({ displayName: 'Lobby', fingerprint256: printer.fingerprint256 })
    expect(added.status.state).toBe('idle')
    // Stored with the printer: the pin outlives this process.
    const stored = JSON.parse(await readFile(join(data.path, 'badges', 'printers.json'), 'utf8'))
    expect(stored.find((p: { url: string }) => p.url === printer.url).pin.fingerprint256).toBe(printer.fingerprint256)

    const pinned = (await new BadgePrinters(data.path, noQueues).urlOf(printer.url))!
    const result = await printPdfOverIpp(pinned, await badgePdf(), page, { pollMs: 50 })
    expect(result.state).toBe('completed')
    expect(printer.documents).toHaveLength(1)
    expect(printer.documents[0]!.subarray(0, 5).toString()).toBe('%PDF-')

    // Another machine answers at the printer's address, with its own certificate.
    await printer.stop()
    const impostor = await start({ port: printer.port })
    expect(impostor.fingerprint256).not.toBe(printer.fingerprint256)
    const refused = await printPdfOverIpp(pinned, await badgePdf(), page, { pollMs: 50 }).catch((e) => e)
    expect(refused).toMatchObject({ kind: 'tls', code: 'CERT_CHANGED' })
    expect(refused.message).toBe(
      'The certificate of the printer “Lobby” is not the one you trusted. ' +
        'The connection was refused. No badge was printed.'
    )
    expect(refused.hint).toMatch(/the one on the printer’s own page .*then choose Trust again on the printer in Badges/)
    expect(refused.hint).toMatch(/someone may be intercepting this network: do not continue\.$/)
    await expect(ippPrinterStatus(pinned)).rejects.toMatchObject({ code: 'CERT_CHANGED' })
    // Refused at the handshake: not one IPP request, so no badge, reached it.
    expect(impostor.operations).toEqual([])
    expect(impostor.documents).toEqual([])

    // Trusted again (the person compared the new fingerprint): printed to, under the new pin only.
    const again = await printers.probe(printer.url)
    expect(again.certificate?.fingerprint256).toBe(impostor.fingerprint256)
    await printers.add({ url: printer.url, name: 'Lobby', fingerprint256: impostor.fingerprint256 })
    const repinned = (await printers.urlOf(printer.url))!
    expect(repinned.pin?.fingerprint256).toBe(impostor.fingerprint256)
    await printPdfOverIpp(repinned, await badgePdf(), page, { pollMs: 50 })
    expect(impostor.documents).toHaveLength(1)
  })

  it('an ipps:// printer with no certificate trusted (added before pinning) is sent nothing', async () => {
    const printer = await start()
    const refused = await printPdfOverIpp(printer.url, await badgePdf(), page).catch((e) => e)
    expect(refused).toMatchObject({ kind: 'tls', code: 'PRINTER_NOT_TRUSTED' })
    expect(refused.message).toMatch(/nothing was sent to it\. No badge was printed\.$/)
    expect(refused.hint).toMatch(/Trust again/)
    expect(printer.operations).toEqual([])
  })
})

describe('an ipps:// badge printer through the app (channels, print history)', () => {
  const app = useAppServices()
  let printer: TlsIppPrinter
  let impostor: TlsIppPrinter | undefined
  beforeAll(async () => {
    printer = await tlsIppPrinter({ name: 'Front desk' })
  })
  afterAll(async () => {
    await printer?.stop()
    await impostor?.stop()
  })

  it('probe, confirm, print; then another certificate: the badge is not printed and the history says why', async () => {
    const probed = await app.call('badges.probePrinter', { url: printer.url })
    expect(probed.certificate.fingerprint256).toBe(printer.fingerprint256)
    await expect(app.call('badges.addPrinter', { url: printer.url, name: 'Front desk' })).rejects.toMatchObject({
      code: 'PRINTER_CERT_UNCONFIRMED'
    })
    const added = await app.call('badges.addPrinter', {
      url: printer.url,
      name: 'Front desk',
      fingerprint256: probed.certificate.fingerprint256
    })
    expect(added.printer).toMatchObject({ name: printer.url, fingerprint256: printer.fingerprint256 })
    const listed = (await app.call('badges.printers')).items.find((p: { name: string }) => p.name === printer.url)
    expect(listed).toMatchObject({ kind: 'ipp', fingerprint256: printer.fingerprint256 })
    expect(listed.pin).toBeUndefined()

    const { jobId } = await app.call('badges.testLabel', { printer: printer.url })
    expect(jobId).toBe(1)
    expect(printer.documents).toHaveLength(1)

    await printer.stop()
    impostor = await tlsIppPrinter({ port: printer.port })
    const now = Math.floor(Date.now() / 1000)
    const visitor = await app.call('visitors.create', {
      first_name: 'Grace',
      last_name: 'Hopper',
      visitor_company: 'Navy',
      visit_reason: 'Business',
      start_time: now - 600,
      end_time: now + 3600,
      week_schedule: null,
      // A door: the kiosk checks in no visit that opens nothing.
      resources: await kioskDoors(app)
    })
    // The kiosk asks the badge station's printer first: not the one trusted, the visitor goes to the desk.
    const settings = await app.call('badges.settings')
    await app.call('badges.saveSettings', { ...settings, printer: printer.url, silent: true })
    await expect(app.call('kiosk.badge', { visitorId: visitor.id })).rejects.toMatchObject({
      code: 'KIOSK_PRINTER_NOT_READY'
    })
    const [entry] = (await app.call('kiosk.checkins', { limit: 1 })).items
    expect(entry).toMatchObject({ printed: false, output: 'printer', printer: 'Front desk' })
    expect(entry.printReason).toMatch(
      /is not the one you trusted\. The connection was refused\. No badge was printed\./
    )
    // The desk's print is refused too, and the history says why.
    await app.call('visitors.assignQr', { id: visitor.id })
    const job = {
      visitorId: visitor.id,
      name: 'Grace Hopper',
      company: 'Navy',
      host: '',
      validFrom: now,
      validTo: now + 3600,
      stock: 'dk-11202'
    }
    await expect(app.call('badges.print', { job, printer: printer.url, silent: true })).rejects.toMatchObject({
      code: 'CERT_CHANGED'
    })
    expect(impostor.operations).toEqual([])
    const history = await app.call('badges.history', { limit: 5 })
    expect(history.items[0]).toMatchObject({ printer: 'Front desk', failed: { code: 'CERT_CHANGED' } })
    expect(history.items[0].jobId).toBeUndefined()
    expect(await app.call('badges.printerStatus', { printer: printer.url })).toMatchObject({
      state: 'offline',
      words: 'Certificate not trusted',
      hint: expect.stringContaining('Trust again')
    })
  })
})
