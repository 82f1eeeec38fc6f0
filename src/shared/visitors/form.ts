import { z } from 'zod'
import { resourceTypes, visitReasons } from '../access/visitors'
import { scheduleSchema } from './schedule'
import { END_BEFORE_START, endsAfterStart } from './visit-rules'

/**
 * The visitor form, shared by the renderer (field messages before anything is sent) and main
 * (which parses it again). Field names are the console's (E17/E18), so main sends it as is.
 */
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong)

/**
 * The form's fields, each checked alone: an edit checks only the fields it changes. No defaults
 * here: a default would put a field the person never touched into an edit (and clear it).
 */
export const visitorFormFields = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, 'Enter the first name.')
    .max(64, 'Shorten the first name to at most 64 characters.'),
  last_name: z
    .string()
    .trim()
    .min(1, 'Enter the last name.')
    .max(64, 'Shorten the last name to at most 64 characters.'),
  visitor_company: optionalText(100, 'Shorten the company to at most 100 characters.'),
  mobile_phone: optionalText(32, 'Shorten the phone number to at most 32 characters.').refine(
    (v) => /^[+()\d\s.-]*$/.test(v),
    'Use digits, spaces and + ( ) - only.'
  ),
  email: optionalText(254, 'Shorten the email to at most 254 characters.').refine(
    (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    'Enter an email like name@example.com, or leave it empty.'
  ),
  remarks: optionalText(500, 'Shorten the remarks to at most 500 characters.'),
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

const { visitor_company, mobile_phone, email, remarks } = visitorFormFields.shape

/** A new visitor: the optional texts default to empty. */
export const visitorFormSchema = visitorFormFields
  .extend({
    visitor_company: visitor_company.default(''),
    mobile_phone: mobile_phone.default(''),
    email: email.default(''),
    remarks: remarks.default('')
  })
  .refine((v) => endsAfterStart(v.start_time, v.end_time), { message: END_BEFORE_START, path: ['end_time'] })
export type VisitorForm = z.infer<typeof visitorFormSchema>
