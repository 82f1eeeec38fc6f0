import type { ColumnMapping, RosterOptions, RosterSheet } from '../../../../shared/roster/sheet'
import { columnLetters } from '../../../../shared/roster/column-letters'
import { rt } from './roster-text'

/**
 * A column of the roster as every part of the screen names it: its header, or for a column the file
 * gives no name (the sheet's `unnamed`), its letter in the desk's words ("Spalte D"), never main's
 * English "Column D". A roster read before `unnamed` was kept shows its headers as main gave them.
 */
export function columnName(sheet: Pick<RosterSheet, 'headers' | 'unnamed'> | undefined, index: number): string {
  const header = sheet?.headers[index]
  if (!header || sheet?.unnamed?.includes(index)) return rt('columnLetter', { letter: columnLetters(index) })
  return header
}

/**
 * The PIN and Touch Pass columns and the "For every row" options that read them. A column the user
 * mapped is meant to be used: the option follows it (as the column says) until the person picks an
 * option themselves, and a mapped column an option leaves unused is said so on the plan, never
 * dropped silently (a mapped PIN column with "No PIN" planned 0 PINs without a word).
 */
export type ColumnOption = 'pin' | 'touchPass'

const columnOptions: ColumnOption[] = ['pin', 'touchPass']
const mapped = (mapping: ColumnMapping, field: ColumnOption) => mapping[field] !== undefined && mapping[field] !== null

/**
 * The options as they follow the mapping: an option the person has not chosen (`chosen` lacks it) is
 * "as the column says" while its column is mapped, and back to none when the column is unmapped.
 */
export function optionsForMapping(
  options: RosterOptions,
  mapping: ColumnMapping,
  chosen: ReadonlySet<ColumnOption> = new Set()
): RosterOptions {
  const next = { ...options }
  for (const field of columnOptions) {
    if (chosen.has(field)) continue
    if (mapped(mapping, field)) next[field] = 'column'
    else if (next[field] === 'column') next[field] = 'none'
  }
  return next
}

/** What the plan says of a mapped PIN or Touch Pass column an option does not read. */
export function unusedColumns(
  mapping: ColumnMapping,
  options: RosterOptions,
  sheet?: Pick<RosterSheet, 'headers' | 'unnamed'>
): string[] {
  return columnOptions
    .filter((field) => mapped(mapping, field) && options[field] !== 'column')
    .map((field) => {
      const name = columnName(sheet, mapping[field]!)
      // The option's words as the select says them (option.pin.none: "No PIN"…).
      const said = rt(`option.${field}.${options[field] === 'all' ? 'all' : 'none'}`)
      return rt(field === 'pin' ? 'unused.pin' : 'unused.touchPass', { name, said })
    })
}
