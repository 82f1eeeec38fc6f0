import type { FieldConflict } from '../../../../shared/edits/edit'
import type { VisitorFields } from '../../../../shared/visitors/edit'
import { formatLocal } from '../../lib/local-time'
import { dayLabels, weekOrder } from './schedule'

/** The visitor form's fields by the names its labels use. */
export const visitorFieldLabels: Record<keyof VisitorFields, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  visitor_company: 'Company',
  mobile_phone: 'Phone',
  email: 'Email',
  remarks: 'Remarks',
  visit_reason: 'Reason for the visit',
  start_time: 'Valid from',
  end_time: 'Valid until',
  week_schedule: 'Weekly schedule',
  resources: 'Doors'
}

/** A field's value in words, for the conflict dialog (doors by name where the site's topology has them). */
export function visitorValueWords<K extends keyof VisitorFields>(
  field: K,
  value: VisitorFields[K],
  names: { doors: { id: string; name: string }[]; groups: { id: string; name: string }[] }
): string {
  if (field === 'start_time' || field === 'end_time') return formatLocal(value as number)
  if (field === 'week_schedule') {
    const week = value as VisitorFields['week_schedule']
    if (!week) return 'One-time: any time inside the validity window'
    const days = weekOrder
      .filter((d) => (week[d] ?? []).length > 0)
      .map(
        (d) =>
          `${dayLabels[d]} ${week[d].map((r) => `${r.start_time.slice(0, 5)}–${r.end_time.slice(0, 5)}`).join(', ')}`
      )
    return days.join('; ') || 'No day'
  }
  if (field === 'resources') {
    const list = value as VisitorFields['resources']
    const name = (r: { id: string; type: string }) =>
      r.type === 'door_group'
        ? `${names.groups.find((g) => g.id === r.id)?.name ?? r.id} (group)`
        : (names.doors.find((d) => d.id === r.id)?.name ?? r.id)
    return list.map(name).sort().join(', ') || 'No door'
  }
  return String(value ?? '')
}

export function visitorConflictRows(
  conflicts: FieldConflict<VisitorFields>[],
  names: Parameters<typeof visitorValueWords>[2]
): { field: string; label: string; theirs: string; yours: string }[] {
  return conflicts.map((c) => ({
    field: c.field,
    label: visitorFieldLabels[c.field],
    theirs: visitorValueWords(c.field, c.theirs, names),
    yours: visitorValueWords(c.field, c.yours, names)
  }))
}
