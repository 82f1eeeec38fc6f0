import type { RosterProgress } from '../../../../shared/roster/run'
import type { PinStanding } from '../../../../shared/roster/pin-standing'
import { rt } from './roster-text'

/**
 * A row's PIN in the results' PIN cell, by its standing (shared/roster/pin-standing.ts), the rule the
 * Print PIN slips dialog groups the same rows by: "Yes", "Yes, no slip", "To check", or none.
 */
export function pinCellWords(standing: PinStanding | undefined): string {
  return standing === undefined || standing === 'none' ? '—' : rt(`pinCell.${standing}`)
}

/**
 * What a run's check of the PIN steps whose answer was lost found, in one sentence ("Checked 4 PINs whose
 * answer was lost: 4 set, their digits not known (no slip: give a new PIN on the PINs screen)."); none
 * when the run checked no PIN.
 */
export function pinsCheckedWords(checked: RosterProgress['pinsChecked']): string {
  if (!checked) return ''
  const count = checked.digitsLost + checked.sentAgain + checked.toCheck
  if (count === 0) return ''
  const parts = (['digitsLost', 'sentAgain', 'toCheck'] as const)
    .filter((part) => checked[part] > 0)
    .map((part) => rt(`pinsChecked.${part}`, { count: checked[part] }))
  return rt('pinsChecked', { count, parts: parts.join(rt('pinsChecked.and')) })
}
