import { z } from 'zod'

/**
 * Why Today reads its list on an interval instead of hearing the console's notifications, as facts:
 * each desk says them in its own language (`live.why.<key>` of the `today` catalogue), and main writes
 * its English `reason` (the CLI's and the log's) from the English catalogue by the same key
 * (main/services/today/live-why-english.ts), so there is one sentence of each.
 */
export const liveWhyKeys = [
  /** 403 to the socket: the token lacks `permission`. */
  'noKey',
  /** 401 to the socket. */
  'tokenRefused',
  /** 404: a console older than `minVersion` has no socket. */
  'unsupported',
  /** Any other HTTP `status` to the upgrade. */
  'answered',
  /** No socket at all (no answer, a certificate, a reset): `detail` is the system's own words. */
  'notOpened',
  /** The console ended an open socket for its policy (close `code` 1008). */
  'closedByConsole',
  /** An open socket ended otherwise (close `code`). */
  'closed'
] as const

export const liveWhySchema = z.object({
  key: z.enum(liveWhyKeys),
  status: z.number().int().optional(),
  code: z.number().int().optional(),
  detail: z.string().optional(),
  permission: z.string().optional(),
  minVersion: z.string().optional()
})
export type LiveWhy = z.infer<typeof liveWhySchema>

/** The message values of a reason (what its sentence puts in its placeholders). */
export function liveWhyValues(why: LiveWhy): Record<string, string | number> {
  const { key: _key, ...values } = why
  return values
}
