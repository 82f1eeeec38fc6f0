// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster } from '../../../src/main/services/roster/roster-plan'
import { countPlanRows, standingConflicts } from '../../../src/shared/roster/plan-counts'
import { rosterOptionsSchema } from '../../../src/shared/roster/sheet'
import { rowIn } from '../../../src/renderer/src/screens/roster/roster-words'
import { user } from '../../unit/roster/people'
import { rosterInEnglish } from '../../support/roster-english'

rosterInEnglish()

/**
 * A PIN cell the plan could not read ("vielleicht") is a cell of the file that needs an answer, not
 * a conflict (docs/guide/installer.md, roster): it is counted under "Needs you", never under "Rows
 * with conflicts" or the "Conflicts" chip (a fresh walk found it under both).
 */
const bo = user('u-bo', { first_name: 'Bo', last_name: 'Li', user_email: 'bo@example.com' })

const planOf = (cells: string[][]) =>
  planRoster({
    rows: cells,
    mapping: { email: 0, pin: 1 },
    options: rosterOptionsSchema.parse({ pin: 'column' }),
    people: new PeopleIndex([bo], []),
    resolved: new Map(),
    cards: new ConsoleCards([]),
    batchRows: [],
    assignablePasses: 0,
    decisions: []
  }).rows

describe('a PIN cell not understood, in the plan counts', () => {
  it('needs an answer and is no conflict: the chips, the totals and the filter agree', () => {
    const [row] = planOf([['bo@example.com', 'vielleicht']])
    expect(row!.conflicts.map((c) => c.kind)).toEqual(['unclear-pin-cell'])
    expect(standingConflicts(row!)).toEqual([])
    expect(countPlanRows([row!])).toMatchObject({ needsYou: 1, undecided: 1, conflicts: 0, ready: 0 })
    expect(rowIn(row!, 'conflicts')).toBe(false)
    expect(rowIn(row!, 'needs-you')).toBe(true)
  })
})
