import { z } from 'zod'
import { resultEnvelopeSchema } from '../shared/ipc/define'

/** Messages of the web bridge (browser ⇄ web-mode server). Both ends parse what they receive. */
export const clientMessageSchema = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  input: z.unknown().optional()
})
export type ClientMessage = z.infer<typeof clientMessageSchema>

export const serverMessageSchema = z.discriminatedUnion('type', [
  /** Sent once the socket is open: the largest message the server reads, so the tab can refuse bigger calls. */
  z.object({ type: z.literal('ready'), maxMessageBytes: z.number().int().positive() }),
  z.object({ type: z.literal('result'), id: z.number().int(), envelope: resultEnvelopeSchema }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() })
])
export type ServerMessage = z.infer<typeof serverMessageSchema>

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

// The tab's bridge state event lives in a module without zod: the renderer's shell imports it.
export { BRIDGE_STATUS_EVENT, SERVICE_LOST_CODE, type BridgeStatus } from './bridge-status'
