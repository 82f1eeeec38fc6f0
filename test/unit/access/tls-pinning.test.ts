import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import https from 'node:https'
import tls from 'node:tls'
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'
import { X509Certificate } from 'node:crypto'
import {
  CERT_CHANGED,
  certificateChanged,
  createPinnedAgent,
  trustedCertificates,
  probeCertificate,
  type PinnedCertificate
} from '../../../src/main/services/access/tls-pinning'
import { tempDir } from '../../support/temp'
import { makeCertificates, type KeyAndCert } from './tls-fixtures'

/**
 * Certificate pinning against real TLS servers on loopback: the agent trusts the pinned console and
 * nothing else (verification stays on: the pin is added to the CA list, never rejectUnauthorized
 * false), and first contact reads exactly what the console presents, without sending anything.
 */

interface Console {
  url: string
  /** Connections the server accepted, and how many are still open. */
  connections: number
  open: number
  /** The server name (SNI) of each handshake that sent one. */
  serverNames: string[]
  /** Bytes a client sent over TLS (requests). */
  requests: number
  /** Holds answers until released, to see how many sockets a client opens at once. */
  hold: boolean
  release(): void
  close(): Promise<void>
}

async function startConsole(identity: KeyAndCert, chain: string[] = []): Promise<Console> {
  let waiting: (() => void)[] = []
  const sockets = new Set<Socket>()
  const state: Console = {
    url: '',
    connections: 0,
    open: 0,
    serverNames: [],
    requests: 0,
    hold: false,
    release() {
      for (const w of waiting) w()
      waiting = []
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      })
  }
  const options = {
    key: identity.key,
    cert: [identity.cert, ...chain].join(''),
    // Called only for a handshake that names a server (SNI).
    SNICallback: (name: string, done: (err: null) => void) => {
      state.serverNames.push(name)
      done(null)
    }
  }
  const server = https.createServer(options, (_req, res) => {
    state.requests++
    const answer = () => res.end('pinned console')
    if (state.hold) waiting.push(answer)
    else answer()
  })
  server.on('connection', (socket: Socket) => {
    state.connections++
    state.open++
    sockets.add(socket)
    socket.on('close', () => {
      state.open--
      sockets.delete(socket)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `https://127.0.0.1:${(server.address() as { port: number }).port}`
  return state
}

function get(url: string, agent: https.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { agent }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (body += d))
        res.on('end', () => resolve(body))
      })
      .on('error', reject)
  })
}

async function failure(p: Promise<unknown>): Promise<NodeJS.ErrnoException & { kind?: string; hint?: string }> {
  return p.then(
    () => {
      throw new Error('expected a failure')
    },
    (err: NodeJS.ErrnoException) => err
  )
}

const pinOf = (...certs: string[]): PinnedCertificate => ({
  fingerprint256: new X509Certificate(certs[0]!).fingerprint256,
  pems: certs
})

