import { rowNeedsYou, rowUndecided, type Conflict, type PlanRow } from './sheet'

/**
 * Where each row of a roster's plan stands, and the counts of them: one rule for the plan's filter
 * chips, its totals ("Ready to run", "Need you", "Conflicts"), its Run button and main's totals, so
 * no two of them can disagree (the first plan once said "Ready (1)" on the chip and "Ready to run 2"
 * beside it: the chip counted rows without a conflict, the totals rows with a step to send).
 */

/** The steps of a planned row that will run: a wish no conflict on its step (or on the row) skips. */
export interface PlannedSteps {
  card: boolean
  pin: boolean
  pass: boolean
}

/** The steps of a row that will run: a wish no conflict on its step (or on the row) skips. */
export function plannedSteps(row: PlanRow): PlannedSteps {
  let card = row.card.kind !== 'none'
  let pin = row.pin
  let pass = row.touchPass
  for (const c of row.conflicts) {
    // Only "do it anyway" on an overridable conflict lets its step through; undecided waits (roster-steps.ts).
    if (c.overridable && c.decision === 'go-ahead') continue
    if (c.step === 'row') return { card: false, pin: false, pass: false }
    if (c.step === 'card') card = false
    else if (c.step === 'pin') pin = false
    else pass = false
  }
  return { card, pin, pass }
}

/**
 * One answer per row:
 * - `left-out`: the user left the row out;
 * - `needs-you`: who it is (ambiguous, missing) or a cell not understood waits for the user;
 * - `ready`: the run will send something for it;
 * - `nothing-to-do`: its person is settled and nothing is left to send (no wish, or every step skipped).
 */
export type PlanRowStanding = 'left-out' | 'needs-you' | 'ready' | 'nothing-to-do'

export function planRowStanding(row: PlanRow): PlanRowStanding {
  if (row.match.state === 'skipped') return 'left-out'
  if (rowNeedsYou(row)) return 'needs-you'
  const steps = plannedSteps(row)
  return steps.card || steps.pin || steps.pass ? 'ready' : 'nothing-to-do'
}

/** A yes/no cell of the file the plan could not read: it asks the user (`needs-you`), it is no conflict. */
export function unclearCell(conflict: Conflict): boolean {
  return conflict.kind === 'unclear-pin-cell' || conflict.kind === 'unclear-pass-cell'
}

/** An unclear yes/no cell the user answered: their answer now, not a conflict. */
export function answeredCell(conflict: Conflict): boolean {
  return unclearCell(conflict) && conflict.decision !== 'undecided'
}

/**
 * The conflicts a row still has, from its current person and choices: none on a row left out (nothing
 * of it runs). A PIN or Touch Pass cell not understood is none either, answered or not: it is a cell
 * of the file that needs an answer (counted under "Needs you" until answered, then the answer), as
 * the installer's guide says — never under "Rows with conflicts" or the Conflicts chip.
 */
export function standingConflicts(row: PlanRow): Conflict[] {
  if (row.match.state === 'skipped') return []
  return row.conflicts.filter((c) => !unclearCell(c))
}

export interface PlanCounts {
  rows: number
  /** Rows whose person is found or chosen. */
  matched: number
  needsYou: number
  /** Of those, rows whose person is not settled (ambiguous or missing): "Leave out" fits only them. */
  whoUnknown: number
  /** Of those, rows with a person and a yes/no cell not understood. */
  undecided: number
  leftOut: number
  /** Rows the run will send something for: the chip "Ready", "Ready to run", "Run N rows". */
  ready: number
  nothingToDo: number
  /** Rows with a standing conflict (the chip "Conflicts"). */
  conflicts: number
}

/** The plan's rows counted by where they stand (`planRowStanding`) and by standing conflicts. */
export function countPlanRows(rows: readonly PlanRow[]): PlanCounts {
  const counts: PlanCounts = {
    rows: rows.length,
    matched: 0,
    needsYou: 0,
    whoUnknown: 0,
    undecided: 0,
    leftOut: 0,
    ready: 0,
    nothingToDo: 0,
    conflicts: 0
  }
  for (const row of rows) {
    const standing = planRowStanding(row)
    if (row.match.state === 'matched') counts.matched++
    if (row.match.state === 'ambiguous' || row.match.state === 'missing') counts.whoUnknown++
    else if (rowUndecided(row)) counts.undecided++
    if (standing === 'left-out') counts.leftOut++
    else if (standing === 'needs-you') counts.needsYou++
    else if (standing === 'ready') counts.ready++
    else counts.nothingToDo++
    if (standingConflicts(row).length > 0) counts.conflicts++
  }
  return counts
}
