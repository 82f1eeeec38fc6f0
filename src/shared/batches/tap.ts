import { z } from 'zod'
import { nfcIdProblemSchema } from '../reader/schemas'
import { keptErrorSchema } from './row-reason'

/** What became of a tap on the USB reader, as main decided it (the scan session). */
export const tapOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('added'), alias: z.string(), nfcId: z.string() }),
  z.object({ kind: z.literal('duplicate'), alias: z.string(), nfcId: z.string() }),
  /**
   * `message` is main's English; the desk words the refusal from its facts: `problem` (the UID cannot be
   * an NFC ID) or `error` (the error that refused it, as kept errors are worded), else says `message` as given.
   */
  z.object({
    kind: z.literal('refused'),
    message: z.string(),
    problem: nfcIdProblemSchema.optional(),
    error: keptErrorSchema.optional()
  }),
  z.object({ kind: z.literal('no-batch') })
])
export type TapOutcome = z.infer<typeof tapOutcomeSchema>

/** A tap's outcome, named by the tap's reader.card event (reader, uid and at) it answers. */
export const tapResultSchema = z.object({
  reader: z.string(),
  uid: z.string(),
  at: z.number(),
  /** The batch the tap went to (null: none open). */
  batchId: z.string().nullable(),
  outcome: tapOutcomeSchema
})
export type TapResult = z.infer<typeof tapResultSchema>
