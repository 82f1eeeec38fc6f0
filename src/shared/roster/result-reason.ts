import type { RowOutcome } from './run'
import type { PlanRow } from './sheet'

/**
 * Why a row of a run's results stands as it does, in the words the results export (CSV) and the results
 * screen both say: its fix when it is to check; for a row the run left out, why (who it is was not
 * settled, or the user left it out); else the first failed, unknown or skipped step's reason. One
 * function for both (issue 31: the screen left out the rows the export listed, and had no words for them).
 */
export function resultReason(row: PlanRow, outcome: Pick<RowOutcome, 'fix' | 'steps'>): string {
  if (outcome.fix) return outcome.fix
  const leftOut = leftOutReason(row)
  if (leftOut !== null) return leftOut
  const step =
    outcome.steps.find((s) => s.state === 'failed') ??
    outcome.steps.find((s) => s.state === 'unknown') ??
    outcome.steps.find((s) => s.state === 'skipped' && s.reason)
  return step?.reason ?? ''
}

/** Why the run left a row out (its person not settled, or left out by the user); null: the run took it. */
export function leftOutReason(row: PlanRow): string | null {
  if (row.match.state === 'ambiguous' || row.match.state === 'missing') return row.match.reason
  if (row.match.state === 'skipped') return 'Left out by the user.'
  return null
}

/** The outcome of a row the run left out, when main has none for it: skipped, nothing sent. */
export function leftOutOutcome(row: PlanRow): RowOutcome {
  return { rowId: row.rowId, state: 'skipped', steps: [], pinAssigned: false, passAssigned: false }
}
