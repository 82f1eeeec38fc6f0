import { request as httpRequest } from 'node:http'
import { request as httpsRequest, type Agent } from 'node:https'
import { chainErrorCodes, createPinnedAgent, type PinnedCertificate } from '../access/tls-pinning'

/**
 * IPP over HTTP(S) for the badge printers: the `ipp` package encodes and decodes the messages (its
 * attribute tables give each value its IPP type); the transport is here, because the package's own
 * has no timeout, and a printer that accepts a connection and never answers must not hang a kiosk.
 */
export type IppMessage = Record<string, unknown> & {
  statusCode?: string
  'operation-attributes-tag'?: Record<string, unknown>
  'printer-attributes-tag'?: Record<string, unknown>
  'job-attributes-tag'?: Record<string, unknown> | Record<string, unknown>[]
  'unsupported-attributes-tag'?: Record<string, unknown>
}

/**
 * A printer to call: its address and, for ipps://, the certificate trusted when it was added (the
 * console's trust on first use, tls-pinning.ts). A plain string is an address with no pin.
 */
export interface IppTarget {
  url: string
  pin?: PinnedCertificate | undefined
}

/**
 * Why an IPP exchange failed before any IPP answer: the printer is not there, said nothing in time,
 * presented a certificate other than the one trusted ('certificate'), or is ipps:// with none trusted
 * yet ('untrusted': nothing is sent).
 */
export class IppTransportError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'timeout' | 'http' | 'certificate' | 'untrusted',
    readonly detail?: string
  ) {
    super(message)
  }
}

const DEFAULT_TIMEOUT_MS = 10_000

/** ipp:// and ipps:// are HTTP and HTTPS on port 631 unless the URL says otherwise. */
function endpoint(url: string): { https: boolean; host: string; port: number; path: string; uri: string } {
  const u = new URL(url)
  const https = u.protocol === 'ipps:' || u.protocol === 'https:'
  const port = u.port ? Number(u.port) : u.protocol === 'http:' ? 80 : u.protocol === 'https:' ? 443 : 631
  // The printer-uri in the message is the ipp:// form of the same address.
  const scheme = https ? 'ipps' : 'ipp'
  return {
    https,
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port,
    path: u.pathname || '/',
    uri: `${scheme}://${u.host}${u.pathname}`
  }
}

/**
 * One pinned agent per trusted certificate, kept for the app's life: the pinned chain is parsed once,
 * and a badge's few calls share a connection. Verification stays on (createPinnedAgent): a printer is
 * reached only if it presents the certificate the person compared and trusted in Badges.
 */
const agents = new Map<string, Agent>()
function pinnedAgent(pin: PinnedCertificate): Agent {
  const key = `${pin.fingerprint256}\n${pin.pems.join('')}`
  let agent = agents.get(key)
  if (!agent) {
    agent = createPinnedAgent(pin)
    agents.set(key, agent)
  }
  return agent
}

export interface IppOptions {
  timeoutMs?: number
  signal?: AbortSignal
}

/**
 * One IPP operation to the printer at `url`, answered as the decoded message. `attributes` are the
 * operation attributes after the charset, language and printer-uri that every request starts with.
 */
export async function ippCall(
  printer: string | IppTarget,
  operation: string,
  groups: { operation?: Record<string, unknown>; job?: Record<string, unknown> } = {},
  data?: Uint8Array,
  options: IppOptions = {}
): Promise<IppMessage> {
  const { url, pin } = typeof printer === 'string' ? { url: printer, pin: undefined } : printer
  const target = endpoint(url)
  if (target.https && !pin) {
    // Never an unverified ipps:// connection: a badge (a name, a QR code that opens doors) goes only to
    // the printer whose certificate was trusted when it was added.
    return Promise.reject(new IppTransportError('no certificate trusted for this printer', 'untrusted'))
  }
  const message: Record<string, unknown> = {
    version: '2.0',
    operation,
    'operation-attributes-tag': {
      'attributes-charset': 'utf-8',
      'attributes-natural-language': 'en',
      'printer-uri': target.uri,
      ...groups.operation
    },
    ...(groups.job ? { 'job-attributes-tag': groups.job } : {}),
    ...(data ? { data: Buffer.from(data) } : {})
  }
  // The IPP codec is loaded on the first call to a printer, not at main's start.
  const { default: ipp } = await import('ipp')
  const body = ipp.serialize(message)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  return new Promise<IppMessage>((resolve, reject) => {
    const send = target.https ? httpsRequest : httpRequest
    const req = send(
      {
        host: target.host,
        port: target.port,
        path: target.path,
        method: 'POST',
        headers: { 'Content-Type': 'application/ipp', 'Content-Length': body.length },
        // A printer's certificate is its own, self-signed, with no name a CA would sign: it is pinned
        // (the chain trusted, the fingerprint in place of the host-name check), as a console's is.
        ...(target.https && pin ? { agent: pinnedAgent(pin) } : {}),
        ...(options.signal ? { signal: options.signal } : {})
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          clearTimeout(timer)
          if (res.statusCode !== 200) {
            reject(new IppTransportError(`the printer answered HTTP ${res.statusCode}`, 'http', String(res.statusCode)))
            return
          }
          try {
            resolve(ipp.parse(Buffer.concat(chunks)) as IppMessage)
          } catch (err) {
            reject(new IppTransportError('the printer’s answer could not be read', 'http', String(err)))
          }
        })
        res.on('error', (err) => {
          clearTimeout(timer)
          reject(new IppTransportError(err.message, 'unreachable', (err as NodeJS.ErrnoException).code))
        })
      }
    )
    const timer = setTimeout(() => {
      req.destroy()
      reject(new IppTransportError(`no answer in ${Math.round(timeoutMs / 1000)} s`, 'timeout'))
    }, timeoutMs)
    req.on('error', (err) => {
      clearTimeout(timer)
      const code = (err as NodeJS.ErrnoException).code
      // With a pin, a certificate the chain check or the fingerprint refuses is another certificate.
      const reason = target.https && code && chainErrorCodes.has(code) ? 'certificate' : 'unreachable'
      reject(new IppTransportError(err.message, reason, code))
    })
    req.end(body)
  })
}

/** An attribute's values as a list (the decoder gives one value bare, several as an array). */
export function values(group: Record<string, unknown> | undefined, name: string): unknown[] {
  const v = group?.[name]
  return v === undefined ? [] : Array.isArray(v) ? v : [v]
}

/** The first job-attributes group (Print-Job and Get-Job-Attributes answer one). */
export function jobGroup(message: IppMessage): Record<string, unknown> | undefined {
  const g = message['job-attributes-tag']
  return Array.isArray(g) ? g[0] : g
}
