import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { printerCertMoved, printerNotAdded } from './printer-failure'
import type { PrinterStatus } from '../../../shared/badges/printer-state'
import type { PrinterInfo } from '../../../shared/badges/schemas'
import type { CertificateInfo } from '../../../shared/connections'
import { probeCertificate, type PinnedCertificate } from '../access/tls-pinning'
import { readJsonFile, writeJsonFile } from '../storage/json-file'
import { cupsQueueUrl } from './cups-server'
import { ippPrinterStatus } from './ipp-print'

/**
 * The printers main prints to by itself, in both modes: IPP printers added by their URL (ipp://,
 * ipps://), and the system's queues where the system is CUPS (Linux, macOS), read with `lpstat` and
 * printed to through CUPS's own IPP at the server lpstat asked (cups-server.ts). A Windows spooler queue is
 * not here: Electron's window printing prints to it (electron/printing.ts).
 */
const addedSchema = z.array(
  z.object({
    url: z.string(),
    name: z.string(),
    /** An ipps:// printer's certificate, trusted when it was added (trust on first use, as a console's). */
    pin: z.object({ fingerprint256: z.string(), pems: z.array(z.string()).min(1) }).optional()
  })
)
type Added = z.infer<typeof addedSchema>[number]

export interface MainPrinter extends PrinterInfo {
  url: string
  /** The certificate every ipps:// request to it must present (ipp-client.ts refuses ipps:// without). */
  pin?: PinnedCertificate
}

/** ipps:// (and https://) printers are reached over TLS: their certificate is pinned. */
function isTlsPrinter(url: string): boolean {
  const protocol = new URL(url).protocol
  return protocol === 'ipps:' || protocol === 'https:'
}

/** The https:// address of a TLS printer's port, for the first-contact probe (IPPS is on 631 by default). */
function probeAddress(url: string): string {
  const u = new URL(url)
  return `https://${u.hostname.includes(':') ? `[${u.hostname.replace(/^\[|\]$/g, '')}]` : u.hostname}:${
    u.port || (u.protocol === 'https:' ? 443 : 631)
  }/`
}

/**
 * The system's CUPS queues: names, the default one, and each one's IPP address at the CUPS server
 * lpstat asked (cups-server.ts; localhost:631 when not given). None where lpstat is not installed.
 */
export type ListQueues = () => Promise<{ name: string; isDefault: boolean; url?: string }[]>

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: 3000, encoding: 'utf8' }, (err, stdout) => resolve(err ? '' : stdout))
  })
}

/** `lpstat -e` (one destination a line), `lpstat -d` ("system default destination: NAME"), `lpstat -H` (its server). */
const lpstatQueues: ListQueues = async () => {
  const [names, dflt, server] = await Promise.all([run('lpstat', ['-e']), run('lpstat', ['-d']), run('lpstat', ['-H'])])
  const def = dflt.match(/destination:\s*(\S+)/)?.[1]
  return names
    .split('\n')
    .map((n) => n.trim())
    .filter(Boolean)
    .map((name) => ({ name, isDefault: name === def, url: cupsQueueUrl(server, name) }))
}

/** A URL a person typed for a printer, checked: ipp:// or ipps:// (http(s):// of an IPP path too). */
function printerUrl(input: string): string {
  let u: URL
  try {
    u = new URL(input.trim())
  } catch {
    throw badUrl(input)
  }
  if (!['ipp:', 'ipps:', 'http:', 'https:'].includes(u.protocol) || !u.hostname) throw badUrl(input)
  // A printer's address without a path is its usual IPP Everywhere queue.
  if (u.pathname === '' || u.pathname === '/') u.pathname = '/ipp/print'
  return u.toString()
}

function badUrl(input: string): AppError {
  return new AppError({
    kind: 'validation',
    code: 'PRINTER_URL_INVALID',
    message: `“${input.slice(0, 120)}” is not a printer address.`,
    hint: 'Type the printer’s IPP address, like ipp://192.168.1.40/ipp/print (on its label, its display or its web page).',
    details: { input: input.slice(0, 120) }
  })
}

/** The certificate a TLS printer presents (tls-pinning.ts's first-contact probe: read only, nothing sent). */
function readCertificate(url: string) {
  return probeCertificate(
    probeAddress(url),
    8000,
    'Check the printer’s address and port (IPPS is on 631 unless the address says otherwise), and that the printer is on and on this network.'
  )
}

