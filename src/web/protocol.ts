import { z } from 'zod'
import { envelopeSchema } from '../shared/ipc/define'

/** Messages of the web bridge (browser ⇄ web-mode server). Both ends parse what they receive. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), secret: z.string().min(1).max(256) }),
  z.object({
    type: z.literal('call'),
    id: z.number().int().nonnegative(),
    channel: z.string().max(100),
    input: z.unknown().optional()
  })
])
export type ClientMessage = z.infer<typeof clientMessageSchema>

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('result'), id: z.number().int(), envelope: envelopeSchema }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() })
])
export type ServerMessage = z.infer<typeof serverMessageSchema>

export const BRIDGE_PATH = '/bridge'
