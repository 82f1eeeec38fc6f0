import https from 'node:https'
import tls from 'node:tls'
import { X509Certificate } from 'node:crypto'
import { isIP } from 'node:net'
import { AppError } from '../../../shared/errors'
import type { CertificateInfo } from '../../../shared/connections'
import { networkReasons } from './network-reasons'

/** What trusting a console means: the certificate chain it presented, and the leaf's fingerprint. */
export interface PinnedCertificate {
  fingerprint256: string
  /** PEMs of the chain as presented at first contact (leaf first). */
  pems: string[]
}

export const CERT_CHANGED = 'CERT_CHANGED'

/**
 * An agent that trusts exactly the pinned console. The chain we stored at first contact is added to
 * the CA list, so a self-signed console certificate passes normal verification (never
 * turning certificate verification off), and the leaf's SHA-256 fingerprint then replaces the host-name
 * check: consoles are reached by IP and their certificates rarely name it.
 */
export function createPinnedAgent(pin: PinnedCertificate): https.Agent {
  // One secure context for the agent's life, given as `secureContext` rather than `ca`: with `ca`,
  // Node parses the ~150 root certificates on every new connection and builds the agent's pool key
  // from their text (~200 KB) on every request. Same trust, same verification.
  const secureContext = tls.createSecureContext({ ca: trustedCertificates(pin) })
  return new https.Agent({
    keepAlive: true,
    maxSockets: 6,
    secureContext,
    rejectUnauthorized: true,
    checkServerIdentity: (_host, cert) => {
      if (cert.fingerprint256 === pin.fingerprint256) return undefined
      return certificateChangedError(cert.fingerprint256, pin.fingerprint256)
    }
  })
}

/**
 * The CA list of a pinned agent: the pinned chain, and the system's roots only when that chain does
 * not end in its own root. Loading the ~150 roots costs ~60–150 ms per agent (the first thing a
 * screen waits for after a start); a self-signed console, as consoles are by default, never needs
 * them. The leaf's fingerprint is checked either way.
 */
export function trustedCertificates(pin: PinnedCertificate): string[] {
  return endsInItsRoot(pin.pems) ? pin.pems : [...tls.rootCertificates, ...pin.pems]
}

function endsInItsRoot(pems: string[]): boolean {
  const last = pems.at(-1)
  if (!last) return false
  try {
    const cert = new X509Certificate(last)
    return cert.checkIssued(cert) && cert.verify(cert.publicKey)
  } catch {
    return false
  }
}

function certificateChangedError(seen: string, pinned: string): Error {
  const err = new Error(`Certificate fingerprint ${seen} does not match the pinned ${pinned}`)
  ;(err as NodeJS.ErrnoException).code = 'CERT_FINGERPRINT_MISMATCH'
  return err
}

/**
 * What a pinned peer is to the person reading the refusal: the console (the default, trusted again in
 * Settings), or a badge printer (trusted again in Badges). One refusal for both, worded for each.
 */
export interface PinnedPeer {
  /** "the console", "the printer". */
  what: string
  /** Where the new fingerprint is compared and trusted, and the button's name. */
  where: string
  /** Said after "The connection was refused." (e.g. "No badge was printed."). */
  outcome?: string
}

const CONSOLE_PEER: PinnedPeer = {
  what: 'the console',
  where:
    'open Settings → Connections: it shows the new fingerprint next to the trusted one; compare it with the ' +
    "console's and choose Trust the new certificate"
}

export function certificateChanged(url: string, peer: PinnedPeer = CONSOLE_PEER): AppError {
  return new AppError({
    kind: 'tls',
    code: CERT_CHANGED,
    message: `The certificate of ${url} is not the one you trusted. The connection was refused.${
      peer.outcome ? ` ${peer.outcome}` : ''
    }`,
    hint:
      `If ${peer.what} was reset or got a new certificate on purpose, ${peer.where}. ` +
      'If not, someone may be intercepting this network: do not continue.',
    details: { url }
  })
}

/** Certificate errors that, once a pin exists, can only mean "not the certificate you trusted". */
export const chainErrorCodes = new Set([
  'CERT_FINGERPRINT_MISMATCH',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_SIGNATURE_FAILURE'
])

function toPem(raw: Buffer): string {
  return new X509Certificate(raw).toString()
}

function describeName(name: Record<string, string | string[] | undefined> | undefined): string {
  // Stryker disable next-line all: unreachable, Node fills subject and issuer of every peer certificate (an empty name is {})
  if (!name) return ''
  return Object.entries(name)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : v}`)
    .join(', ')
}

/**
 * First contact (trust on first use): open a TLS connection only to read the certificate the
 * console (or an ipps:// badge printer) presents, so the user can compare its fingerprint with the one
 * the device itself shows before trusting it.
 * Nothing is sent over this connection (no request, no token) and it is closed at once; it is the
 * one place where an unverified certificate is looked at, never used.
 */
export async function probeCertificate(
  url: string,
  timeoutMs = 8000,
  /** What to check when nothing answers (a printer's IPPS is on port 631, a console's API on 12445). */
  unreachableHint = 'Check the address and port (a console serves the API on 12445) and that this computer is on its network.'
): Promise<{ info: CertificateInfo; pin: PinnedCertificate }> {
  const target = new URL(url)
  const port = Number(target.port || 443)
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: target.hostname,
      port,
      servername: isIP(target.hostname) ? undefined : target.hostname,
      rejectUnauthorized: false, // read-only probe, see above
      timeout: timeoutMs
    })
    const fail = (err: Error) => {
      socket.destroy()
      const code = (err as NodeJS.ErrnoException).code
      const reason = (code === undefined ? undefined : networkReasons[code]) ?? err.message
      reject(
        new AppError({
          kind: 'network',
          code,
          message: `Could not reach ${target.host}: ${reason}.`,
          hint: unreachableHint,
          retryable: true
        })
      )
    }
    socket.once('error', fail)
    socket.once('timeout', () => fail(new Error('no answer within ' + timeoutMs / 1000 + ' s')))
    socket.once('secureConnect', () => {
      const leaf = socket.getPeerCertificate(true)
      socket.destroy()
      // Stryker disable all: unreachable, the client offers no PSK or anonymous cipher suites, so a completed
      // handshake always carries a certificate; kept so a change there is refused, never pinned as empty
      if (!leaf || !leaf.raw) {
        reject(new AppError({ kind: 'tls', message: `${target.host} presented no certificate.` }))
        return
      }
      // Stryker restore all
      const pems: string[] = []
      const seen = new Set<string>()
      for (let c: tls.DetailedPeerCertificate | undefined = leaf; c && c.raw; c = c.issuerCertificate) {
        if (seen.has(c.fingerprint256)) break
        seen.add(c.fingerprint256)
        pems.push(toPem(c.raw))
      }
      resolve({
        info: {
          fingerprint256: leaf.fingerprint256,
          subject: describeName(leaf.subject as unknown as Record<string, string>),
          issuer: describeName(leaf.issuer as unknown as Record<string, string>),
          validFrom: new Date(leaf.valid_from).toISOString(),
          validTo: new Date(leaf.valid_to).toISOString()
        },
        pin: { fingerprint256: leaf.fingerprint256, pems }
      })
    })
  })
}
