import type { PlanRow } from '../../../../shared/roster/sheet'
import { namesakesApart } from '../../../../shared/person-apart'
import { consolePeopleApart, foundOf } from '../../../../shared/roster/row-people'
import { personLine } from '../../lib/person-line'
import { rowLabel } from './roster-words'

/** The results' person: as found on the console, else as the file names them. */
export const foundName = (row: PlanRow): string =>
  row.match.state === 'matched' ? row.match.person.name : rowLabel(row)

/**
 * Each row's person by one line of their own, for the plan (`nameOf` rowLabel: as the file names them)
 * or the results (foundName): a namesake in the roster says what tells them apart — the person's email or
 * employee number, else the file's line — by the pickers' one rule (shared/person-apart.ts). By row id.
 */
export function rowNames(rows: readonly PlanRow[], nameOf: (row: PlanRow) => string): Map<string, string> {
  const names = rows.map(nameOf)
  // The file's rows: a namesake nothing else tells apart is named by its line (the console's id means
  // nothing beside the file), so the id is left out here.
  const apart = namesakesApart(
    rows.map((row, i) => {
      const person = foundOf(row)
      return {
        name: names[i]!,
        facts: person && { email: person.email, employeeNumber: person.employeeNumber },
        line: row.line
      }
    })
  )
  return new Map(rows.map((row, i) => [row.rowId, personLine(names[i]!, apart[i]!)]))
}

/**
 * Each row's person as the console knows them, told from a namesake as the person pickers tell them
 * (shared/roster/row-people.ts): the PIN slips and their lists, so a name there is found on the PINs
 * screen as it reads there. By row id.
 */
export function consoleNames(rows: readonly PlanRow[]): Map<string, string> {
  const names = rows.map(foundName)
  const apart = consolePeopleApart(rows, names)
  return new Map(rows.map((row, i) => [row.rowId, personLine(names[i]!, apart[i]!)]))
}
