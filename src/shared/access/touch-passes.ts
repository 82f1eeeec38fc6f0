import { z } from 'zod'

/** Touch Pass (spec 2.5, 2.6; facts 3.7 for the shapes after assign and unassign). */
export const touchPassStatuses = ['ACTIVE', 'PENDING', 'SUSPENDED', 'INACTIVE', 'EXPIRED'] as const
export type TouchPassStatus = (typeof touchPassStatuses)[number]

/** The list filter leaves out EXPIRED (E9). */
export const touchPassFilterStatuses = ['ACTIVE', 'PENDING', 'SUSPENDED', 'INACTIVE'] as const
export type TouchPassFilterStatus = (typeof touchPassFilterStatuses)[number]

export const bundleSchema = z.object({
  bundle_id: z.string().min(1),
  bundle_status: z.string(),
  device_id: z.string().default(''),
  device_name: z.string().default(''),
  device_type: z.number().optional(),
  source: z.string().default('')
})
export type Bundle = z.infer<typeof bundleSchema>

export const touchPassSchema = z.object({
  id: z.string().min(1),
  card_id: z.string().default(''),
  card_name: z.string().default(''),
  status: z.enum(touchPassStatuses),
  last_activity: z.string().optional(),
  // Inner structure not documented; `{}` in every sample.
  activated_at: z.unknown().optional(),
  expired_at: z.unknown().optional(),
  // Assigned ⇔ user_id non-empty; user_status survives an unassign (facts 3.7).
  user_id: z.string().default(''),
  user_name: z.string().default(''),
  user_email: z.string().default(''),
  user_avatar: z.string().default(''),
  user_status: z.string().default(''),
  bundles: z
    .array(bundleSchema)
    .nullish()
    .transform((b) => b ?? [])
})
export type TouchPass = z.infer<typeof touchPassSchema>

/**
 * A pass of the assignable list (E11) that may be given: nobody holds it. The console lists a
 * SUSPENDED pass there even while someone holds it (a phone lost for a while); giving that one
 * would take it from its holder. Every count of "passes to give" and every pick uses this.
 */
export function freeToGive(pass: Pick<TouchPass, 'user_id'>): boolean {
  return !pass.user_id
}

/** E12 body. */
export const touchPassUpdateSchema = z.object({
  card_name: z.string().optional(),
  status: z.enum(['ACTIVE', 'SUSPENDED']).optional(),
  bundles: z.array(z.object({ bundle_id: z.string().min(1), bundle_status: z.literal('DISABLED') })).optional()
})
export type TouchPassUpdate = z.infer<typeof touchPassUpdateSchema>

/** A purchase answers one object in the reference (even for count > 1) or, maybe, an array. */
export const touchPassOneOrManySchema = z
  .union([z.array(touchPassSchema), touchPassSchema])
  .transform((v) => (Array.isArray(v) ? v : [v]))
