import type { RowOutcome } from './run'
import type { Conflict, PlanRow } from './sheet'
import { sentence, type RosterSaid } from './roster-said'

/** A reason main keeps: its English, and its facts when it has them (roster-said.ts). */
export interface KeptReason {
  reason?: string | undefined
  said?: RosterSaid | undefined
}

/** How a reader says a kept reason: a desk or an export in its language; by default main's English. */
export type SayReason = (kept: KeptReason) => string
const asKept: SayReason = (kept) => kept.reason ?? ''

/**
 * Why a row of a run's results stands as it does, in the words the results export (CSV) and the results
 * screen both say: its fix when it is to check; for a row the run left out, why (who it is was not
 * settled, or the user left it out); a row asked for nothing, that; else the first failed, unknown or skipped step's reason. One
 * function for both (issue 31: the screen left out the rows the export listed, and had no words for them).
 */
export function resultReason(
  row: PlanRow,
  outcome: Pick<RowOutcome, 'fix' | 'fixSaid' | 'steps'>,
  leftAtDesk: string = LEFT_AT_DESK,
  say: SayReason = asKept
): string {
  if (outcome.fix) return say({ reason: outcome.fix, said: outcome.fixSaid })
  const leftOut = leftOutReason(row, leftAtDesk, say)
  if (leftOut !== null) return leftOut
  // A row taken with no step at all (no card, PIN "no", no pass): skipped, and said why.
  if (outcome.steps.length === 0) return say(NOTHING_ASKED)
  const step =
    outcome.steps.find((s) => s.state === 'failed') ??
    outcome.steps.find((s) => s.state === 'unknown') ??
    outcome.steps.find((s) => s.state === 'skipped' && s.reason)
  return step ? say(step) : ''
}

/** A row the file asks nothing of, in main's English and as facts (the desk's words). */
export const NOTHING_ASKED: KeptReason = {
  reason: 'Nothing to do: the file asks for no card, PIN or Touch Pass on this row.',
  said: [sentence('nothingAsked')]
}

/**
 * Why a row left out at the desk stands so, in English (the results screen and the export pass their
 * language's words: the roster area's `reason.leftAtDesk`, the exports area's `roster.leftAtDesk`). Not
 * "by the user": in a roster, "the user" reads as the person of the row.
 */
export const LEFT_AT_DESK = 'Left out at the desk.'

/**
 * Why the run left a row out (its person not settled, the file's line not read, or left out at the
 * desk); null: the run took it. A line the file could not read (a quote never closed) says so, as the
 * plan said it: nobody at the desk left it out.
 */
export function leftOutReason(row: PlanRow, leftAtDesk: string = LEFT_AT_DESK, say: SayReason = asKept): string | null {
  if (row.match.state === 'ambiguous' || row.match.state === 'missing') return say(row.match)
  const notRead = lineNotRead(row)
  if (notRead) return say({ reason: notRead.message, said: notRead.said })
  if (row.match.state === 'skipped') return leftAtDesk
  return null
}

/** The conflict of a line the file could not read (a quote never closed): the row is left out whatever is chosen. */
export function lineNotRead(row: PlanRow): Conflict | undefined {
  return row.conflicts.find((c) => c.kind === 'unreadable-line')
}

/** The outcome of a row the run left out, when main has none for it: skipped, nothing sent. */
export function leftOutOutcome(row: PlanRow): RowOutcome {
  return { rowId: row.rowId, state: 'skipped', steps: [], pinAssigned: false, passAssigned: false }
}
