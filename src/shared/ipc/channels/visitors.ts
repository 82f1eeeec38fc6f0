import { z } from 'zod'
import { channel, noInput } from '../define'
import {
  resourceTypes,
  visitReasons,
  visitorSchema,
  visitorStatuses,
  weekdays,
  type VisitorStatus,
  type Weekday
} from '../../access/visitors'

/**
 * The visitor form, shared by the renderer (field messages before anything is sent) and main
 * (which parses it again). Field names are the console's (E17/E18), so main sends it as is.
 */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/
const clock = z.string().regex(CLOCK, 'Use HH:MM:SS, 24-hour (for example 09:00:00).')

export const scheduleRangeSchema = z
  .object({ start_time: clock, end_time: clock })
  .refine((r) => !CLOCK.test(r.start_time) || !CLOCK.test(r.end_time) || r.end_time > r.start_time, {
    message: 'The range must end after it starts.',
    path: ['end_time']
  })
export type ScheduleRange = z.infer<typeof scheduleRangeSchema>

const scheduleDay = z.array(scheduleRangeSchema).max(8, 'At most 8 ranges a day.')

export const scheduleSchema = z
  .object(Object.fromEntries(weekdays.map((d) => [d, scheduleDay])) as Record<Weekday, typeof scheduleDay>)
  .superRefine((week, ctx) => {
    let ranges = 0
    for (const day of weekdays) {
      const sorted = week[day].map((r, i) => ({ ...r, i })).sort((a, b) => a.start_time.localeCompare(b.start_time))
      ranges += sorted.length
      for (let k = 1; k < sorted.length; k++) {
        if (sorted[k]!.start_time < sorted[k - 1]!.end_time) {
          ctx.addIssue({
            code: 'custom',
            message: `Overlaps ${sorted[k - 1]!.start_time}–${sorted[k - 1]!.end_time}.`,
            path: [day, sorted[k]!.i, 'start_time']
          })
        }
      }
    }
    if (ranges === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'Add at least one time range, or turn the weekly schedule off.',
        path: []
      })
    }
  })
export type Schedule = z.infer<typeof scheduleSchema>

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default('')

export const visitorFormSchema = z
  .object({
    first_name: z.string().trim().min(1, 'Enter the first name.').max(64, 'Keep the first name under 64 characters.'),
    last_name: z.string().trim().min(1, 'Enter the last name.').max(64, 'Keep the last name under 64 characters.'),
    visitor_company: optionalText(100, 'Keep the company under 100 characters.'),
    mobile_phone: optionalText(32, 'Keep the phone number under 32 characters.').refine(
      (v) => /^[+()\d\s.-]*$/.test(v),
      'Use digits, spaces and + ( ) - only.'
    ),
    email: optionalText(254, 'Keep the email under 254 characters.').refine(
      (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
      'Enter an email like name@example.com, or leave it empty.'
    ),
    remarks: optionalText(500, 'Keep the remarks under 500 characters.'),
    visit_reason: z.enum(visitReasons, { error: 'Choose the reason for the visit.' }),
    /** Unix seconds, from the desk's local date and time. */
    start_time: z.number({ error: 'Enter when the visit starts.' }).int().positive('Enter when the visit starts.'),
    end_time: z.number({ error: 'Enter when the visit ends.' }).int().positive('Enter when the visit ends.'),
    /**
     * null = a one-time visit: any time inside the validity window. Left out on an edit that did
     * not touch the recurring setting or the schedule: the console keeps it (E18 is partial).
     */
    week_schedule: scheduleSchema.nullable().optional(),
    /** Left out on an edit that did not touch the doors: the console keeps them (E18 is partial). */
    resources: z
      .array(z.object({ id: z.string().min(1).max(200), type: z.enum(resourceTypes) }))
      .max(200)
      .optional()
  })
  .refine((v) => !(v.start_time > 0 && v.end_time > 0) || v.end_time > v.start_time, {
    message: 'The visit must end after it starts.',
    path: ['end_time']
  })
export type VisitorForm = z.infer<typeof visitorFormSchema>
export type VisitorFormInput = z.input<typeof visitorFormSchema>

/** Zod issues as "path.to.field" → first message, for showing each at its field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    out[key] ??= issue.message
  }
  return out
}

const idInput = z.object({ id: z.string().min(1).max(200) })
const visitorStatusInput = z.enum(visitorStatuses as [VisitorStatus, ...VisitorStatus[]])

export const visitorChannels = {
  'visitors.list': channel(
    'One page of visitors, by keyword (name prefix) or status (§4.4)',
    z.object({
      keyword: z.string().trim().max(100).optional(),
      status: visitorStatusInput.optional(),
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(200).default(25)
    }),
    z.object({ items: z.array(visitorSchema), total: z.number().int() })
  ),
  'visitors.get': channel('One visitor with schedule, resources and credentials (§4.3)', idInput, visitorSchema),
  'visitors.create': channel('Create a visitor (E17)', visitorFormSchema, visitorSchema),
  'visitors.update': channel(
    'Change a visitor (E18): names, reason, validity window, weekly schedule and doors',
    z.object({ id: z.string().min(1).max(200), visitor: visitorFormSchema }),
    visitorSchema
  ),
  'visitors.cancel': channel(
    'Cancel a visit (§4.6 without force): the visitor stays, as CANCELLED',
    idInput,
    z.object({ cancelled: z.literal(true) })
  ),
  'visitors.assignNewPin': channel(
    'Generate a PIN (E1) and give it to the visitor (§4.9); the plaintext is answered only this once',
    idInput,
    z.object({ pin: z.string().regex(/^\d+$/) })
  ),
  'visitors.unassignPin': channel("Remove the visitor's PIN (§4.10)", idInput, z.object({ removed: z.literal(true) })),
  'visitors.assignNfc': channel(
    'Give an NFC card to the visitor (§4.7); force takes it from its current owner',
    z.object({ id: z.string().min(1).max(200), token: z.string().min(1).max(200), force: z.boolean().default(false) }),
    z.object({ assigned: z.literal(true) })
  ),
  'visitors.unassignNfc': channel(
    'Take an NFC card from the visitor (§4.8)',
    z.object({ id: z.string().min(1).max(200), token: z.string().min(1).max(200) }),
    z.object({ removed: z.literal(true) })
  ),
  'visitors.assignQr': channel('Give the visitor a QR code (§4.11)', idInput, z.object({ assigned: z.literal(true) })),
  'visitors.unassignQr': channel(
    "Revoke the visitor's QR code (§4.12): badges printed with it stop opening doors",
    idInput,
    z.object({ removed: z.literal(true) })
  ),
  'visitors.qrCode': channel(
    "The visitor's QR code as PNG (E15); assign first (§4.11) unless told the code exists",
    z.object({ id: z.string().min(1).max(200), assign: z.boolean().default(true) }),
    z.object({ pngBase64: z.string(), bytes: z.number().int() })
  ),
  'visitors.qrState': channel(
    'Whether the visitor has a QR code yet, with its PNG when it has one (E15 only: never assigns one)',
    idInput,
    z.object({ assigned: z.boolean(), pngBase64: z.string().nullable() })
  ),
  'visitors.capabilities': channel(
    'What the active token may do with visitors: changes need `edit:visitor`',
    noInput,
    z.object({ canEdit: z.boolean(), missingPermission: z.string().optional() })
  )
}

export const visitorEvents = {} satisfies Record<string, z.ZodType>
