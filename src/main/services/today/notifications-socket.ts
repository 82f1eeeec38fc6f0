import WebSocket from 'ws'
import { API_PREFIX } from '../../../shared/access/endpoints'
import { notificationSchema, notificationsSocket, type Notification } from '../../../shared/access/notifications'
import { parseJson } from '../../../shared/json'
import { AppError } from '../../../shared/errors'
import { extraKeys } from '../../../shared/access/permissions'
import { certificateChanged, chainErrorCodes, createPinnedAgent, type PinnedCertificate } from '../access/tls-pinning'
import { errorFromTransport } from '../access/errors'
import type { CallOutcome } from '../connections/call-verdict'
import type { LiveWhy } from '../../../shared/today/live-why'
import { liveWhyEnglish } from './live-why-english'

export interface SocketTarget {
  baseUrl: string
  token: string
  pin: PinnedCertificate
  /**
   * Told what opening the socket met, as every call of the access client tells it: the connection
   * state (call-verdict.ts) then says a refused token, another certificate or no answer the same way
   * whichever call met it first.
   */
  onOutcome?: (outcome: CallOutcome) => void
}

/** Why the socket could not be opened, in words the screen shows after "Updating every N s:". */
export class SocketRefused extends Error {
  constructor(
    readonly kind: 'permission' | 'unsupported' | 'auth' | 'network',
    /** Why, as facts the desk says in its language (the message is their English). */
    readonly why: LiveWhy,
    /** The same failure as a call's error, for the connection state. */
    readonly error?: AppError
  ) {
    super(liveWhyEnglish(why))
  }
}

/** The socket as an endpoint, for the words of a failure below HTTP (see errorFromTransport). */
const socketEndpoint = {
  id: 'notifications',
  title: 'the notifications socket',
  method: 'GET',
  path: notificationsSocket.path,
  permission: notificationsSocket.permission
} as const

/** An HTTP refusal of the upgrade as the error a call answered so would carry. */
function refusalError(status: number, message: string): AppError {
  const kind = status === 401 ? 'auth' : status === 403 ? 'permission' : status === 404 ? 'unsupported' : 'server'
  return new AppError({
    kind,
    code: `HTTP_${status}`,
    message: `The console refused ${socketEndpoint.title}: ${message}.`,
    details: { status, ...(status === 403 ? { permission: notificationsSocket.permission } : {}) }
  })
}

/** A failure to connect as the error a call failing so would carry (certificate, no answer…). */
function transportError(baseUrl: string, err: Error): AppError {
  const code = (err as NodeJS.ErrnoException).code
  if (code && chainErrorCodes.has(code)) return certificateChanged(baseUrl)
  return errorFromTransport(socketEndpoint, baseUrl, err)
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
  handlers: { onMessage: (n: Notification) => void; onClose: (why: LiveWhy) => void },
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
  // Live updates are an extra (extraKeys): refused for its key, Today polls; not "Missing permissions".
  const report = (error?: AppError) =>
    target.onOutcome?.({ permission: extraKeys.today.liveUpdates, extra: true, ...(error ? { error } : {}) })
  return new Promise((resolve, reject) => {
    let opened = false
    let failed = false
    const fail = (err: SocketRefused) => {
      if (opened || failed) return
      failed = true
      socket.terminate()
      agent.destroy()
      report(err.error)
      reject(err)
    }
    const refuse = (status: number, kind: SocketRefused['kind'], why: LiveWhy) =>
      fail(new SocketRefused(kind, why, refusalError(status, liveWhyEnglish(why))))
    socket.on('unexpected-response', (_req, res) => {
      res.resume()
      const status = res.statusCode ?? 0
      if (status === 403) {
        refuse(status, 'permission', { key: 'noKey', permission: notificationsSocket.permission })
      } else if (status === 401) {
        refuse(status, 'auth', { key: 'tokenRefused' })
      } else if (status === 404) {
        refuse(status, 'unsupported', { key: 'unsupported', minVersion: notificationsSocket.minVersion })
      } else {
        refuse(status, 'network', { key: 'answered', status })
      }
    })
    socket.on('error', (err) => {
      if (opened) return
      fail(new SocketRefused('network', { key: 'notOpened', detail: err.message }, transportError(target.baseUrl, err)))
    })
    socket.on('open', () => {
      opened = true
      report()
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
      handlers.onClose(code === 1008 ? { key: 'closedByConsole', code } : { key: 'closed', code })
    })
  })
}
