import type { RosterPhase, RowOutcome } from './run'
import { partlyDone } from './result-standing'

/**
 * Where a roster's run stands, in one rule for the roster list (its badge and its Resume), the
 * roster's badge, the Run step (its words, its buttons, what the live region says) and main's
 * progress events: each used to decide it on its own, and after main restarted mid-run the Run step
 * said "Stopped mid-run" beside "Finished" and offered only See the results.
 *
 * The standing comes from the phase main keeps (roster-model.ts `phase()`: only main knows whether a
 * lost answer is still to be checked by the run); the counts come from the rows' outcomes and
 * partition the run's rows, each row counted once.
 */

export type RunStanding =
  /** Columns or plan: nothing was sent yet. */
  | 'not-started'
  | 'running'
  /**
   * Paused, or main stopped (closed, restarted) before the end: Resume goes on. Never a run that went
   * through every row with some answers lost (a 500): that is finished with rows to check.
   */
  | 'stopped'
  /** The run is through; rows still wait for their card on the enrollment line. */
  | 'through'
  /** Every row ended, some failed or are to check: See the results. */
  | 'finished-with-failures'
  | 'finished'

/**
 * The run's rows (every row of the roster but the skipped ones: nothing is sent for those), each in
 * exactly one part: done + failed + toCheck + inFlight + waitingCard + partlyDone + notStarted = rows.
 */
export interface RunCounts {
  rows: number
  done: number
  failed: number
  /** A lost answer or a half-done row; also a row that was in flight when the run stopped. */
  toCheck: number
  /** Being sent now (only while the run is running). */
  inFlight: number
  /** Its other steps through, its card still to come on the enrollment line. */
  waitingCard: number
  /** A part given (a card), the rest not sent yet (result-standing.ts `partlyDone`): never "not started". */
  partlyDone: number
  notStarted: number
}

/**
 * The rows' outcomes counted into the run's parts.
 * - A row with a part given and the rest not sent (a card given, its PIN not: main stopped between
 *   them) is partly done, by the rule the results' badge says it with (result-standing.ts).
 * - `running`: whether the run is going now. A row whose outcome still says it is being sent when no
 *   run is going (main stopped with it in flight) is to check, never also not started.
 * - `expected`: the run's row count when known before its outcomes are (the plan's rows to run, read
 *   before main's first answer after Run): the rows not reported yet are not started.
 */
export function runCounts(
  outcomes: Iterable<Pick<RowOutcome, 'state' | 'steps'>>,
  options: { running: boolean; expected?: number }
): RunCounts {
  const counts: RunCounts = {
    rows: 0,
    done: 0,
    failed: 0,
    toCheck: 0,
    inFlight: 0,
    waitingCard: 0,
    partlyDone: 0,
    notStarted: 0
  }
  for (const outcome of outcomes) {
    const { state } = outcome
    if (state === 'skipped') continue
    counts.rows++
    if (state === 'done') counts.done++
    else if (state === 'failed') counts.failed++
    else if (state === 'to-check') counts.toCheck++
    else if (state === 'waiting-card') counts.waitingCard++
    else if (state === 'running') {
      if (options.running) counts.inFlight++
      else counts.toCheck++
    } else if (partlyDone(outcome)) counts.partlyDone++
    else counts.notStarted++
  }
  const unreported = Math.max(0, (options.expected ?? 0) - counts.rows)
  counts.rows += unreported
  counts.notStarted += unreported
  return counts
}

/** The rows that ended (done, failed or to check): what the run's bar fills with. */
export function endedRows(counts: Pick<RunCounts, 'done' | 'failed' | 'toCheck'>): number {
  return counts.done + counts.failed + counts.toCheck
}

/**
 * The run's standing from the phase main keeps and the counts. A finished phase with rows on the
 * enrollment line is "through"; with failed rows or rows to check it is finished with failures.
 */
export function runStanding(
  phase: RosterPhase,
  counts: Pick<RunCounts, 'failed' | 'toCheck'> & { waitingCard?: number | undefined }
): RunStanding {
  switch (phase) {
    case 'mapping':
    case 'planned':
      return 'not-started'
    case 'running':
      return 'running'
    case 'paused':
      return 'stopped'
    case 'finished':
      if (counts.waitingCard) return 'through'
      return counts.failed || counts.toCheck ? 'finished-with-failures' : 'finished'
  }
}