describe('TLS pinning', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let certs: ReturnType<typeof makeCertificates>
  let a: Console
  let b: Console
  let chained: Console
  let partial: Console

  beforeAll(async () => {
    dir = await tempDir('tls-pinning-')
    certs = makeCertificates(dir.path)
    a = await startConsole(certs.a)
    b = await startConsole(certs.b)
    chained = await startConsole(certs.leaf, [certs.intermediate.cert, certs.root.cert])
    partial = await startConsole(certs.leaf, [certs.intermediate.cert])
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), chained?.close(), partial?.close()])
    await dir?.remove()
  })

  describe('the pinned agent', () => {
    it('trusts a self-signed console by its fingerprint, though the certificate names neither its IP nor a host', async () => {
      const agent = createPinnedAgent(pinOf(certs.a.cert))
      try {
        expect(await get(a.url + '/', agent)).toBe('pinned console')
      } finally {
        agent.destroy()
      }
    })

    it('refuses another console at once: verification stays on', async () => {
      const agent = createPinnedAgent(pinOf(certs.a.cert))
      try {
        const requests = b.requests
        const err = await failure(get(b.url + '/', agent))
        expect(err.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT')
        // Refused in the handshake: no request (and so no token) ever reached the other console.
        expect(b.requests).toBe(requests)
      } finally {
        agent.destroy()
      }
    })

    it('refuses a certificate that verifies but is not the pinned one, naming both fingerprints', async () => {
      // Both certificates are in the trust list; only the fingerprint tells them apart.
      const pin = {
        fingerprint256: new X509Certificate(certs.a.cert).fingerprint256,
        pems: [certs.a.cert, certs.b.cert]
      }
      const agent = createPinnedAgent(pin)
      try {
        const requests = b.requests
        const err = await failure(get(b.url + '/', agent))
        const seen = new X509Certificate(certs.b.cert).fingerprint256
        expect(err.code).toBe('CERT_FINGERPRINT_MISMATCH')
        expect(err.message).toBe(`Certificate fingerprint ${seen} does not match the pinned ${pin.fingerprint256}`)
        expect(b.requests).toBe(requests)
        // The same agent still reaches the pinned console.
        expect(await get(a.url + '/', agent)).toBe('pinned console')
      } finally {
        agent.destroy()
      }
    })

    it('trusts a console whose certificate chains to a private root, when the chain was pinned', async () => {
      const { pin } = await probeCertificate(chained.url)
      const agent = createPinnedAgent(pin)
      try {
        expect(await get(chained.url + '/', agent)).toBe('pinned console')
      } finally {
        agent.destroy()
      }
      // The pinned leaf's fingerprint is what is checked: the same chain with another leaf pinned is refused.
      const other = createPinnedAgent({ ...pin, fingerprint256: new X509Certificate(certs.a.cert).fingerprint256 })
      try {
        expect((await failure(get(chained.url + '/', other))).code).toBe('CERT_FINGERPRINT_MISMATCH')
      } finally {
        other.destroy()
      }
    })

    it("trusts a chain ending in its own root without the system's roots; a chain cut short needs them", async () => {
      const roots = tls.rootCertificates.length
      expect(trustedCertificates(pinOf(certs.a.cert))).toEqual([certs.a.cert])
      const full = pinOf(certs.leaf.cert, certs.intermediate.cert, certs.root.cert)
      expect(trustedCertificates(full)).toEqual(full.pems)
      // Without the certificate that signed itself at its end, the chain needs the system roots.
      const short = pinOf(certs.leaf.cert, certs.intermediate.cert)
      expect(trustedCertificates(short)).toHaveLength(roots + 2)
      expect(trustedCertificates(short).slice(-2)).toEqual(short.pems)
      // A leaf signed by another, or text that is no certificate, is not a root either.
      const leafOnly = pinOf(certs.leaf.cert)
      expect(trustedCertificates(leafOnly)).toHaveLength(roots + 1)
      expect(trustedCertificates({ fingerprint256: 'AA', pems: ['not a certificate'] })).toHaveLength(roots + 1)
      expect(trustedCertificates({ fingerprint256: 'AA', pems: [] })).toHaveLength(roots)
      // Named as its own issuer but signed by another key: not a root that signed itself.
      const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir.path, stdio: 'pipe' })
      const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']
      run([
        'req',
        '-x509',
        ...ec,
        '-keyout',
        'same.key',
        '-out',
        'same.crt',
        '-days',
        '30',
        '-subj',
        '/CN=same.invalid'
      ])
      run(['req', ...ec, '-keyout', 'named.key', '-out', 'named.csr', '-subj', '/CN=same.invalid'])
      writeFileSync(join(dir.path, 'named.ext'), 'subjectKeyIdentifier=none\nauthorityKeyIdentifier=none\n')
      run(
        ['x509', '-req', '-in', 'named.csr', '-CA', 'same.crt', '-CAkey', 'same.key', '-CAcreateserial'].concat([
          '-days',
          '30',
          '-out',
          'named.crt',
          '-extfile',
          'named.ext'
        ])
      )
      const named = readFileSync(join(dir.path, 'named.crt'), 'utf8')
      expect(new X509Certificate(named).checkIssued(new X509Certificate(named))).toBe(true)
      expect(trustedCertificates(pinOf(named))).toHaveLength(roots + 1)
    })

    it('reuses its connection between requests and opens at most 6 at once', async () => {
      const agent = createPinnedAgent(pinOf(certs.a.cert))
      try {
        const before = a.connections
        await get(a.url + '/', agent)
        await get(a.url + '/', agent)
        await get(a.url + '/', agent)
        expect(a.connections - before).toBe(1)

        a.hold = true
        const start = a.connections
        const served = a.requests
        const all = Promise.all(Array.from({ length: 10 }, () => get(a.url + '/', agent)))
        await expect.poll(() => a.requests - served).toBe(6)
        await new Promise((r) => setTimeout(r, 50))
        // The kept-alive socket and five new ones carry six requests; the other four wait for a free one.
        expect(a.requests - served).toBe(6)
        expect(a.connections - start).toBe(5)
        a.hold = false
        a.release()
        expect(await all).toEqual(Array(10).fill('pinned console'))
      } finally {
        a.hold = false
        a.release()
        agent.destroy()
      }
    })
  })

  describe('first contact (probeCertificate)', () => {
    it('reads the whole chain the console presents, leaf first, each certificate once', async () => {
      const requests = chained.requests
      const { info, pin } = await probeCertificate(chained.url)
      const leaf = new X509Certificate(certs.leaf.cert)
      expect(pin.fingerprint256).toBe(leaf.fingerprint256)
      expect(pin.pems.map((p) => new X509Certificate(p).fingerprint256)).toEqual([
        leaf.fingerprint256,
        new X509Certificate(certs.intermediate.cert).fingerprint256,
        new X509Certificate(certs.root.cert).fingerprint256
      ])
      expect(info).toEqual({
        fingerprint256: leaf.fingerprint256,
        subject: 'CN=console-c.invalid',
        issuer: 'CN=Site Intermediate',
        validFrom: new Date(leaf.validFrom).toISOString(),
        validTo: new Date(leaf.validTo).toISOString()
      })
      // Nothing was sent over the probe: no request, and the connection is closed at once.
      expect(chained.requests).toBe(requests)
      await expect.poll(() => chained.open).toBe(0)
    })

    it('reads a chain that stops short of its root: what was presented, nothing more', async () => {
      const { pin } = await probeCertificate(partial.url)
      expect(pin.pems.map((p) => new X509Certificate(p).fingerprint256)).toEqual([
        new X509Certificate(certs.leaf.cert).fingerprint256,
        new X509Certificate(certs.intermediate.cert).fingerprint256
      ])
    })

    it('describes a subject with a repeated field, and pins a self-signed certificate once', async () => {
      const { info, pin } = await probeCertificate(a.url)
      expect(info.subject).toBe('O=Demo Site, OU=Doors+Cards, CN=console-a.invalid')
      expect(info.issuer).toBe(info.subject)
      expect(pin).toEqual(pinOf(new X509Certificate(certs.a.cert).toString()))
      expect(new Date(info.validTo).getTime() - new Date(info.validFrom).getTime()).toBe(30 * 24 * 3600 * 1000)
    })

    it('sends the host name for SNI, never an IP address', async () => {
      const port = new URL(a.url).port
      a.serverNames.length = 0
      await probeCertificate(`https://localhost:${port}`)
      await probeCertificate(`https://127.0.0.1:${port}`)
      expect(a.serverNames).toEqual(['localhost'])
    })

    describe('a port that accepts but never answers TLS', () => {
      let silent: TcpServer
      let open = 0
      beforeAll(async () => {
        silent = createTcpServer((socket) => {
          open++
          socket.on('close', () => open--)
          socket.on('error', () => undefined)
          // Read (and ignore) the ClientHello, so the client's close is seen here.
          socket.resume()
        })
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
      })
      afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())))

      it('gives up after the timeout, says so in words, and closes its connection', async () => {
        const port = (silent.address() as { port: number }).port
        const started = Date.now()
        const err = await failure(probeCertificate(`https://127.0.0.1:${port}`, 250))
        expect(Date.now() - started).toBeLessThan(2000)
        expect(err).toMatchObject({ kind: 'network', retryable: true })
        expect(err.message).toBe(`Could not reach 127.0.0.1:${port}: no answer within 0.25 s.`)
        expect(err.hint).toBe(
          'Check the address and port (a console serves the API on 12445) and that this computer is on its network.'
        )
        await expect.poll(() => open).toBe(0)
      })
    })
  })

  it('says what a changed certificate means and what to do about it', () => {
    const err = certificateChanged('https://10.0.0.5:12445')
    expect(err).toMatchObject({ kind: 'tls', code: CERT_CHANGED, details: { url: 'https://10.0.0.5:12445' } })
    expect(CERT_CHANGED).toBe('CERT_CHANGED')
    expect(err.message).toBe(
      'The certificate of https://10.0.0.5:12445 is not the one you trusted. The connection was refused.'
    )
    expect(err.hint).toMatch(
      /^If the console was reset or got a new certificate on purpose, open Settings → Connections: /
    )
    expect(err.hint).toMatch(/compare it with the console's and choose Trust the new certificate\. If not,/)
    expect(err.hint).toMatch(/someone may be intercepting this network: do not continue\.$/)
  })

  it("words the refusal for another peer, with what did not happen after it (a badge printer's)", () => {
    const printer = { what: 'the printer', where: 'open Badges → Badge printers', outcome: 'No badge was printed.' }
    const err = certificateChanged('ipps://10.0.0.9:631/ipp/print', printer)
    expect(err.message).toBe(
      'The certificate of ipps://10.0.0.9:631/ipp/print is not the one you trusted. The connection was refused. ' +
        'No badge was printed.'
    )
    expect(err.hint).toMatch(
      /^If the printer was reset or got a new certificate on purpose, open Badges → Badge printers\. /
    )
  })
})
