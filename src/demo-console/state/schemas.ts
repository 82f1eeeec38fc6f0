import { z } from 'zod'
import { visitorStatusCodes, type VisitorStatus } from '../../shared/access/visitors'

/**
 * What the demo console keeps on disk, one file per resource. Read back through these schemas, so a
 * hand-edited or half-old data dir fails loudly at start instead of answering nonsense later.
 */

const cardStatuses = ['assigned', 'pending', 'disable', 'deleted', 'loss'] as const
export const ownerSchema = z.object({ type: z.enum(['USER', 'VISITOR']), id: z.string() })
export type Owner = z.infer<typeof ownerSchema>

export const cardSchema = z.object({
  token: z.string(),
  display_id: z.string(),
  /** The card's UID as a reader sees it (uppercase hex); not in the API, used by taps and import. */
  nfc_id: z.string(),
  status: z.enum(cardStatuses),
  alias: z.string(),
  card_type: z.string(),
  note: z.string(),
  owner: ownerSchema.nullable()
})
export type CardRecord = z.infer<typeof cardSchema>

export const userStatuses = ['ACTIVE', 'PENDING', 'DEACTIVATED'] as const
export const userSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  alias: z.string(),
  user_email: z.string(),
  email_status: z.string(),
  phone: z.string(),
  employee_number: z.string(),
  username: z.string(),
  onboard_time: z.number().int(),
  status: z.enum(userStatuses),
  avatar: z.string(),
  pin_hash: z.string().nullable(),
  access_policy_ids: z.array(z.string())
})
export type UserRecord = z.infer<typeof userSchema>

export const timeRangeSchema = z.object({ start_time: z.string(), end_time: z.string() })
export const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export const weekScheduleSchema = z.object(
  Object.fromEntries(weekdays.map((d) => [d, z.array(timeRangeSchema)])) as Record<
    (typeof weekdays)[number],
    z.ZodArray<typeof timeRangeSchema>
  >
)
export type WeekSchedule = z.infer<typeof weekScheduleSchema>

/** Names in responses, integers in the list filter (facts 3.8): the codes are the shared ones. */
export { visitorStatusCodes }
export type { VisitorStatus }
const visitorStatuses = Object.keys(visitorStatusCodes) as [VisitorStatus, ...VisitorStatus[]]

export const visitorSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(visitorStatuses),
  inviter_id: z.string(),
  inviter_name: z.string(),
  mobile_phone: z.string(),
  remarks: z.string(),
  email: z.string(),
  visitor_company: z.string(),
  visit_reason: z.string(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  pin_hash: z.string().nullable(),
  schedule: z.object({ id: z.string(), name: z.string(), week: weekScheduleSchema.nullable() }),
  /** Door group ids, including this visitor's auto-created group for individually chosen doors. */
  group_ids: z.array(z.string()),
  /** The payload of the visitor's QR credential, once §4.11 assigned one. */
  qr: z.string().nullable()
})
export type VisitorRecord = z.infer<typeof visitorSchema>

const touchPassStatuses = ['ACTIVE', 'PENDING', 'SUSPENDED', 'INACTIVE', 'EXPIRED'] as const
export const bundleSchema = z.object({
  bundle_id: z.string(),
  bundle_status: z.enum(['ACTIVE', 'SUSPENDED']),
  device_id: z.string(),
  device_name: z.string(),
  device_type: z.number().int(),
  source: z.enum(['apple', 'google'])
})
export const touchPassSchema = z.object({
  id: z.string(),
  card_id: z.string(),
  card_name: z.string(),
  status: z.enum(touchPassStatuses),
  last_activity: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  user_avatar: z.string(),
  user_status: z.string(),
  bundles: z.array(bundleSchema)
})
export type TouchPassRecord = z.infer<typeof touchPassSchema>

export const siteSchema = z.object({
  name: z.string(),
  floors: z.array(z.object({ id: z.string(), name: z.string() })),
  doors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      floor_id: z.string(),
      is_bind_hub: z.boolean(),
      door_lock_relay_status: z.enum(['lock', 'unlock']),
      door_position_status: z.enum(['open', 'close']).nullable()
    })
  ),
  groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(['building', 'access']),
      door_ids: z.array(z.string()),
      /** Auto-created for a visitor's individually chosen doors: not listed by §7.5 or §7.1. */
      hidden: z.boolean()
    })
  ),
  devices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      alias: z.string(),
      capabilities: z.array(z.string()),
      is_online: z.boolean(),
      is_adopted: z.boolean(),
      location_id: z.string(),
      connected_uah_id: z.string()
    })
  )
})
export type SiteRecord = z.infer<typeof siteSchema>
export type DoorRecord = SiteRecord['doors'][number]
export type DoorGroupRecord = SiteRecord['groups'][number]
export type DeviceRecord = SiteRecord['devices'][number]

export const metaSchema = z.object({
  schema: z.literal(1),
  seed: z.string(),
  next_display_id: z.number().int(),
  /** NFC ids marked (through the control API) as enrolled at another site. */
  provisioned: z.array(z.string())
})
export type MetaRecord = z.infer<typeof metaSchema>
