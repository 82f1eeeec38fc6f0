import type { RosterStep, RowOutcome } from './run'

/**
 * How a row of a run's results stands, in one rule for the results' chips, the row's state, the
 * roster's summary, the run's bar and the CSV export: a row done with a part skipped (a card of
 * someone else left where it was, a PIN the person keeps) reads "done, card skipped" and is counted
 * once, under Done — each row is counted once, so the chips add up to the rows (it was counted under
 * Done and again under Skipped).
 */

/** The part of a row each step gives, as the results name it. */
const partOf: Record<RosterStep, string> = {
  'card-import': 'card',
  'card-assign': 'card',
  pin: 'PIN',
  pass: 'Touch Pass'
}

/** The parts of a done row that were skipped ("card", "PIN"), each once, in step order; none otherwise. */
export function skippedParts(outcome: Pick<RowOutcome, 'state' | 'steps'>): string[] {
  if (outcome.state !== 'done') return []
  return [...new Set(outcome.steps.filter((s) => s.state === 'skipped').map((s) => partOf[s.step]))]
}

/**
 * A row partly done: a part of it given (its card), another not sent yet (its PIN), none failed, to
 * check or in flight — a run stopped between a row's steps (paused, or main killed). Its state stays
 * planned (Resume goes on with it), but it is neither done nor "not started": the run's counts, the
 * stopped summary and its badge say it partly done (main killed with four cards given and their PINs
 * not sent read "0 done, 7 not started").
 */
export function partlyDone(outcome: Pick<RowOutcome, 'state' | 'steps'>): boolean {
  return outcome.state === 'planned' && outcome.steps.some((s) => s.state === 'done')
}

/** The results' filters (chips). */
export type ResultFilter = 'all' | 'done' | 'failed' | 'to-check' | 'skipped'

/**
 * Whether a row is shown (and counted) under a chip: by its state alone, so a row is under one chip
 * (besides All). Skipped holds the rows nothing was done for; a row done with a part skipped is Done,
 * and its state says what was skipped.
 */
export function inResultFilter(outcome: Pick<RowOutcome, 'state'>, filter: ResultFilter): boolean {
  return filter === 'all' || outcome.state === filter
}

/** How many rows each chip holds, each row once: the chips, the summary and the run's bar count with this. */
export function resultCounts(outcomes: readonly Pick<RowOutcome, 'state'>[]): Record<ResultFilter, number> {
  const counts: Record<ResultFilter, number> = { all: outcomes.length, done: 0, failed: 0, 'to-check': 0, skipped: 0 }
  for (const { state } of outcomes)
    if (state === 'done' || state === 'failed' || state === 'to-check' || state === 'skipped') counts[state]++
  return counts
}

/** The row's state in words, lower case as the export writes it: "done", "done, card skipped", "failed". */
export function resultState(outcome: Pick<RowOutcome, 'state' | 'steps'>): string {
  const parts = skippedParts(outcome)
  return parts.length ? `${outcome.state}, ${parts.join(' and ')} skipped` : outcome.state
}
