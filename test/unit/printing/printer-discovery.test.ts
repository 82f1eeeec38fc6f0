import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPrinters, foundPrinters } from '../../../src/main/services/printing/printer-discovery'
import { useAppServices } from '../../support/app-services'
import { publishService } from '../../support/dns-sd'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinter, type IppPrinterStack } from '../../support/ipp-printer'

/**
 * Printers found on the network over DNS-SD, for real: ippeveprinter announces itself through avahi
 * (`_ipp._tcp` and, as it speaks TLS, `_ipps._tcp`), a plain-IPP printer is announced with
 * avahi-publish, and main's browser (bonjour-service, multicast DNS) hears them within its time bound.
 */
describe('finding IPP printers on the network (DNS-SD)', () => {
  let stack: IppPrinterStack
  let secure: IppPrinter
  let plainPort: number
  const stops: (() => Promise<void>)[] = []
  const app = useAppServices()

  beforeAll(async () => {
    stack = await ippPrinterStack()
    secure = await stack.start({ name: 'Secure labels', tls: true, announce: true })
    const plain = await stack.start({ name: 'Plain target' })
    plainPort = plain.port
    stops.push((await publishService('Plain labels', '_ipp._tcp', plain.port, ['rp=ipp/print'])).stop)
  }, IPP_STACK_HOOK_MS)
  afterAll(async () => {
    for (const stop of stops) await stop()
    await stack?.stop()
  })

  it('lists each printer once, with its address and whether encrypted, within the time asked', async () => {
    const started = Date.now()
    const found = await findPrinters(3000)
    // The time bound holds: it answers when the time is up, not when the network goes quiet.
    expect(Date.now() - started).toBeLessThan(6000)
    const secureRow = found.find((p) => p.name === 'Secure labels')
    expect(secureRow).toMatchObject({ port: secure.port, encrypted: true })
    expect(secureRow!.url).toBe(`ipps://${secureRow!.address}:${secure.port}/ipp/print`)
    expect(found.find((p) => p.name === 'Plain labels')).toMatchObject({
      port: plainPort,
      encrypted: false,
      url: expect.stringMatching(new RegExp(`^ipp://[^/]+:${plainPort}/ipp/print$`))
    })
    // Announced over _ipp and _ipps: one row, the encrypted one.
    expect(found.filter((p) => p.name === 'Secure labels')).toHaveLength(1)
  })

  it('through the app: the channel answers the same, and its time limit is checked', async () => {
    const { items } = await app.call('badges.findPrinters')
    expect(items.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Plain labels', 'Secure labels'])
    )
    await expect(app.call('badges.findPrinters', { seconds: 60 })).rejects.toMatchObject({ kind: 'validation' })
  })

  it('an announcement with an IPv6 address only, or a link-local one, gives an address a desk can reach', () => {
    expect(
      foundPrinters([
        { name: 'V6', port: 631, addresses: ['fe80::1', 'fd00::9'], txt: { rp: '/ipp/print' }, encrypted: true },
        { name: 'Link-local only', port: 631, addresses: ['fe80::2'], encrypted: false }
      ])
    ).toEqual([{ name: 'V6', url: 'ipps://[fd00::9]:631/ipp/print', address: 'fd00::9', port: 631, encrypted: true }])
  })
})
