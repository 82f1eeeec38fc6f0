import { z } from 'zod'

/**
 * What the person saw of a record when they confirmed an action whose meaning depends on it: who
 * held the card (`ownerId`, null for nobody), whether the person held a PIN (`hasPin`) and which one
 * (`pinDigest`, shared/seen/pin-digest.ts: a digest of the console's token, null for none), who held the
 * Touch Pass (`holderId`, null for nobody: a pass is held, not owned, and said so), the visit's
 * status as the screen showed it (`status`: shared/today/groups `shownStatus`, so "Here" after a
 * kiosk check-in) and its window (`startTime`, `endTime`, Unix seconds). The screen
 * sends it with the action; main compares it with the record it reads before writing, and when the
 * record changed meanwhile (another desk, the console's own page) answers CHANGED_SINCE_SHOWN with
 * the record's facts now, sending nothing: the screen asks again with them. No `seen` (the CLI, an
 * older caller): main acts as it always did, on the record as it reads it.
 */
export const seenSchema = z
  .object({
    ownerId: z.string().max(200).nullable().optional(),
    hasPin: z.boolean().optional(),
    pinDigest: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .nullable()
      .optional(),
    status: z.string().max(40).nullable().optional(),
    startTime: z.number().int().nullable().optional(),
    endTime: z.number().int().nullable().optional(),
    holderId: z.string().max(200).nullable().optional()
  })
  .strict()
export type Seen = z.infer<typeof seenSchema>
