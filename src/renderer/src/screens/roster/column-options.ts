import type { ColumnMapping, RosterOptions } from '../../../../shared/roster/sheet'

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

const optionWords: Record<ColumnOption, Record<RosterOptions['pin'], string>> = {
  pin: { none: 'No PIN', all: 'A generated PIN for everyone', column: '' },
  touchPass: { none: 'No Touch Pass', all: 'A Touch Pass for every user', column: '' }
}
const columnWords: Record<ColumnOption, string> = { pin: 'PIN', touchPass: 'Touch Pass' }

/** What the plan says of a mapped PIN or Touch Pass column an option does not read. */
export function unusedColumns(mapping: ColumnMapping, options: RosterOptions, headers: string[] = []): string[] {
  return columnOptions
    .filter((field) => mapped(mapping, field) && options[field] !== 'column')
    .map((field) => {
      const index = mapping[field]!
      const name = headers[index] || `Column ${index + 1}`
      return `The ${columnWords[field]} column (“${name}”) is not used: “For every row” says “${optionWords[field][options[field]]}”. To follow it, go back to the columns and choose “As the ${columnWords[field]} column says”.`
    })
}
