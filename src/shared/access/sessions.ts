import { z } from 'zod'

/** E2 answer. */
export const sessionCreatedSchema = z.object({ session_id: z.string().min(1) })

/**
 * E3 answer on SUCCESS. Live consoles send `id` where the reference says `card_id` (facts 6.2):
 * read either.
 */
export const pollDataSchema = z
  .object({ token: z.string().min(1), card_id: z.string().min(1).optional(), id: z.string().min(1).optional() })
  .refine((d) => d.card_id !== undefined || d.id !== undefined, {
    message: 'card_id (or id) is missing',
    path: ['card_id']
  })
  .transform((d) => ({ token: d.token, cardId: (d.card_id ?? d.id)! }))

export const pollResultSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('waiting') }),
  z.object({ state: z.literal('hold-longer') }),
  z.object({ state: z.literal('done'), token: z.string(), cardId: z.string() })
])
export type PollResult = z.infer<typeof pollResultSchema>
