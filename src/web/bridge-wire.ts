import type { Envelope } from '../shared/ipc/define'

/**
 * The web bridge's wire (browser ⇄ web-mode server) as the tab needs it, without zod: the bridge is
 * loaded before the first paint, and zod with the whole contract is ~60 kB gzip more there
 * (test/packaging/renderer-first-paint.test.ts). The server parses what it receives with zod
 * (protocol.ts); the tab checks the shape of what its own service sends with `readServerMessage`.
 */
export const BRIDGE_PATH = '/bridge'

/**
 * The socket authenticates in its handshake, as WebSocket subprotocols: `access-desk` (the one the
 * server selects) and `k.<secret>`. A socket without the secret is refused before it opens, so no
 * frame of an unauthenticated peer is ever read and such peers cannot take the real tab's places.
 */
export const BRIDGE_PROTOCOL = 'access-desk'
export const secretProtocol = (secret: string) => `k.${secret}`
/** Secrets travel as a subprotocol token: letters, digits, `-` and `_` only. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{16,256}$/

/** Close codes of the bridge the tab tells apart. */
export const CLOSE_TOO_LARGE = 1009
export const CLOSE_BAD_MESSAGE = 4400

export interface ClientMessage {
  type: 'call'
  id: number
  channel: string
  input?: unknown
}

export type ServerMessage =
  /** Sent once the socket is open: the largest message the server reads, so the tab can refuse bigger calls. */
  | {
      type: 'ready'
      maxMessageBytes: number
      /** The command that starts this service again as it runs (its data folder): the tab's banner names it. */
      restart?: string
    }
  | { type: 'result'; id: number; envelope: Envelope }
  | { type: 'event'; event: string; payload: unknown }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** An envelope as main answers one: a result, or an error with at least its kind and message. */
function isEnvelope(v: unknown): v is Envelope {
  if (!isRecord(v) || typeof v['ok'] !== 'boolean') return false
  // A channel that answers nothing sends `{ ok: true }` (JSON drops an undefined result).
  if (v['ok']) return true
  const error = v['error']
  return isRecord(error) && typeof error['kind'] === 'string' && typeof error['message'] === 'string'
}

/** A message from the service, or undefined for anything else (ignored, as a frame it cannot read). */
export function readServerMessage(data: unknown): ServerMessage | undefined {
  if (!isRecord(data)) return undefined
  switch (data['type']) {
    case 'ready': {
      const max = data['maxMessageBytes']
      const restart = data['restart']
      if (!Number.isInteger(max) || (max as number) <= 0) return undefined
      return typeof restart === 'string' && restart.length > 0 && restart.length <= 4096
        ? { type: 'ready', maxMessageBytes: max as number, restart }
        : { type: 'ready', maxMessageBytes: max as number }
    }
    case 'result': {
      const { id, envelope } = data
      return Number.isInteger(id) && isEnvelope(envelope) ? { type: 'result', id: id as number, envelope } : undefined
    }
    case 'event':
      return typeof data['event'] === 'string'
        ? { type: 'event', event: data['event'], payload: data['payload'] }
        : undefined
    default:
      return undefined
  }
}
