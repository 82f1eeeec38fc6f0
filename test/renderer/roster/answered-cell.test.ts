// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster, type ConflictDecision } from '../../../src/main/services/roster/roster-plan'
import { countPlanRows, standingConflicts } from '../../../src/shared/roster/plan-counts'
import { rosterOptionsSchema } from '../../../src/shared/roster/sheet'
import { conflictLabel } from '../../../src/renderer/src/screens/roster/roster-words'
import { user } from '../../unit/roster/people'
import { rosterInEnglish } from '../../support/roster-english'

rosterInEnglish()

/**
 * A row's words come from its cells and the user's choices now, not from the first plan: a PIN cell
 * not understood, once answered, no longer says "not understood" (it said so after "Give a PIN").
 */
const bo = user('u-bo', { first_name: 'Bo', last_name: 'Li', user_email: 'bo@example.com' })
const people = new PeopleIndex([bo], [])

const plan = (decisions: ConflictDecision[]) =>
  planRoster({
    rows: [['bo@example.com', 'vielleicht']],
    mapping: { email: 0, pin: 1 },
    options: rosterOptionsSchema.parse({ pin: 'column' }),
    people,
    resolved: new Map(),
    cards: new ConsoleCards([]),
    batchRows: [],
    assignablePasses: 0,
    decisions
  }).rows[0]!

describe('an unclear cell the user answered', () => {
  it('says the answer, on the row and in the panel, and is no longer a standing conflict', () => {
    const asked = plan([])
    expect(asked.conflicts.map(conflictLabel)).toEqual(['PIN cell not understood'])
    expect(asked.conflicts[0]!.message).toMatch(/Say whether this row gets a PIN/)
    // Not understood, it needs an answer: a cell of the file, no conflict (unclear-cell-counts.test.ts).
    expect(standingConflicts(asked)).toEqual([])

    const given = plan([{ rowId: 'r2', kind: 'unclear-pin-cell', decision: 'go-ahead' }])
    expect(given.conflicts[0]!.message).toBe('The PIN cell says “vielleicht”: this row gets a PIN, as you said.')
    expect(given.conflicts.map(conflictLabel)).toEqual(['PIN: yes, as you said'])
    expect(standingConflicts(given)).toEqual([])
    expect(countPlanRows([given])).toMatchObject({ ready: 1, conflicts: 0, needsYou: 0 })

    const none = plan([{ rowId: 'r2', kind: 'unclear-pin-cell', decision: 'skip' }])
    expect(none.conflicts[0]!.message).toBe('The PIN cell says “vielleicht”: this row gets no PIN, as you said.')
    expect(none.conflicts.map(conflictLabel)).toEqual(['PIN: no, as you said'])
    expect(countPlanRows([none])).toMatchObject({ ready: 0, nothingToDo: 1, conflicts: 0 })
  })

  it('a row left out has no standing conflict (nothing of it runs)', () => {
    const left = planRoster({
      rows: [['bo@example.com', 'vielleicht']],
      mapping: { email: 0, pin: 1 },
      options: rosterOptionsSchema.parse({ pin: 'column' }),
      people,
      resolved: new Map([['r2', null]]),
      cards: new ConsoleCards([]),
      batchRows: [],
      assignablePasses: 0,
      decisions: []
    }).rows[0]!
    expect(left.match.state).toBe('skipped')
    expect(standingConflicts(left)).toEqual([])
    expect(countPlanRows([left])).toMatchObject({ leftOut: 1, conflicts: 0, ready: 0 })
  })
})
