import { z } from 'zod'
import type { ClientMessage } from './bridge-wire'

/** A call from the tab, as the web-mode server parses it before anything reads it. */
export const clientMessageSchema: z.ZodType<ClientMessage> = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  input: z.unknown().optional()
})
export type { ClientMessage }

// The constants and the server's messages as the tab reads them, without zod (the tab loads them
// before its first paint): bridge-wire.ts.
export {
  BRIDGE_PATH,
  BRIDGE_PROTOCOL,
  CLOSE_BAD_MESSAGE,
  CLOSE_TOO_LARGE,
  SECRET_PATTERN,
  secretProtocol,
  type ServerMessage
} from './bridge-wire'

// The tab's bridge state event lives in a module without zod: the renderer's shell imports it.
export { BRIDGE_STATUS_EVENT, SERVICE_LOST_CODE, type BridgeStatus } from './bridge-status'
