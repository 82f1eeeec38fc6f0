import { z } from 'zod'
import { addonFailureSchema, feedbackKinds } from '../../../shared/reader/schemas'

/**
 * What the reader host (child process, owns nfc-pcsc) and the supervisor (main) say to each
 * other. Both sides parse with these schemas: a host is another process and may be a stale build.
 */

const hex = z.string().regex(/^(?:[0-9A-F]{2})*$/)

export const hostMessageSchema = z.discriminatedUnion('type', [
  /** Sent first, before nfc-pcsc is loaded: from here on heartbeats are expected. */
  z.object({ type: z.literal('hello'), pid: z.number().int() }),
  z.object({ type: z.literal('heartbeat'), at: z.number() }),
  /** nfc-pcsc (or its native addon / libpcsclite) cannot be loaded: restarting will not help. */
  /** `addon`: the same as facts (the desk words them); absent from a host of an older build. */
  z.object({
    type: z.literal('unavailable'),
    message: z.string(),
    hint: z.string(),
    addon: addonFailureSchema.optional()
  }),
  /** The host waits for the PC/SC service to appear before creating NFC() (which would block). */
  z.object({ type: z.literal('no-service'), detail: z.string() }),
  /** The service answers; the readers it lists now (sent on every change). */
  z.object({ type: z.literal('readers'), readers: z.array(z.string()) }),
  z.object({
    type: z.literal('card'),
    reader: z.string(),
    uid: hex,
    atr: hex,
    standard: z.string(),
    /** nfc-pcsc's `card` event in the host (performance.timeOrigin + now(), ms). */
    detectedAt: z.number(),
    /** When the UID answer to FF CA 00 00 00 came back. */
    uidAt: z.number()
  }),
  z.object({ type: z.literal('card-error'), reader: z.string(), message: z.string() }),
  z.object({ type: z.literal('removed'), reader: z.string(), uid: hex.optional(), at: z.number() }),
  /** fatal: the host exits after sending it (the supervisor restarts it with backoff). */
  z.object({ type: z.literal('error'), message: z.string(), fatal: z.boolean() }),
  z.object({ type: z.literal('feedback-result'), id: z.number().int(), played: z.boolean() })
])
export type HostMessage = z.infer<typeof hostMessageSchema>

export const supervisorMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('feedback'),
    id: z.number().int(),
    reader: z.string(),
    kind: z.enum(feedbackKinds)
  }),
  z.object({ type: z.literal('stop') })
])
export type SupervisorMessage = z.infer<typeof supervisorMessageSchema>

/** Host exit code asking for a fresh start (a reader vanished: a new NFC() sees it come back). */
export const RESCAN_EXIT_CODE = 75
