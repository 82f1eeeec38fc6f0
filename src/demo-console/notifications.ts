import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { API_PREFIX } from '../shared/access/endpoints'
import { notificationsSocket, VISITOR_STATUS_CHANGED } from '../shared/access/notifications'
import { supports } from './version'
import type { VisitorRecord, VisitorStatus } from './state/schemas'

interface Subscriber {
  socket: WebSocket
  token: string
}

/**
 * The notifications WebSocket (`/api/v1/developer/devices/notifications`, `view:device`, 1.20.11+)
 * and what it pushes. A refusal is answered before the upgrade, as an HTTP status with the console's
 * envelope, like any other route: 401 for an unknown token, 403 without `view:device`, 404 on a
 * console older than 1.20.11.
 *
 * The reference documents doorbell and device messages on this socket and lists
 * `access.visitor.status.changed` among the webhook events; a console that pushes it here (as this
 * one does) spares the desk a webhook it could rarely receive. The payload of that event is not
 * documented: `data` follows the shape of the documented webhook payloads (actor, object).
 */
export class Notifications {
  private readonly server = new WebSocketServer({ noServer: true })
  private readonly subscribers = new Set<Subscriber>()

  constructor(
    private readonly version: string,
    private readonly scopes: () => Map<string, ReadonlySet<string>>
  ) {}

  get count(): number {
    return this.subscribers.size
  }

  /** Handles an upgrade request for the notifications path; anything else is refused with 404. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0]
    if (path !== API_PREFIX + notificationsSocket.path || !supports(this.version, notificationsSocket.minVersion)) {
      return refuse(socket, 404, 'CODE_RESOURCE_NOT_FOUND', 'not found')
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const held = token ? this.scopes().get(token) : undefined
    if (!token || !held) return refuse(socket, 401, 'CODE_ACCESS_TOKEN_INVALID', 'access token invalid')
    if (!held.has(notificationsSocket.permission)) {
      return refuse(socket, 403, 'CODE_UNAUTHORIZED', `permission ${notificationsSocket.permission} required`)
    }
    this.server.handleUpgrade(request, socket, head, (ws) => {
      const subscriber = { socket: ws, token }
      this.subscribers.add(subscriber)
      ws.on('close', () => this.subscribers.delete(subscriber))
      ws.on('error', () => this.subscribers.delete(subscriber))
      // Live consoles greet a new socket with this status message (seen by public clients).
      this.send(subscriber, { event: 'access.base.info', data: { top_log_count: 0 } })
    })
  }

  /** A token's keys changed: its sockets that may no longer listen are closed (policy violation). */
  revalidate(): void {
    for (const s of this.subscribers) {
      if (!this.scopes().get(s.token)?.has(notificationsSocket.permission)) s.socket.close(1008, 'permission revoked')
    }
  }

  visitorStatusChanged(visitor: VisitorRecord, previous: VisitorStatus): void {
    if (visitor.status === previous) return
    const name = `${visitor.first_name} ${visitor.last_name}`.trim()
    for (const s of this.subscribers) {
      this.send(s, {
        event: VISITOR_STATUS_CHANGED,
        event_object_id: visitor.id,
        data: {
          actor: { id: visitor.id, name, type: 'visitor' },
          object: { status: visitor.status, previous_status: previous }
        }
      })
    }
  }

  close(): void {
    for (const s of this.subscribers) s.socket.terminate()
    this.subscribers.clear()
    this.server.close()
  }

  private send(s: Subscriber, message: { event: string; event_object_id?: string; data: unknown }): void {
    s.socket.send(
      JSON.stringify({
        event: message.event,
        receiver_id: '',
        event_object_id: message.event_object_id ?? '',
        save_to_history: false,
        data: message.data
      })
    )
  }
}

function refuse(socket: Duplex, status: number, code: string, msg: string): void {
  const body = JSON.stringify({ code, msg })
  const reason = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Error'
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`
  )
}
