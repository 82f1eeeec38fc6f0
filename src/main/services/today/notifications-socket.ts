import WebSocket from 'ws'
import { API_PREFIX } from '../../../shared/access/endpoints'
import { notificationSchema, notificationsSocket, type Notification } from '../../../shared/access/notifications'
import { parseJson } from '../../../shared/json'
import { createPinnedAgent, type PinnedCertificate } from '../access/tls-pinning'

export interface SocketTarget {
  baseUrl: string
  token: string
  pin: PinnedCertificate
}

/** Why the socket could not be opened, in words the screen shows after "Updating every N s:". */
export class SocketRefused extends Error {
  constructor(
    readonly kind: 'permission' | 'unsupported' | 'auth' | 'network',
    message: string
  ) {
    super(message)
  }
}

export interface OpenSocket {
  close(): void
}

/**
 * Opens the console's notifications WebSocket with the pinned certificate (same trust as every other
 * call) and the bearer token. Resolves once open; a refusal of the upgrade rejects with its reason.
 * `onClose` runs once when an open socket ends, for whatever reason.
 */
export function openNotifications(
  target: SocketTarget,
  handlers: { onMessage: (n: Notification) => void; onClose: (reason: string) => void },
  timeoutMs = 10_000
): Promise<OpenSocket> {
  const url = `${target.baseUrl.replace(/^https:/, 'wss:').replace(/\/+$/, '')}${API_PREFIX}${notificationsSocket.path}`
  const agent = createPinnedAgent(target.pin)
  const socket = new WebSocket(url, {
    agent,
    headers: { Authorization: `Bearer ${target.token}` },
    handshakeTimeout: timeoutMs,
    followRedirects: false
  })
  return new Promise((resolve, reject) => {
    let opened = false
    const fail = (err: SocketRefused) => {
      if (opened) return
      socket.terminate()
      agent.destroy()
      reject(err)
    }
    socket.on('unexpected-response', (_req, res) => {
      res.resume()
      const status = res.statusCode ?? 0
      if (status === 403) {
        fail(
          new SocketRefused(
            'permission',
            `this token lacks ${notificationsSocket.permission} (give the API token that key in the console for live updates)`
          )
        )
      } else if (status === 401) {
        fail(new SocketRefused('auth', 'the console refused the token for its notifications'))
      } else if (status === 404) {
        fail(
          new SocketRefused(
            'unsupported',
            `this console has no notifications socket (Access ${notificationsSocket.minVersion} or newer has one)`
          )
        )
      } else {
        fail(new SocketRefused('network', `the console answered ${status} to the notifications socket`))
      }
    })
    socket.on('error', (err) => {
      if (!opened) fail(new SocketRefused('network', `the notifications socket could not be opened (${err.message})`))
    })
    socket.on('open', () => {
      opened = true
      resolve({
        close: () => {
          socket.close()
          agent.destroy()
        }
      })
    })
    socket.on('message', (raw) => {
      const parsed = parseJson(notificationSchema, String(raw))
      // A message in another shape is not ours to act on (the console sends device updates too).
      if (parsed.success) handlers.onMessage(parsed.data)
    })
    socket.on('close', (code) => {
      if (!opened) return
      agent.destroy()
      handlers.onClose(code === 1008 ? `the console closed the notifications (${code})` : `closed (${code})`)
    })
  })
}
