import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import WebSocket from 'ws'
import { startWebServer, type WebServer } from '../../../src/web/server'
import { createEventHub } from '../../../src/main/services/events'
import type { Dispatch } from '../../../src/main/services/ipc/dispatch'
import { tempDir } from '../../support/temp'

/** Open a socket with the given Origin and collect what the server says. */
function connect(server: WebServer, origin: string) {
  const url = server.origin.replace('http', 'ws') + '/bridge'
  const ws = new WebSocket(url, { headers: { origin } })
  const messages: unknown[] = []
  ws.on('message', (m) => messages.push(JSON.parse(String(m))))
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve())
    ws.on('error', reject)
  })
  return { ws, messages, closed, opened }
}

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
    server = await startWebServer({ rendererDir: dir.path, dispatch, events })
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

  it('closes a socket whose first frame is large, before parsing it', async () => {
    const { ws, opened, closed } = connect(server, server.origin)
    await opened
    ws.send(JSON.stringify({ type: 'auth', secret: 'x'.repeat(4096) }))
    expect(await closed).toBe(4401)
  })

  it('refuses a socket from another origin (a web page in the same browser)', async () => {
    const { opened } = connect(server, 'http://evil.example')
    await expect(opened).rejects.toThrow(/403/)
  })

  it('closes a socket that does not present the per-launch secret', async () => {
    const { ws, opened, closed } = connect(server, server.origin)
    await opened
    ws.send(JSON.stringify({ type: 'auth', secret: 'guess' }))
    expect(await closed).toBe(4401)
    expect(calls).toEqual([])
  })

  it('refuses calls before authentication', async () => {
    const { ws, opened, closed } = connect(server, server.origin)
    await opened
    ws.send(JSON.stringify({ type: 'call', id: 1, channel: 'pins.generate' }))
    expect(await closed).toBe(4401)
    expect(calls).toEqual([])
  })

  it('dispatches calls and forwards events after authentication', async () => {
    const { ws, opened, messages } = connect(server, server.origin)
    await opened
    ws.send(JSON.stringify({ type: 'auth', secret: server.secret }))
    await expect.poll(() => messages).toContainEqual({ type: 'ready' })
    ws.send(JSON.stringify({ type: 'call', id: 7, channel: 'pins.generate', input: { a: 1 } }))
    await expect
      .poll(() => messages)
      .toContainEqual({ type: 'result', id: 7, envelope: { ok: true, result: { echoed: { a: 1 } } } })
    events.emit('connections.changed', { activeId: 'x' })
    await expect
      .poll(() => messages)
      .toContainEqual({ type: 'event', event: 'connections.changed', payload: { activeId: 'x' } })
    expect(calls).toEqual([['pins.generate', { a: 1 }]])
    ws.close()
  })

  it('puts the secret in the URL fragment only (never sent to a server) and binds to loopback', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#k=.{20,}$/)
  })
})
