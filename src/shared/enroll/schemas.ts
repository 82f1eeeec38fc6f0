import { z } from 'zod'
import { appErrorDataSchema } from '../error-data-schema'

export const enrollStateSchema = z.enum(['waiting', 'hold-longer', 'done', 'failed', 'cancelled', 'timeout'])

export const enrollProgressSchema = z.object({
  enrollmentId: z.string(),
  deviceId: z.string(),
  state: enrollStateSchema,
  secondsLeft: z.number().int().min(0),
  card: z.object({ token: z.string(), cardId: z.string() }).optional(),
  /**
   * Why it failed. code CODE_CREDS_NFC_CARD_IS_PROVISION: the card is enrolled at another site;
   * the screen offers "retry with reset" (enroll.start with resetCard).
   */
  error: appErrorDataSchema.optional()
})
export type EnrollProgress = z.infer<typeof enrollProgressSchema>
