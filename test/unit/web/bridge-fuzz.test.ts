import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect as tcpConnect, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { startWebServer, type WebServer } from '../../../src/web/server'
import { createEventHub } from '../../../src/main/services/events'
import { createDispatch, type Dispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { MAX_INPUT_DEPTH, MAX_INPUT_VALUES } from '../../../src/main/services/ipc/peer-input'
import { BRIDGE_PROTOCOL, CLOSE_BAD_MESSAGE, secretProtocol } from '../../../src/web/protocol'
import { tempDir } from '../../support/temp'
import { openBridge, rawRequest } from './support'

/**
 * Whatever reaches web mode's port (any web page in the browser can send requests and upgrades to
 * 127.0.0.1, any local process can send bytes): the server answers or closes that one peer and keeps
 * serving, and the real tab still gets its calls answered afterwards. A crash of the server shows up
 * as an uncaught error of this test process, which fails the run.
 */
describe('web mode bridge under random input', () => {
  let server: WebServer
  let dir: Awaited<ReturnType<typeof tempDir>>
  const dispatch: Dispatch = async (_channel, input) => ({ ok: true, result: { echoed: input } })
  const LIMIT = 64 * 1024

  beforeAll(async () => {
    dir = await tempDir()
    await mkdir(join(dir.path, 'assets'))
    await writeFile(join(dir.path, 'index.html'), '<html><script type="module" src="./assets/a.js"></script></html>')
    await writeFile(join(dir.path, 'assets', 'a.js'), 'export {}')
    server = await startWebServer({ rendererDir: dir.path, dispatch, events: createEventHub(), maxMessageBytes: LIMIT })
  })
  afterAll(async () => {
    await server?.close()
    await dir?.remove()
  })

  /** The server still serves the page, and a tab with the secret still gets a call answered. */
  async function expectStillServing() {
    expect((await fetch(server.origin + '/')).status).toBe(200)
    const tab = openBridge(server)
    await tab.opened
    expect(await tab.call('pins.generate', { alive: true })).toEqual({ ok: true, result: { echoed: { alive: true } } })
    tab.ws.close()
  }

  /** A socket that completed the WebSocket handshake as the tab does, for raw frames. */
  function handshake(): Promise<Socket> {
    const port = Number(new URL(server.origin).port)
    return new Promise((resolve, reject) => {
      const socket = tcpConnect(port, '127.0.0.1', () =>
        socket.write(
          'GET /bridge HTTP/1.1\r\n' +
            `host: 127.0.0.1:${port}\r\norigin: ${server.origin}\r\n` +
            'upgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-version: 13\r\n' +
            `sec-websocket-key: ${randomBytes(16).toString('base64')}\r\n` +
            `sec-websocket-protocol: ${BRIDGE_PROTOCOL}, ${secretProtocol(server.secret)}\r\n\r\n`
        )
      )
      let head = ''
      const onData = (d: Buffer) => {
        head += d.toString('latin1')
        if (!head.includes('\r\n\r\n')) return
        socket.off('data', onData)
        if (head.startsWith('HTTP/1.1 101')) resolve(socket)
        else reject(new Error(head))
      }
      socket.on('data', onData)
      socket.on('error', reject)
    })
  }

  /** Write bytes to an open socket; resolve once the server closed it or after a short wait. */
  function sendAndSettle(socket: Socket, bytes: Buffer, waitMs = 100): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        socket.destroy()
        resolve()
      }
      const timer = setTimeout(done, waitMs)
      socket.on('close', done)
      socket.on('error', done)
      socket.write(bytes)
    })
  }

  const odd = fc.oneof(
    fc.constantFrom(
      '//',
      '/bridge',
      '//bridge',
      '/bridge/',
      '/bridge?k=1',
      '/%',
      '/%E0%A4%A',
      '/..',
      '/../..',
      '*',
      ''
    ),
    fc.constantFrom('http://evil.example/bridge', '/%00', '/bridge%00', '/\u0000', '/\u00ff\u00fe', '/a b'),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 40 }).map((s) => '/' + s)
  )
  const headerName = fc.oneof(
    fc.constantFrom('origin', 'host', 'upgrade', 'connection', 'sec-websocket-key', 'sec-websocket-version'),
    fc.constantFrom('sec-websocket-protocol', 'sec-websocket-extensions', 'content-length', 'transfer-encoding'),
    fc.stringMatching(/^[a-z-]{1,20}$/)
  )
  const headerValue = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom('websocket', 'Upgrade', '13', '-1', 'chunked')
  )

  it('answers or closes random requests and upgrades, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'OPTIONS', 'CONNECT', 'G\u0000T'),
        odd,
        fc.boolean(),
        fc.dictionary(headerName, headerValue, { maxKeys: 6 }),
        fc.constantFrom('none', 'ours', 'ours+secret', 'secret-only', 'garbage'),
        async (method, path, upgrade, headers, protocol) => {
          const upgradeHeaders: Record<string, string> = upgrade
            ? {
                upgrade: 'websocket',
                connection: 'Upgrade',
                'sec-websocket-version': '13',
                'sec-websocket-key': randomBytes(16).toString('base64')
              }
            : {}
          const protocols: Record<string, string> = {
            none: '',
            ours: BRIDGE_PROTOCOL,
            'ours+secret': `${BRIDGE_PROTOCOL}, ${secretProtocol(server.secret)}`,
            'secret-only': secretProtocol(server.secret),
            garbage: `${BRIDGE_PROTOCOL},, ,${secretProtocol('x')}\u0001`
          }
          const all: Record<string, string> = { ...upgradeHeaders, ...headers }
          if (protocols[protocol]) all['sec-websocket-protocol'] = protocols[protocol]!
          await rawRequest(server, { method, path, headers: all }, 200)
        }
      ),
      { numRuns: 300 }
    )
    await expectStillServing()
  })

  it('refuses a peer that sends random bytes instead of HTTP', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (bytes) => {
        await rawRequest(server, Buffer.from(bytes), 150)
      }),
      { numRuns: 100 }
    )
    await expectStillServing()
  })

  /** One WebSocket frame, well formed or not: any opcode, reserved bits, mask, declared length. */
  const frame = fc
    .record({
      fin: fc.boolean(),
      rsv: fc.integer({ min: 0, max: 7 }),
      opcode: fc.integer({ min: 0, max: 15 }),
      masked: fc.boolean(),
      length: fc.oneof(
        fc.integer({ min: 0, max: 125 }),
        fc.integer({ min: 126, max: 0xffff }),
        fc.constantFrom(LIMIT + 1, 2 ** 31, 2 ** 53 - 1, 2 ** 63)
      ),
      payload: fc.uint8Array({ maxLength: 200 })
    })
    .map(({ fin, rsv, opcode, masked, length, payload }) => {
      const head = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
      const mask = masked ? 0x80 : 0
      let ext = Buffer.alloc(0)
      if (length < 126) head.push(mask | length)
      else if (length <= 0xffff) {
        head.push(mask | 126)
        ext = Buffer.alloc(2)
        ext.writeUInt16BE(length)
      } else {
        head.push(mask | 127)
        ext = Buffer.alloc(8)
        ext.writeBigUInt64BE(BigInt(length))
      }
      return Buffer.concat([Buffer.from(head), ext, masked ? randomBytes(4) : Buffer.alloc(0), Buffer.from(payload)])
    })

  it('closes an authenticated socket that sends malformed or over-size frames, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 4 }), async (frames) => {
        await sendAndSettle(await handshake(), Buffer.concat(frames), 60)
      }),
      { numRuns: 150 }
    )
    await expectStillServing()
  })

  it('answers or closes random messages on an authenticated socket, and keeps serving', async () => {
    const message = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json(),
      fc.jsonValue().map((input) => JSON.stringify({ type: 'call', id: 1, channel: 'pins.generate', input })),
      fc
        .record({ type: fc.constantFrom('call', 'auth', 'ready', 'x'), id: fc.anything(), channel: fc.anything() })
        .map((m) => JSON.stringify(m) ?? 'null'),
      fc.constant('x'.repeat(LIMIT + 10))
    )
    await fc.assert(
      fc.asyncProperty(message, async (text) => {
        const tab = openBridge(server)
        await tab.opened
        tab.ws.send(text)
        await Promise.race([tab.closed, new Promise((r) => setTimeout(r, 30))])
        tab.ws.terminate()
      }),
      { numRuns: 150 }
    )
    await expectStillServing()
  })

  it('keeps the real tab working through floods of sockets without the secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 17, max: 60 }),
        fc.constantFrom<string | null>(null, 'guess-guess-guess-guess', server.secret.slice(1)),
        async (count, secret) => {
          const flood = Array.from({ length: count }, () => openBridge(server, { secret }))
          // Half-open handshakes that never finish must not take places either.
          const port = Number(new URL(server.origin).port)
          const hanging = Array.from({ length: 20 }, () => tcpConnect(port, '127.0.0.1').on('error', () => undefined))
          for (const s of hanging) s.write('GET /bridge HTTP/1.1\r\nupgrade: websocket\r\n')
          await Promise.all(flood.map((s) => s.opened.catch(() => undefined)))
          await expectStillServing()
          for (const s of hanging) s.destroy()
          for (const s of flood) s.ws.terminate()
        }
      ),
      { numRuns: 5 }
    )
  })
})

