import { namesakesApart, type Apart } from '../person-apart'
import type { PersonRef, PlanRow } from './sheet'

/** Whom a row's keys found: the matched person, or whom a row left out had found. */
export const foundOf = (row: PlanRow): PersonRef | undefined =>
  row.match.state === 'matched' ? row.match.person : row.match.state === 'skipped' ? row.match.was : undefined

/**
 * What tells each row's person on the console from a namesake among the roster's people, as the person
 * pickers tell them (shared/person-apart.ts over the console's facts: email, employee number, the
 * console's id), so a name on a PIN-slip list is found in the PINs screen's picker as it reads there; the
 * file's line only for a row whose person is not known on the console (or the same person on two lines).
 * `names`: each row's name, as the caller shows it. Main's `roster.handout` and the results' slip lists ask
 * this, so both name a person alike.
 */
export function consolePeopleApart(rows: readonly PlanRow[], names: readonly string[]): (Apart | null)[] {
  return namesakesApart(
    rows.map((row, i) => {
      const person = foundOf(row)
      const facts = person && { email: person.email, employeeNumber: person.employeeNumber, id: person.id }
      return { name: names[i] ?? '', facts, line: row.line }
    })
  )
}
