import { z } from 'zod'

/**
 * A write whose answer was lost (its audit row Unknown), settled by main reading the console back: done,
 * not done, or partly done (main's audit/settle-write.ts). Sent to the renderer as `audit.settled`, so
 * every screen showing that write's "may have done it" says what the read found instead: the error a
 * screen holds names its row (`details.auditRow`, the renderer's stores/settled-writes).
 */
export const writeSettledSchema = z.object({
  rowId: z.string().min(1).max(100),
  done: z.union([z.boolean(), z.literal('partly')])
})
export type WriteSettled = z.infer<typeof writeSettledSchema>
