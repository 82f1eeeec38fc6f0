import { z } from 'zod'
import { weekdays } from '../state/schemas'

/**
 * Visitor bodies as the official reference requires (§4.2, §4.5): names, times and visit reason
 * required on create, everything optional on update; a failure names the field.
 */
const required = (what: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? 'required' : `${what} expected`
})

const visitReasons = ['Interview', 'Business', 'Cooperation', 'Others'] as const

const time = z.string(required('a string')).regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'HH:MM:SS expected')
const range = z
  .object({ start_time: time, end_time: time })
  .refine((r) => r.start_time < r.end_time, { message: 'must be after start_time', path: ['end_time'] })
const weekScheduleBody = z.strictObject(
  Object.fromEntries(weekdays.map((d) => [d, z.array(range).optional()])) as Record<
    (typeof weekdays)[number],
    z.ZodOptional<z.ZodArray<typeof range>>
  >
)
const resource = z.object({
  id: z.string(required('a string')).min(1, 'required'),
  type: z.enum(['door', 'door_group'], { error: 'door or door_group expected' })
})
const name = z.string(required('a string')).trim().min(1, 'required').max(255)
const text = (max: number) => z.string('a string expected').max(max).optional()
const epochSeconds = z
  .number(required('an integer (Unix seconds)'))
  .int('an integer (Unix seconds) expected')
  .positive()

const fields = {
  first_name: name,
  last_name: name,
  remarks: text(1000),
  mobile_phone: text(64),
  email: text(255).refine((v) => !v || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), 'an email address expected'),
  visitor_company: text(255),
  start_time: epochSeconds,
  end_time: epochSeconds,
  visit_reason: z.enum(visitReasons, {
    error: (issue) => (issue.input === undefined ? 'required' : `one of ${visitReasons.join(', ')} expected`)
  }),
  resources: z.array(resource, 'an array expected').optional(),
  week_schedule: weekScheduleBody.nullable().optional()
}

export const createVisitorBody = z.object(fields)
export const updateVisitorBody = z.object({
  ...fields,
  first_name: name.optional(),
  last_name: name.optional(),
  start_time: epochSeconds.optional(),
  end_time: epochSeconds.optional(),
  visit_reason: fields.visit_reason.optional()
})
export type UpdateVisitorBody = z.infer<typeof updateVisitorBody>
