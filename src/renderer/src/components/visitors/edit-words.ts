import type { FieldConflict } from '../../../../shared/edits/edit'
import type { VisitorFields } from '../../../../shared/visitors/edit'
import { visitorFieldKey } from '../../../../shared/visitors/field-names'
import { formatLocal } from '../../lib/local-time'
import { rangesWords, weekOrder } from './schedule'
import { visitorsWords } from '../../lib/i18n/visitors-messages.svelte'

/**
 * The visitor form's fields by the names its labels use, in the desk's language (catalogue area
 * visitors, `field.<name>`). Read where the rows are made (a $derived): they follow a language switch.
 */
export function visitorFieldLabel(field: keyof VisitorFields): string {
  return visitorsWords().t(visitorFieldKey(field))
}

/** A field's value in words, for the conflict dialog (doors by name where the site's topology has them). */
export function visitorValueWords<K extends keyof VisitorFields>(
  field: K,
  value: VisitorFields[K],
  names: { doors: { id: string; name: string }[]; groups: { id: string; name: string }[] }
): string {
  const w = visitorsWords()
  if (field === 'start_time' || field === 'end_time') return formatLocal(value as number)
  if (field === 'week_schedule') {
    const week = value as VisitorFields['week_schedule']
    if (!week) return w.t('conflict.oneTime')
    const days = weekOrder
      .filter((d) => (week[d] ?? []).length > 0)
      .map((d) => `${w.t(`day.${d}`)} ${rangesWords(week[d])}`)
    return days.join('; ') || w.t('conflict.noDay')
  }
  if (field === 'resources') {
    const list = value as VisitorFields['resources']
    const name = (r: { id: string; type: string }) =>
      r.type === 'door_group'
        ? w.t('doors.group', { name: names.groups.find((g) => g.id === r.id)?.name ?? r.id })
        : (names.doors.find((d) => d.id === r.id)?.name ?? r.id)
    return list.map(name).sort().join(', ') || w.t('conflict.noDoor')
  }
  return String(value ?? '')
}

export function visitorConflictRows(
  conflicts: FieldConflict<VisitorFields>[],
  names: Parameters<typeof visitorValueWords>[2]
): { field: string; label: string; theirs: string; yours: string }[] {
  return conflicts.map((c) => ({
    field: c.field,
    label: visitorFieldLabel(c.field),
    theirs: visitorValueWords(c.field, c.theirs, names),
    yours: visitorValueWords(c.field, c.yours, names)
  }))
}
