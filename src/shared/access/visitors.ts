import { z } from 'zod'
import { heldCardSchema, heldPinSchema } from './nfc-cards'
import { endsAfterStart } from '../visitors/visit-rules'
import { resourceTypes, visitorStatusCodes, visitorStatuses, visitReasons, type VisitorStatus } from './visitor-basics'

// The plain values and functions live in ./visitor-basics.ts (no zod: what the renderer imports).
export {
  anyTimeWeek,
  isAnyTime,
  matchesName,
  nameWords,
  resourceTypes,
  visitorDisplayName,
  visitorExpands,
  visitorStatusCodes,
  visitorStatuses,
  visitReasons,
  weekdays,
  type ResourceType,
  type VisitorExpand,
  type VisitorStatus,
  type VisitReason,
  type Weekday
} from './visitor-basics'

/**
 * Visitor (spec 2.7, facts 3.8–3.10). Schedules arrive keyed `weekly` (samples) or `week_schedule`
 * (schema): both read.
 */

const statusByCode = new Map<number, VisitorStatus>(
  Object.entries(visitorStatusCodes).map(([name, code]) => [code, name as VisitorStatus])
)

/** A status by name: what the app sends (the list filter) and what a console answers. */
export const visitorStatusNameSchema = z.enum(visitorStatuses as [VisitorStatus, ...VisitorStatus[]])

export const visitorStatusSchema = z.union([
  visitorStatusNameSchema,
  // The 4.0.10 conversion spells it CANCELED.
  z.literal('CANCELED').transform((): VisitorStatus => 'CANCELLED'),
  z
    .number()
    .int()
    .refine((n) => statusByCode.has(n), 'unknown visitor status code')
    .transform((n) => statusByCode.get(n)!)
])

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'expected HH:MM:SS')
export const timeRangeSchema = z.object({ start_time: clock, end_time: clock })
export type TimeRange = z.infer<typeof timeRangeSchema>

const day = z
  .array(timeRangeSchema)
  .nullish()
  .transform((d) => d ?? [])
export const weekScheduleSchema = z.object({
  sunday: day,
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: day
})
export type WeekSchedule = z.infer<typeof weekScheduleSchema>

/** The visitor's schedule as answered, with the weekday map normalised to `week_schedule`. */
export const visitorScheduleSchema = z
  .object({
    id: z.string().optional(),
    is_default: z.boolean().optional(),
    name: z.string().optional(),
    type: z.string().optional(),
    weekly: weekScheduleSchema.nullish(),
    week_schedule: weekScheduleSchema.nullish()
  })
  .transform(({ weekly, week_schedule, ...rest }) => ({ ...rest, week_schedule: week_schedule ?? weekly ?? null }))

export const visitorResourceSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  type: z.string()
})

export const licensePlateSchema = z.object({
  id: z.string().default(''),
  credential: z.string(),
  credential_type: z.string().default('license'),
  credential_status: z.string().default('')
})

export const visitorSchema = z.object({
  id: z.string().min(1),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  status: visitorStatusSchema.optional(),
  inviter_id: z.string().optional(),
  inviter_name: z.string().optional(),
  mobile_phone: z.string().optional(),
  remarks: z.string().optional(),
  email: z.string().optional(),
  visitor_company: z.string().optional(),
  // Free text on the way back: the reference's own sample echoes "Interviemw".
  visit_reason: z.string().optional(),
  // Absent from the create sample (facts E17); 10-digit epoch seconds otherwise.
  start_time: z.number().int().optional(),
  end_time: z.number().int().optional(),
  nfc_cards: z
    .array(heldCardSchema)
    .nullish()
    .transform((c) => c ?? []),
  pin_code: heldPinSchema,
  schedule_id: z.string().optional(),
  schedule: visitorScheduleSchema.nullish().transform((s) => s ?? null),
  resources: z
    .array(visitorResourceSchema)
    .nullish()
    .transform((r) => r ?? []),
  license_plates: z
    .array(licensePlateSchema)
    .nullish()
    .transform((p) => p ?? [])
})
export type Visitor = z.infer<typeof visitorSchema>

/**
 * A visitor as the day's list reads them (Today): the fields it shows, places and unfolds doors by,
 * each checked exactly as visitorSchema checks it (the schedule is checked by Today, see below);
 * contact details, reason and plates are not read. Today reads every visitor of a site on each load
 * and each poll (the list cannot filter by time): 5,000 visitors took ~60–70 ms to check whole,
 * ~25 ms this way (warm), and the objects main holds are smaller.
 */
export const dayVisitorSchema = visitorSchema
  .pick({
    id: true,
    first_name: true,
    last_name: true,
    status: true,
    inviter_name: true,
    visitor_company: true,
    start_time: true,
    end_time: true,
    nfc_cards: true,
    pin_code: true,
    resources: true
  })
  .extend({
    // Whether the pass works now (Today): kept as sent, read by Today's own reader (readWeek). Checked
    // with visitorScheduleSchema's transforms, 5,000 visitors took ~4× as long to read.
    schedule: z.unknown().optional()
  })
export type DayVisitor = z.infer<typeof dayVisitorSchema>

/** E17/E18 body fields (facts E17: first/last name, times and reason are required on create). */
const visitorFields = z.object({
  first_name: z.string().trim().min(1),
  last_name: z.string().trim().min(1),
  email: z.string().optional(),
  mobile_phone: z.string().optional(),
  visitor_company: z.string().optional(),
  remarks: z.string().optional(),
  visit_reason: z.enum(visitReasons),
  start_time: z.number().int().positive(),
  end_time: z.number().int().positive(),
  resources: z.array(z.object({ id: z.string().min(1), type: z.enum(resourceTypes) })).optional(),
  week_schedule: weekScheduleSchema.optional()
})

// The window rule the form and main apply too (shared/visitors/visit-rules.ts).
const endAfterStart = (v: { start_time?: number; end_time?: number }) => endsAfterStart(v.start_time, v.end_time)
const endAfterStartIssue = { message: 'end_time must be after start_time', path: ['end_time'] }

export const visitorCreateSchema = visitorFields.refine(endAfterStart, endAfterStartIssue)
export type VisitorCreate = z.input<typeof visitorCreateSchema>

/** E18 is partial: leave a field out to keep it; `status` cannot be changed here (use remove). */
export const visitorUpdateSchema = visitorFields.partial().refine(endAfterStart, endAfterStartIssue)
export type VisitorUpdate = z.input<typeof visitorUpdateSchema>