export class BadgePrinters {
  private readonly path: string
  /** Certificates read by `probe`, by fingerprint: `add` pins exactly the one the person looked at. */
  private readonly probed = new Map<string, PinnedCertificate>()

  constructor(
    dataDir: string,
    private readonly queues: ListQueues = lpstatQueues
  ) {
    this.path = join(dataDir, 'badges', 'printers.json')
  }

  private async added(): Promise<Added[]> {
    return (await readJsonFile(this.path, addedSchema, () => [])).value
  }

  /** The system's queues, then the printers added by URL. */
  async list(): Promise<MainPrinter[]> {
    const [queues, added] = await Promise.all([this.queues().catch(() => []), this.added()])
    return [
      ...queues.map((q) => ({
        name: q.name,
        displayName: q.name,
        isDefault: q.isDefault,
        kind: 'system' as const,
        url: q.url ?? `ipp://localhost:631/printers/${encodeURIComponent(q.name)}`
      })),
      ...added.map((a) => ({
        name: a.url,
        displayName: a.name,
        isDefault: false,
        kind: 'ipp' as const,
        url: a.url,
        ...(a.pin ? { pin: a.pin, fingerprint256: a.pin.fingerprint256 } : {})
      }))
    ]
  }

  /**
   * First contact with a printer typed in Badges: its address checked and, for ipps://, the certificate
   * it presents (read only, nothing sent), for the person to compare with the printer's own page before
   * `add` pins it. ipp:// has no certificate: null.
   */
  async probe(input: string): Promise<{ url: string; certificate: CertificateInfo | null }> {
    const url = printerUrl(input)
    if (!isTlsPrinter(url)) return { url, certificate: null }
    const { info, pin } = await readCertificate(url)
    this.probed.set(pin.fingerprint256, pin)
    return { url, certificate: info }
  }

  /** The IPP address main prints a printer's badges to; undefined: not one of main's (Electron prints). */
  async urlOf(name: string): Promise<MainPrinter | undefined> {
    return (await this.list()).find((p) => p.name === name)
  }

  /**
   * Add a printer by its address. It must answer first: an address mistyped is said now, at the
   * desk, not at the kiosk when a visitor is waiting.
   */
  async add(input: {
    url: string
    name?: string | undefined
    /** ipps://: the fingerprint the person compared after `probe` (again for a printer added: trust it again). */
    fingerprint256?: string | undefined
  }): Promise<{ printer: MainPrinter; status: PrinterStatus }> {
    const url = printerUrl(input.url)
    const pin = isTlsPrinter(url) ? await this.trusted(url, input.fingerprint256) : undefined
    const status = await ippPrinterStatus({ url, pin }).catch((err: unknown) => {
      throw printerNotAdded({ url, displayName: input.name?.trim() || undefined }, err)
    })
    const name = input.name?.trim() || new URL(url).host
    const added = (await this.added()).filter((a) => a.url !== url)
    await writeJsonFile(this.path, [...added, { url, name, ...(pin ? { pin } : {}) }])
    if (pin) this.probed.delete(pin.fingerprint256)
    return {
      printer: {
        name: url,
        displayName: name,
        isDefault: false,
        kind: 'ipp',
        url,
        ...(pin ? { pin, fingerprint256: pin.fingerprint256 } : {})
      },
      status
    }
  }

  /**
   * The certificate to pin for an ipps:// printer: the one the person compared (its fingerprint), read
   * by `probe` or read again now, and still the one the printer presents. Never one nobody looked at.
   */
  private async trusted(url: string, fingerprint256: string | undefined): Promise<PinnedCertificate> {
    const host = new URL(url).host
    if (!fingerprint256) {
      throw new AppError({
        kind: 'validation',
        code: 'PRINTER_CERT_UNCONFIRMED',
        message: `The printer ${host} is reached over ipps://: its certificate must be confirmed before it is added. It was not added.`,
        hint: 'Add it in Badges: it shows the printer’s fingerprint to compare with the one on the printer’s own page, then trust it.',
        details: { host }
      })
    }
    const seen = this.probed.get(fingerprint256) ?? (await readCertificate(url)).pin
    if (seen.fingerprint256 !== fingerprint256) {
      throw printerCertMoved(host)
    }
    return seen
  }

  async remove(name: string): Promise<void> {
    const added = await this.added()
    await writeJsonFile(
      this.path,
      added.filter((a) => a.url !== name)
    )
  }
}