/**
 * Deep and wide calls through the real dispatch (every handler a stub): the answer is INVALID_INPUT
 * naming the limit it hit, and the server keeps answering. Finding: a 40 KB call of nested empty
 * arrays kept main busy for 26–159 s; a few MB of `[[[[` kept JSON.parse busy for a minute.
 */
describe('web mode bridge under deep and wide calls', () => {
  let server: WebServer
  let dir: Awaited<ReturnType<typeof tempDir>>
  const handlers = new Proxy({}, { get: () => async () => ({ stub: true }) }) as Handlers

  beforeAll(async () => {
    dir = await tempDir()
    await writeFile(join(dir.path, 'index.html'), '<html></html>')
    server = await startWebServer({
      rendererDir: dir.path,
      // Stubs answer `{ stub: true }` on every channel: the bridge is under test here, not the contract.
      dispatch: createDispatch(handlers, { checkOutputs: false }),
      events: createEventHub()
    })
  })
  afterAll(async () => {
    await server?.close()
    await dir?.remove()
  })

  /** Send a call as the tab writes it and wait for its answer (no timer: the test's own timeout). */
  async function callRaw(tab: ReturnType<typeof openBridge>, id: number, channel: string, input: string) {
    const answer = new Promise<{ ok: boolean; error?: { code?: string; details?: { limit?: string } } }>((resolve) =>
      tab.ws.on('message', (m) => {
        const message = JSON.parse(String(m)) as { type: string; id?: number; envelope?: never }
        if (message.type === 'result' && message.id === id) resolve(message.envelope!)
      })
    )
    tab.ws.send(`{"type":"call","id":${id},"channel":"${channel}","input":${input}}`)
    return answer
  }

  /** Nested arrays and objects, `depth` levels, some levels also holding `width` empty siblings. */
  const deep = fc
    .record({
      depth: fc.integer({ min: MAX_INPUT_DEPTH + 1, max: 3000 }),
      kinds: fc.array(fc.constantFrom('array', 'object'), { minLength: 1, maxLength: 8 }),
      width: fc.integer({ min: 0, max: 40 })
    })
    .map(({ depth, kinds, width }) => {
      let text = '0'
      for (let level = depth - 1; level >= 0; level--) {
        const siblings = level % 7 === 0 ? Array(width).fill('[]') : []
        text =
          kinds[level % kinds.length] === 'array'
            ? `[${[text, ...siblings].join(',')}]`
            : `{"k":${text}${siblings.map((s, i) => `,"s${i}":${s}`).join('')}}`
      }
      return text
    })

  it('answers INVALID_INPUT (depth limit) to random deep calls, and keeps serving', async () => {
    const tab = openBridge(server)
    await tab.opened
    let id = 1
    await fc.assert(
      fc.asyncProperty(deep, async (input) => {
        const answer = await callRaw(tab, id++, 'batches.deleteRow', input)
        expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', details: { limit: 'depth' } } })
      }),
      { numRuns: 60 }
    )
    expect(await tab.call('pins.generate')).toEqual({ ok: true, result: { stub: true } })
    tab.ws.close()
  })

  it('answers INVALID_INPUT to a few MB of nesting (refused before parsing) and to a million values', async () => {
    const tab = openBridge(server)
    await tab.opened
    // 4 MB of `[[[[`: JSON.parse alone took seconds over it, the old walk much longer.
    const huge = '['.repeat(2_000_000) + ']'.repeat(2_000_000)
    expect(await callRaw(tab, 1, 'batches.deleteRow', huge)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', details: { limit: 'depth' } }
    })
    const wide = `{"batchId":"b","rowIds":[${Array(MAX_INPUT_VALUES + 10)
      .fill('"r"')
      .join(',')}]}`
    expect(await callRaw(tab, 2, 'batches.deleteRow', wide)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', details: { limit: 'values' } }
    })
    // The largest list a screen sends still goes through.
    const largest = `{"batchId":"b","rowIds":[${Array(100_000).fill('"r"').join(',')}]}`
    expect(await callRaw(tab, 3, 'batches.deleteRow', largest)).toEqual({ ok: true, result: { stub: true } })
    expect(await tab.call('pins.generate')).toEqual({ ok: true, result: { stub: true } })
    tab.ws.close()
  })

  it('closes a peer that sends deep JSON that is not a call, and keeps serving', async () => {
    const peer = openBridge(server)
    await peer.opened
    peer.ws.send('['.repeat(100_000) + ']'.repeat(100_000))
    expect(await peer.closed).toBe(CLOSE_BAD_MESSAGE)
    const tab = openBridge(server)
    await tab.opened
    expect(await tab.call('pins.generate')).toEqual({ ok: true, result: { stub: true } })
    tab.ws.close()
  })
})
