import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Dispatch } from '../main/services/ipc/dispatch'
import type { EventHub } from '../main/services/events'
import { BRIDGE_PATH, clientMessageSchema, type ServerMessage } from './protocol'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json'
}

/** A few tabs of the app at most; more sockets are refused (each one costs memory before auth). */
const MAX_SOCKETS = 16

export interface WebServerOptions {
  rendererDir: string
  dispatch: Dispatch
  events: EventHub
  port?: number
  /** Fixed secret for tests; a random one per launch otherwise. */
  secret?: string
}

export interface WebServer {
  /** The address to open: carries the per-launch secret in the fragment (never sent to a server). */
  url: string
  origin: string
  secret: string
  close(): Promise<void>
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a)
  const bb = Buffer.from(b)
  return ab.length === bb.length && timingSafeEqual(ab, bb)
}

/**
 * Web mode: the built renderer over HTTP and the contract over a WebSocket, both on 127.0.0.1.
 * Another local process or a web page in the same browser cannot drive the app: the socket must
 * come from our origin, and its first message must carry the per-launch secret.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const secret = options.secret ?? randomBytes(24).toString('base64url')
  let origin = ''

  const serveFile = async (req: IncomingMessage, res: ServerResponse) => {
    // DNS rebinding: a page on another name resolving to 127.0.0.1 must not be served.
    if (req.headers.host !== new URL(origin).host) {
      res.writeHead(421).end('Misdirected request')
      return
    }
    let path: string
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', origin).pathname)
    } catch {
      res.writeHead(400).end('Bad request')
      return
    }
    const relative = path === '/' ? 'index.html' : path.slice(1)
    const file = normalize(join(options.rendererDir, relative))
    if (!file.startsWith(options.rendererDir + sep)) {
      res.writeHead(403).end()
      return
    }
    try {
      let body: Buffer | string = await readFile(file)
      if (relative === 'index.html') {
        // The bridge must define window.api before the app's module runs: module scripts run in order.
        body = body
          .toString('utf8')
          .replace(
            '<script type="module"',
            '<script type="module" src="./web-bridge.js"></script>\n    <script type="module"'
          )
      }
      res.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer'
      })
      res.end(body)
    } catch {
      res.writeHead(404).end('Not found')
    }
  }

  // A failure serving one file must never take the process (and an upload in flight) down.
  const server = createServer((req, res) =>
    serveFile(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  )
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 })

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin)
    if (
      url.pathname !== BRIDGE_PATH ||
      req.headers.origin !== origin ||
      req.headers.host !== new URL(origin).host ||
      wss.clients.size >= MAX_SOCKETS
    ) {
      socket.write('HTTP/1.1 403 Forbidden\r\n\r\n')
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws))
  })

  const attach = (ws: WebSocket) => {
    let authed = false
    let unsubscribe: (() => void) | undefined
    const send = (message: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
    }
    const authTimer = setTimeout(() => ws.close(4401, 'auth timeout'), 5000)
    ws.on('message', (raw: Buffer) => {
      // Before the secret, nothing but a small auth message is read: no large frames to parse.
      if (!authed && raw.length > 1024) {
        ws.close(4401, 'unauthorized')
        return
      }
      let message
      try {
        message = clientMessageSchema.parse(JSON.parse(String(raw)))
      } catch {
        ws.close(4400, 'bad message')
        return
      }
      if (!authed) {
        if (message.type !== 'auth' || !safeEqual(message.secret, secret)) {
          ws.close(4401, 'unauthorized')
          return
        }
        authed = true
        clearTimeout(authTimer)
        unsubscribe = options.events.subscribe((event, payload) => send({ type: 'event', event, payload }))
        send({ type: 'ready' })
        return
      }
      if (message.type === 'call') {
        void options
          .dispatch(message.channel, message.input)
          .then((envelope) => send({ type: 'result', id: message.id, envelope }))
      }
    })
    ws.on('close', () => {
      clearTimeout(authTimer)
      unsubscribe?.()
    })
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/#k=${secret}`,
    origin,
    secret,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate()
        wss.close()
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
