import { z } from 'zod'
import { appErrorDataSchema } from '../error-data-schema'

/** A channel of the contract: what the renderer sends and what main answers. */
export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
  /** One line for `cli channels` (docs/cli.md). */
  summary: string
}

export function channel<I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O
): ChannelDef<I, O> {
  return { input, output, summary }
}

/** An id or token as a channel takes it: never empty, never longer than any the console makes. */
export const recordId = z.string().min(1).max(200)

/** A channel's list answer: `{ items }`. */
export function itemsOf<S extends z.ZodType>(item: S) {
  return z.object({ items: z.array(item) })
}

/** Input of a channel that takes none. JSON transports drop `undefined`, so null is accepted too. */
export const noInput = z.union([z.undefined(), z.null()]).transform(() => undefined)

/**
 * A channel answering the permission keys a feature needs that the active token lacks, probed
 * without side effects (the screen turns off what would be refused).
 */
export function missingPermissionsChannel(summary: string) {
  return channel(summary, noInput, z.object({ missingPermissions: z.array(z.string()) }))
}

/** What crosses every transport: the result, or the error as data (AppError survives the hop). */
export type Envelope<T = unknown> = { ok: true; result: T } | { ok: false; error: z.infer<typeof appErrorDataSchema> }
