import { z } from 'zod'
import { heldCardSchema, heldPinSchema } from './nfc-cards'
import { touchPassSchema } from './touch-passes'
import { personName } from '../person-name'

/** User (facts 3.1). Keys can be missing on any user; only `id` is required. */
export const userSchema = z.object({
  id: z.string().min(1),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  full_name: z.string().optional(),
  alias: z.string().optional(),
  user_email: z.string().optional(),
  email: z.string().optional(),
  employee_number: z.string().optional(),
  status: z.string().optional(),
  nfc_cards: z
    .array(heldCardSchema)
    .nullish()
    .transform((c) => c ?? []),
  pin_code: heldPinSchema,
  // Typed as an array, sampled as one object; a user holds at most one (facts 4, §3.1).
  touch_pass: z
    .union([touchPassSchema, z.array(touchPassSchema)])
    .nullish()
    .transform((t) => (Array.isArray(t) ? (t[0] ?? null) : (t ?? null)))
})
export type User = z.infer<typeof userSchema>

/** "Ada Ng", falling back on the email or the id. */
export function userDisplayName(user: User): string {
  return personName(user) || user.user_email || user.email || user.id
}
