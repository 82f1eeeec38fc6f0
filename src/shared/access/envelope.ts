import { z } from 'zod'

/**
 * The console's response envelope (spec 2.1, facts 1.4). Success is `code === "SUCCESS"` only;
 * `msg` may be "success", "succ" or free text, and `data` may be absent, null or "success".
 */
export const envelopeSchema = z.looseObject({
  code: z.string(),
  msg: z.string().optional(),
  data: z.unknown().optional(),
  pagination: z
    .looseObject({
      page_num: z.coerce.number().int(),
      page_size: z.coerce.number().int(),
      total: z.coerce.number().int()
    })
    .optional()
})

export type ConsoleEnvelope = z.infer<typeof envelopeSchema>

export const SUCCESS = 'SUCCESS'
