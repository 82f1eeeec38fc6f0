import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startWebServer, type WebServer } from '../../../src/web/server'
import { createEventHub } from '../../../src/main/services/events'
import type { Dispatch } from '../../../src/main/services/ipc/dispatch'
import { tempDir } from '../../support/temp'
import { openBridge, rawRequest } from './support'
import { BRIDGE_PROTOCOL, secretProtocol } from '../../../src/web/protocol'

describe('web mode bridge', () => {
  let server: WebServer
  let dir: Awaited<ReturnType<typeof tempDir>>
  const calls: [string, unknown][] = []
  const events = createEventHub()
  const dispatch: Dispatch = async (channel, input) => {
    calls.push([channel, input])
    return { ok: true, result: { echoed: input } }
  }

  beforeAll(async () => {
    dir = await tempDir()
    await mkdir(join(dir.path, 'assets'))
    await writeFile(
      join(dir.path, 'index.html'),
      '<html><head><script type="module" src="./assets/app.js"></script></head></html>'
    )
    server = await startWebServer({ rendererDir: dir.path, dispatch, events, maxMessageBytes: 1024 * 1024 })
  })
  afterAll(async () => {
    await server?.close()
    await dir?.remove()
  })

  it('serves the renderer with the bridge script first, and nothing outside its folder', async () => {
    const html = await (await fetch(server.origin + '/')).text()
    expect(html.indexOf('web-bridge.js')).toBeGreaterThan(-1)
    expect(html.indexOf('web-bridge.js')).toBeLessThan(html.indexOf('assets/app.js'))
    const escape = await fetch(server.origin + '/..%2f..%2fetc%2fpasswd')
    expect([403, 404]).toContain(escape.status)
  })

  it('answers a malformed address with 400 and keeps serving', async () => {
    const bad = await fetch(server.origin + '/%E0%A4%A')
    expect(bad.status).toBe(400)
    expect((await fetch(server.origin + '/')).status).toBe(200)
  })

  it('refuses an upgrade for "//" (any web page can ask for one) and keeps serving', async () => {
    const answer = await rawRequest(server, {
      path: '//',
      headers: { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-version': '13' }
    })
    expect(answer).toMatch(/^HTTP\/1\.1 403/)
    expect((await fetch(server.origin + '/')).status).toBe(200)
  })

  it('refuses another host name for the same address (DNS rebinding), for pages and for the socket', async () => {
    const port = new URL(server.origin).port
    const page = await rawRequest(server, { path: '/', headers: { host: `rebound.example:${port}` } })
    expect(page).toMatch(/^HTTP\/1\.1 421/)
    const upgrade = {
      upgrade: 'websocket',
      connection: 'Upgrade',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'sec-websocket-protocol': `${BRIDGE_PROTOCOL}, ${secretProtocol(server.secret)}`
    }
    // Everything right but the Host header: refused; with it right, the same handshake is accepted.
    const rebound = await rawRequest(server, {
      path: '/bridge',
      headers: { ...upgrade, host: `rebound.example:${port}` }
    })
    expect(rebound).toMatch(/^HTTP\/1\.1 403/)
    const own = await rawRequest(server, { path: '/bridge', headers: upgrade })
    expect(own).toMatch(/^HTTP\/1\.1 101/)
    expect((await fetch(server.origin + '/')).status).toBe(200)
  })

  it('refuses a socket from another origin (a web page in the same browser)', async () => {
    const { opened } = openBridge(server, { origin: 'http://evil.example' })
    await expect(opened).rejects.toThrow(/403/)
  })

  it('refuses, before it opens, a socket that does not present the per-launch secret', async () => {
    await expect(openBridge(server, { secret: 'guess-guess-guess-guess' }).opened).rejects.toThrow(/401/)
    await expect(openBridge(server, { secret: null }).opened).rejects.toThrow(/401/)
    expect(calls).toEqual([])
  })

  it('keeps the real tab working after a flood of unauthenticated sockets', async () => {
    const flood = Array.from({ length: 40 }, () => openBridge(server, { secret: 'guess-guess-guess-guess' }))
    for (const s of flood) await expect(s.opened).rejects.toThrow(/401/)
    const tab = openBridge(server)
    await tab.opened
    expect(await tab.call('pins.generate', { after: 'flood' })).toEqual({
      ok: true,
      result: { echoed: { after: 'flood' } }
    })
    tab.ws.close()
  })

  it('dispatches calls and forwards events after authentication', async () => {
    const { ws, opened, messages, call } = openBridge(server)
    await opened
    await expect.poll(() => messages).toContainEqual({ type: 'ready', maxMessageBytes: 1024 * 1024 })
    expect(await call('pins.generate', { a: 1 })).toEqual({ ok: true, result: { echoed: { a: 1 } } })
    events.emit('connections.changed', { activeId: 'x' })
    await expect
      .poll(() => messages)
      .toContainEqual({ type: 'event', event: 'connections.changed', payload: { activeId: 'x' } })
    expect(calls).toContainEqual(['pins.generate', { a: 1 }])
    ws.close()
  })

  it('closes only the socket that sends a message over the limit, and serves the next one', async () => {
    const big = openBridge(server)
    await big.opened
    big.ws.send(JSON.stringify({ type: 'call', id: 1, channel: 'x', input: 'a'.repeat(2 * 1024 * 1024) }))
    expect(await big.closed).toBe(1009)
    const next = openBridge(server)
    await next.opened
    expect(await next.call('pins.generate', 1)).toMatchObject({ ok: true })
    next.ws.close()
  })

  it('closes a socket that sends a malformed frame or a message that is not a call', async () => {
    const bad = openBridge(server)
    await bad.opened
    bad.ws.send('{not json')
    expect(await bad.closed).toBe(4400)
    const raw = openBridge(server)
    await raw.opened
    // A frame with a reserved opcode (0x3): ws refuses it; the server must not crash on the error.
    ;(raw.ws as unknown as { _socket: { write(b: Buffer): void } })._socket.write(Buffer.from([0x83, 0x80, 1, 2, 3, 4]))
    expect([1002, 1006]).toContain(await raw.closed)
    expect((await fetch(server.origin + '/')).status).toBe(200)
  })

  it('puts the secret in the URL fragment only (never sent to a server) and binds to loopback', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#k=.{20,}$/)
  })
})
