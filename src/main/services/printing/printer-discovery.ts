import { isIP } from 'node:net'
import { AppError } from '../../../shared/errors'
import type { FoundPrinter } from '../../../shared/badges/found-printer'

/**
 * IPP printers announced on the local network over DNS-SD (multicast DNS): every current network
 * and AirPrint label printer announces `_ipp._tcp`, and `_ipps._tcp` when it speaks IPP over TLS.
 * Main listens for a few seconds (a time bound: the answers that come later are not waited for) with
 * bonjour-service, a pure-JavaScript mDNS browser, so it works alike on Linux (beside avahi), macOS
 * (beside mDNSResponder) and Windows, with no system tool to install. Nothing is added here: the
 * person picks one, and adding it probes it (and confirms an ipps:// printer's certificate) as when
 * its address is typed.
 */

/** One announcement heard: the service and whether it was the IPPS one. */
export interface Announcement {
  name: string
  port: number
  /** The A/AAAA addresses announced with it. */
  addresses?: string[] | undefined
  /** Where the answer came from (the printer's own address when it announces itself). */
  referer?: { address: string } | undefined
  /** The queue's path, from the TXT record ("ipp/print"). */
  txt?: Record<string, unknown> | undefined
  encrypted: boolean
}

/** An address to reach it by: IPv4 first (no zone needed), then a global IPv6; never link-local. */
function addressOf(a: Announcement): string | null {
  const all = [...(a.addresses ?? []), ...(a.referer ? [a.referer.address] : [])]
  const v4 = all.find((x) => isIP(x) === 4)
  if (v4) return v4
  return all.find((x) => isIP(x) === 6 && !/^fe80:/i.test(x)) ?? null
}

/**
 * The printers heard, one row each: a printer announced over both `_ipp` and `_ipps` (the same name
 * and port) is listed once, as the encrypted one; sorted by name.
 */
export function foundPrinters(heard: readonly Announcement[]): FoundPrinter[] {
  const byPrinter = new Map<string, FoundPrinter>()
  for (const a of heard) {
    const address = addressOf(a)
    if (!address || !a.port) continue
    const rp = typeof a.txt?.['rp'] === 'string' ? a.txt['rp'].replace(/^\/+/, '') : 'ipp/print'
    const host = isIP(address) === 6 ? `[${address}]` : address
    const found: FoundPrinter = {
      name: a.name,
      url: `${a.encrypted ? 'ipps' : 'ipp'}://${host}:${a.port}/${rp || 'ipp/print'}`,
      address,
      port: a.port,
      encrypted: a.encrypted
    }
    const key = `${a.name}\n${a.port}`
    const before = byPrinter.get(key)
    if (!before || (!before.encrypted && found.encrypted)) byPrinter.set(key, found)
  }
  return [...byPrinter.values()].sort((x, y) => x.name.localeCompare(y.name))
}

/**
 * Listen for `_ipp._tcp` and `_ipps._tcp` announcements for `timeoutMs`, then stop and answer what was
 * heard. A network that allows no multicast (the socket cannot be opened) is said as such.
 */
export async function findPrinters(timeoutMs: number): Promise<FoundPrinter[]> {
  // The mDNS browser is loaded when printers are first looked for, not at main's start.
  const { default: Bonjour } = await import('bonjour-service')
  return new Promise((resolve, reject) => {
    let failed: unknown = null
    const heard: Announcement[] = []
    const bonjour = new Bonjour({}, (err: unknown) => (failed ??= err))
    // multicast-dns emits 'error' (the port or the group refused) on its own emitter, which
    // bonjour-service does not listen to: unheard, it would end main. Heard here, it is the answer.
    const mdns = (bonjour as unknown as { server?: { mdns?: NodeJS.EventEmitter } }).server?.mdns
    mdns?.on('error', (err: unknown) => (failed ??= err))
    const browsers = ([false, true] as const).map((encrypted) =>
      bonjour.find({ type: encrypted ? 'ipps' : 'ipp' }, (service) => {
        heard.push({
          name: service.name,
          port: service.port,
          addresses: service.addresses,
          referer: service.referer,
          txt: service.txt as Record<string, unknown> | undefined,
          encrypted
        })
      })
    )
    // Asked again each second (as RFC 6762 has a querier do): one lost query or answer, or a responder
    // that held back its answer (an answer is multicast at most once a second), must not hide a printer.
    const again = setInterval(() => browsers.forEach((b) => b.update()), 1000)
    setTimeout(() => {
      clearInterval(again)
      for (const browser of browsers) browser.stop()
      bonjour.destroy()
      if (failed && heard.length === 0) reject(discoveryFailed(failed))
      else resolve(foundPrinters(heard))
    }, timeoutMs)
  })
}

function discoveryFailed(err: unknown): AppError {
  const code = (err as NodeJS.ErrnoException)?.code
  return new AppError({
    kind: 'network',
    code: 'PRINTER_DISCOVERY_FAILED',
    message: `Printers on this network could not be looked for (multicast DNS${code ? `: ${code}` : ''}).`,
    hint: 'Add the printer by its address instead (on its label, its display or its web page), like ipp://192.168.1.40/ipp/print.',
    retryable: true,
    details: code ? { said: 'code', socket: code } : { said: 'plain' }
  })
}
