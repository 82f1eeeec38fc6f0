import { z } from 'zod'
import { isAnyTime, weekdays, weekScheduleSchema, type Visitor, type WeekSchedule } from '../access/visitors'
import { editSchema, type EditOf } from '../edits/edit'
import { asSet, same, trimmed, type Equal, type FieldKinds } from '../edits/equality'
import { visitorFormFields } from './form'

/**
 * A visitor as the edit form changes it, in the console's terms (E18's field names). The form's
 * base and main's second read are both made by visitorFieldsOf, so they compare like for like.
 */
export interface VisitorFields {
  first_name: string
  last_name: string
  visitor_company: string
  mobile_phone: string
  email: string
  remarks: string
  visit_reason: string
  start_time: number
  end_time: number
  /** null: a one-time visit (no schedule, or "any time of any day"). */
  week_schedule: WeekSchedule | null
  /** Doors and door groups as chosen (main unfolds the console's automatic group into its doors). */
  resources: { id: string; type: string }[]
}

export function visitorFieldsOf(v: Visitor): VisitorFields {
  const week = v.schedule?.week_schedule ?? null
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    visitor_company: v.visitor_company ?? '',
    mobile_phone: v.mobile_phone ?? '',
    email: v.email ?? '',
    remarks: v.remarks ?? '',
    visit_reason: v.visit_reason ?? '',
    start_time: v.start_time ?? 0,
    end_time: v.end_time ?? 0,
    week_schedule: isAnyTime(week) ? null : week,
    // Only doors and door groups go back to the console (E18's resource types).
    resources: v.resources
      .filter((r) => r.type === 'door' || r.type === 'door_group')
      .map(({ id, type }) => ({ id, type }))
  }
}

/** The same weekly schedule: the same ranges on each day, in any order; one-time equals one-time. */
const sameWeek: Equal<WeekSchedule | null> = (a, b) => {
  if (isAnyTime(a) || isAnyTime(b)) return isAnyTime(a) && isAnyTime(b)
  const day = (w: WeekSchedule, d: (typeof weekdays)[number]) =>
    (w[d] ?? [])
      .map((r) => `${r.start_time}-${r.end_time}`)
      .sort()
      .join(',')
  return weekdays.every((d) => day(a!, d) === day(b!, d))
}

export const visitorFieldKinds: FieldKinds<VisitorFields> = {
  first_name: trimmed,
  last_name: trimmed,
  visitor_company: trimmed,
  mobile_phone: trimmed,
  email: trimmed,
  remarks: trimmed,
  visit_reason: same,
  start_time: same,
  end_time: same,
  week_schedule: sameWeek,
  resources: asSet((r: { id: string; type: string }) => `${r.type}:${r.id}`)
}

/** What the record held, as the console may hold it (a record written elsewhere need not pass the form). */
const visitorBaseFields = z.object({
  first_name: z.string().max(1000),
  last_name: z.string().max(1000),
  visitor_company: z.string().max(1000),
  mobile_phone: z.string().max(1000),
  email: z.string().max(1000),
  remarks: z.string().max(5000),
  visit_reason: z.string().max(100),
  start_time: z.number(),
  end_time: z.number(),
  week_schedule: weekScheduleSchema.nullable(),
  resources: z.array(z.object({ id: z.string().max(200), type: z.string().max(50) })).max(500)
})

/** A visitor edit over IPC: only changed fields, each checked as the form checks it. */
export const visitorEditSchema = editSchema(
  visitorFormFields.required({ week_schedule: true, resources: true }),
  visitorBaseFields
).refine((e) => !(e.changes.start_time && e.changes.end_time) || e.changes.end_time > e.changes.start_time, {
  message: 'The visit must end after it starts.',
  path: ['changes', 'end_time']
})

export type VisitorEdit = EditOf<VisitorFields>
