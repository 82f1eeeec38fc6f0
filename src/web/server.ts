import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Dispatch } from '../main/services/ipc/dispatch'
import { jsonNestedDeeperThan, MAX_INPUT_DEPTH, peerInputError } from '../main/services/ipc/peer-input'
import type { EventHub } from '../main/services/events'
import {
  BRIDGE_PATH,
  BRIDGE_PROTOCOL,
  CLOSE_BAD_MESSAGE,
  SECRET_PATTERN,
  clientMessageSchema,
  secretProtocol,
  type ServerMessage
} from './protocol'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json'
}

/** A few tabs of the app at most; each authenticated socket may hold one message of maxMessageBytes. */
const MAX_SOCKETS = 16
/** The largest message a tab may send (a CSV file to preview is the biggest the app sends). */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024

export interface WebServerOptions {
  rendererDir: string
  dispatch: Dispatch
  events: EventHub
  port?: number
  /** Fixed secret for tests; a random one per launch otherwise. */
  secret?: string
  maxMessageBytes?: number
  /** The command that starts this service again (restart-command.ts), told to each tab in its `ready`. */
  restartCommand?: string
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

/** The subprotocols a handshake offers (`Sec-WebSocket-Protocol: a, b`). */
function offeredProtocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol']
  // Stryker disable next-line ArrayDeclaration: equivalent (docs/mutation-survivors.md)
  return typeof header === 'string' ? header.split(',').map((p) => p.trim()) : []
}

/**
 * End a handshake we refuse with a plain HTTP status. The peer may already be gone: the write then
 * fails into the socket's error listener, and the socket is destroyed either way.
 */
function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  socket.destroy()
}

/**
 * The id and channel at the head of a call as the tab writes it (`{"type":"call","id":1,"channel":"…",`),
 * read without parsing the rest of the message.
 */
function callHead(raw: Buffer): { id: number; channel: string } | undefined {
  const head = /^\{"type":"call","id":(\d{1,15}),"channel":"([\w.]{1,100})"/.exec(raw.toString('utf8', 0, 200))
  return head ? { id: Number(head[1]), channel: head[2]! } : undefined
}

/**
 * Web mode: the built renderer over HTTP and the contract over a WebSocket, both on 127.0.0.1.
 * Another local process or a web page in the same browser cannot drive the app: the socket must
 * come from our origin and present the per-launch secret in its handshake. Nothing a peer sends
 * (an odd address, a broken frame, a flood of sockets, a message too large) may end the process:
 * every path that reads a peer's bytes answers or closes that one peer, and the server keeps serving.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const secret = options.secret ?? randomBytes(24).toString('base64url')
  if (!SECRET_PATTERN.test(secret)) {
    throw new Error('The web secret must be 16 to 256 letters, digits, "-" or "_".')
  }
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES
  // Stryker disable next-line StringLiteral: unreachable, set before listen() resolves and anything is served
  let origin = ''
  // Stryker disable next-line StringLiteral: unreachable, as origin
  let host = ''

  const serveFile = async (req: IncomingMessage, res: ServerResponse) => {
    // DNS rebinding: a page on another name resolving to 127.0.0.1 must not be served.
    if (req.headers.host !== host) {
      res.writeHead(421).end('Misdirected request')
      return
    }
    let path: string
    try {
      // Stryker disable next-line StringLiteral,LogicalOperator: unreachable, Node sets req.url on every request
      path = decodeURIComponent(new URL(req.url ?? '/', origin).pathname)
    } catch {
      res.writeHead(400).end('Bad request')
      return
    }
    // `/kiosk` is the self check-in kiosk: the same page, which shows the kiosk for that path.
    const relative = path === '/' || path === '/kiosk' ? 'index.html' : path.slice(1)
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
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes,
    // Select our protocol, never echo the secret back.
    handleProtocols: () => BRIDGE_PROTOCOL
  })

  const authorised = (req: IncomingMessage): boolean => {
    const offered = offeredProtocols(req)
    return offered.includes(BRIDGE_PROTOCOL) && offered.some((p) => safeEqual(p, secretProtocol(secret)))
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A peer that resets mid-handshake must not become an unhandled 'error'.
    // Stryker disable next-line all: equivalent today (docs/mutation-survivors.md), kept as the guard for any path added later
    socket.on('error', () => socket.destroy())
    try {
      // The exact path: an address such as `//` or `/%` is refused before anything parses it.
      if (req.url !== BRIDGE_PATH || req.headers.origin !== origin || req.headers.host !== host) {
        refuse(socket, '403 Forbidden')
      } else if (!authorised(req)) {
        refuse(socket, '401 Unauthorized')
      } else if (wss.clients.size >= MAX_SOCKETS) {
        refuse(socket, '503 Service Unavailable')
      } else {
        wss.handleUpgrade(req, socket, head, (ws) => attach(ws))
      }
    } catch {
      socket.destroy()
    }
  })

  const attach = (ws: WebSocket) => {
    const send = (message: ServerMessage) => {
      // The socket is open or already closing here (never connecting): on a closed one ws calls back
      // with the error instead of sending, and the answer is dropped with the peer.
      ws.send(JSON.stringify(message), () => undefined)
    }
    // A malformed or over-size frame: ws closes this socket (1002, 1007, 1009); the process lives on.
    // Stryker disable next-line ArrowFunction: equivalent, ws closes the socket itself (docs/mutation-survivors.md)
    ws.on('error', () => ws.terminate())
    ws.on('message', (raw: Buffer) => {
      // JSON.parse takes tens of seconds over a few MB of `[[[[`: such a message is refused before
      // it is parsed (the input sits one level below the message's own object).
      if (jsonNestedDeeperThan(raw, MAX_INPUT_DEPTH + 1)) {
        refuseTooDeep(raw)
        return
      }
      let message
      try {
        message = clientMessageSchema.parse(JSON.parse(String(raw)))
      } catch {
        ws.close(CLOSE_BAD_MESSAGE, 'bad message')
        return
      }
      const { id, channel, input } = message
      void options
        .dispatch(channel, input)
        .then((envelope) => send({ type: 'result', id, envelope }))
        .catch(() => undefined)
    })
    /** The tab's call answered as the dispatch would answer it; anything else closes this peer. */
    const refuseTooDeep = (raw: Buffer) => {
      const head = callHead(raw)
      if (!head) {
        ws.close(CLOSE_BAD_MESSAGE, 'bad message')
        return
      }
      const error = peerInputError(head.channel, { kind: 'too-deep', path: [] }).toData()
      send({ type: 'result', id: head.id, envelope: { ok: false, error } })
    }
    const unsubscribe = options.events.subscribe((event, payload) => send({ type: 'event', event, payload }))
    ws.on('close', unsubscribe)
    send({
      type: 'ready',
      maxMessageBytes,
      ...(options.restartCommand ? { restart: options.restartCommand } : {})
    })
  }

  // A port already taken rejects (EADDRINUSE) instead of ending the process: web-address.ts then takes a free one.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  host = `127.0.0.1:${port}`
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
