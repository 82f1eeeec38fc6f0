import { connect as tcpConnect } from 'node:net'
import WebSocket from 'ws'
import { BRIDGE_PROTOCOL, secretProtocol } from '../../../src/web/protocol'
import type { WebServer } from '../../../src/web/server'

/**
 * A socket to the bridge as the tab opens it (our origin, the secret as a subprotocol), or as
 * someone else would: another origin, a wrong secret (`secret`), none at all (`secret: null`).
 */
export function openBridge(server: WebServer, options: { origin?: string; secret?: string | null } = {}) {
  const url = server.origin.replace('http', 'ws') + '/bridge'
  const secret = options.secret === undefined ? server.secret : options.secret
  const protocols = secret === null ? [BRIDGE_PROTOCOL] : [BRIDGE_PROTOCOL, secretProtocol(secret)]
  const ws = new WebSocket(url, protocols, { headers: { origin: options.origin ?? server.origin } })
  const messages: unknown[] = []
  ws.on('message', (m) => messages.push(JSON.parse(String(m))))
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve())
    ws.on('error', reject)
  })
  // A refused socket rejects `opened`; a test that does not await it must not leave it unhandled.
  opened.catch(() => undefined)
  let nextId = 1000
  /** One contract call over this socket, answered by its result envelope. */
  const call = async (channel: string, input?: unknown) => {
    const id = nextId++
    ws.send(JSON.stringify({ type: 'call', id, channel, input }))
    for (let i = 0; i < 200; i++) {
      const found = messages.find(
        (m) => (m as { type: string; id?: number }).type === 'result' && (m as { id: number }).id === id
      )
      if (found) return (found as { envelope: unknown }).envelope
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error(`no answer to ${channel}`)
  }
  return { ws, messages, closed, opened, call }
}

/**
 * Raw bytes to the server over TCP (fetch would clean up the path and headers first): the first
 * bytes of the answer, or '' when the server just closed. Never hangs: gives up after `timeoutMs`.
 */
export function rawRequest(
  server: WebServer,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string } | Buffer,
  timeoutMs = 1000
): Promise<string> {
  const port = Number(new URL(server.origin).port)
  let bytes: Buffer
  if (Buffer.isBuffer(request)) bytes = request
  else {
    const headers = { host: `127.0.0.1:${port}`, origin: server.origin, ...request.headers }
    const head =
      `${request.method ?? 'GET'} ${request.path} HTTP/1.1\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      '\r\n'
    bytes = Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(request.body ?? '')])
  }
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1')
    let answer = ''
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    const timer = setTimeout(done, timeoutMs)
    socket.on('data', (d) => {
      answer += d.toString('latin1')
      if (answer.includes('\r\n\r\n')) done()
    })
    socket.on('error', done)
    socket.on('close', done)
    socket.write(bytes)
  })
}
