import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFile } from 'node:fs/promises'
import { connect as tcpConnect } from 'node:net'
import { join } from 'node:path'
import { startWebServer, DEFAULT_MAX_MESSAGE_BYTES, type WebServer } from '../../../src/web/server'
import { createEventHub, type EventHub } from '../../../src/main/services/events'
import type { Dispatch } from '../../../src/main/services/ipc/dispatch'
import { BRIDGE_PROTOCOL, secretProtocol } from '../../../src/web/protocol'
import { tempDir } from '../../support/temp'
import { openBridge, rawRequest } from './support'

/**
 * The bridge's handshake, exactly: which offers of subprotocols open a socket, what the refusals
 * look like on the wire, how many tabs may hold a socket, what a socket costs once it closes, and
 * that closing the server ends every tab's socket.
 */
describe('web mode bridge handshake', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let server: WebServer
  const hub = createEventHub()
  let listeners = 0
  // The real hub, counting subscriptions (a socket's subscription must end with the socket).
  const events: EventHub = {
    emit: hub.emit,
    subscribe(listener) {
      listeners++
      const unsubscribe = hub.subscribe(listener)
      return () => {
        listeners--
        return unsubscribe()
      }
    }
  }
  let failNext = false
  const dispatch: Dispatch = async (channel, input) => {
    if (failNext) {
      failNext = false
      throw new Error('handler broke')
    }
    return { ok: true, result: { channel, input } }
  }

  const upgrade = (protocols: string | undefined, extra: Record<string, string> = {}) => ({
    path: '/bridge',
    headers: {
      upgrade: 'websocket',
      connection: 'Upgrade',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      ...(protocols === undefined ? {} : { 'sec-websocket-protocol': protocols }),
      ...extra
    }
  })

  beforeAll(async () => {
    dir = await tempDir('web-handshake-')
    await writeFile(join(dir.path, 'index.html'), '<html></html>')
    server = await startWebServer({ rendererDir: dir.path, dispatch, events, secret: 'fixed-secret-for-tests-0123' })
  })
  afterAll(async () => {
    await server?.close()
    await dir?.remove()
  })

  it('opens with the secret offered in any order and spacing, and selects only our protocol', async () => {
    const secret = secretProtocol(server.secret)
    for (const offer of [
      `${BRIDGE_PROTOCOL}, ${secret}`,
      `${secret},${BRIDGE_PROTOCOL}`,
      ` other , ${secret} ,  ${BRIDGE_PROTOCOL} `
    ]) {
      const answer = await rawRequest(server, upgrade(offer))
      expect(answer).toMatch(/^HTTP\/1\.1 101 /)
      // The secret is never echoed back.
      expect(answer).toMatch(/\r\nSec-WebSocket-Protocol: access-desk\r\n/i)
      expect(answer).not.toContain(server.secret)
    }
    const tab = openBridge(server)
    await tab.opened
    expect(tab.ws.protocol).toBe(BRIDGE_PROTOCOL)
    tab.ws.close()
  })

  it('refuses with 401, on the wire exactly, any offer without both our protocol and the exact secret', async () => {
    const secret = secretProtocol(server.secret)
    const offers = [
      undefined,
      '',
      BRIDGE_PROTOCOL,
      secret,
      `${BRIDGE_PROTOCOL}, ${secret}x`,
      `${BRIDGE_PROTOCOL}, ${secret.slice(0, -1)}`,
      `${BRIDGE_PROTOCOL}, ${secret.slice(0, -1)}X`,
      `${BRIDGE_PROTOCOL}, ${server.secret}`,
      `${BRIDGE_PROTOCOL}x, ${secret}`
    ]
    for (const offer of offers) {
      expect(await rawRequest(server, upgrade(offer))).toBe(
        'HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'
      )
    }
  })

  it('refuses with 403 another path, origin or host before looking at the secret', async () => {
    const good = `${BRIDGE_PROTOCOL}, ${secretProtocol(server.secret)}`
    const forbidden = 'HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'
    expect(await rawRequest(server, { ...upgrade(good), path: '/bridge/' })).toBe(forbidden)
    expect(await rawRequest(server, { ...upgrade(good), path: '/bridge?x=1' })).toBe(forbidden)
    expect(await rawRequest(server, upgrade(good, { origin: 'http://localhost:1' }))).toBe(forbidden)
    expect(await rawRequest(server, upgrade(good, { origin: server.origin + '/' }))).toBe(forbidden)
    expect(await rawRequest(server, upgrade(good, { host: 'localhost' }))).toBe(forbidden)
    expect(await rawRequest(server, upgrade(undefined, { origin: 'http://evil.example' }))).toBe(forbidden)
  })

  it('holds at most 16 sockets: the 17th tab is refused with 503 until one closes', async () => {
    const tabs = Array.from({ length: 16 }, () => openBridge(server))
    await Promise.all(tabs.map((t) => t.opened))
    const extra = await rawRequest(server, upgrade(`${BRIDGE_PROTOCOL}, ${secretProtocol(server.secret)}`))
    expect(extra).toBe('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    tabs[0]!.ws.close()
    await tabs[0]!.closed
    await expect
      .poll(async () =>
        (await rawRequest(server, upgrade(`${BRIDGE_PROTOCOL}, ${secretProtocol(server.secret)}`))).slice(0, 12)
      )
      .toBe('HTTP/1.1 101')
    for (const t of tabs) t.ws.terminate()
  })

  it('a closed socket stops receiving events: its subscription ends with it', async () => {
    await expect.poll(() => listeners).toBe(0)
    const tab = openBridge(server)
    await tab.opened
    await expect.poll(() => tab.messages).toContainEqual({ type: 'ready', maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES })
    expect(listeners).toBe(1)
    hub.emit('connections.changed', { activeId: 'one' })
    await expect
      .poll(() => tab.messages)
      .toContainEqual({ type: 'event', event: 'connections.changed', payload: { activeId: 'one' } })
    tab.ws.close()
    await tab.closed
    await expect.poll(() => listeners).toBe(0)
  })

  it('a handler that throws leaves the socket open for the next call', async () => {
    const tab = openBridge(server)
    await tab.opened
    failNext = true
    tab.ws.send(JSON.stringify({ type: 'call', id: 1, channel: 'pins.generate', input: 1 }))
    expect(await tab.call('pins.generate', 2)).toEqual({ ok: true, result: { channel: 'pins.generate', input: 2 } })
    expect(tab.messages.filter((m) => (m as { type: string }).type === 'result')).toHaveLength(1)
    tab.ws.close()
  })

  it('closes with 4400 "bad message" a call that breaks the schema', async () => {
    const tab = openBridge(server)
    await tab.opened
    const reason = new Promise<string>((resolve) => tab.ws.on('close', (_code, r) => resolve(String(r))))
    tab.ws.send(JSON.stringify({ type: 'call', id: -1, channel: 'pins.generate' }))
    expect(await tab.closed).toBe(4400)
    expect(await reason).toBe('bad message')
  })

  it('cuts off at once a socket that sends a broken frame, without waiting for its close handshake', async () => {
    // A peer that breaks the protocol and then never answers a close frame must not keep its place
    // (one of 16) for ws's 30 s close timeout.
    const port = Number(new URL(server.origin).port)
    const socket = tcpConnect(port, '127.0.0.1')
    let head = ''
    const upgraded = new Promise<void>((resolve) =>
      socket.on('data', (d: Buffer) => {
        head += d.toString('latin1')
        if (head.includes('\r\n\r\n')) resolve()
      })
    )
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    socket.on('error', () => undefined)
    socket.write(
      'GET /bridge HTTP/1.1\r\n' +
        `host: 127.0.0.1:${port}\r\norigin: ${server.origin}\r\n` +
        'upgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-version: 13\r\n' +
        'sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
        `sec-websocket-protocol: ${BRIDGE_PROTOCOL}, ${secretProtocol(server.secret)}\r\n\r\n`
    )
    await upgraded
    expect(head).toMatch(/^HTTP\/1\.1 101 /)
    // A frame with a reserved opcode (0x3), masked as a client must.
    socket.write(Buffer.from([0x83, 0x80, 1, 2, 3, 4]))
    const outcome = await Promise.race([
      closed.then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('still open'), 2000))
    ])
    socket.destroy()
    expect(outcome).toBe('closed')
  })

  it('a fresh secret per launch, in the URL fragment; a secret that cannot travel as a protocol is refused', async () => {
    const launch = () => startWebServer({ rendererDir: dir.path, dispatch, events })
    const one = await launch()
    const two = await launch()
    try {
      expect(one.secret).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(two.secret).not.toBe(one.secret)
      expect(one.url).toBe(`${one.origin}/#k=${one.secret}`)
    } finally {
      await one.close()
      await two.close()
    }
    for (const secret of ['short', 'has space in it 0123', 'k'.repeat(257)]) {
      await expect(startWebServer({ rendererDir: dir.path, dispatch, events, secret })).rejects.toThrow(
        'The web secret must be 16 to 256 letters, digits, "-" or "_".'
      )
    }
  })

  it('closing the server ends every open socket and stops listening', async () => {
    const own = await startWebServer({ rendererDir: dir.path, dispatch, events })
    const tab = openBridge(own)
    await tab.opened
    // A page load leaves an idle keep-alive connection: closing must not wait for it to time out.
    expect((await fetch(own.origin + '/')).status).toBe(200)
    const started = Date.now()
    await own.close()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(await tab.closed).toBe(1006)
    const after = await fetch(own.origin + '/').then(
      () => 'answered',
      (err: Error & { cause?: { code?: string } }) => err.cause?.code
    )
    expect(after).toBe('ECONNREFUSED')
  })
})
