import type { RosterStep, RowOutcome } from './run'

/**
 * How a row of a run's results stands, in one rule for the results' chips, the row's state and the
 * CSV export: a row done with a part skipped (a card of someone else left where it was, a PIN the
 * person keeps) is "done, card skipped" — counted under Done and under Skipped, never as plainly done
 * beside "Skipped (0)" (a fresh walk found that).
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

/** The results' filters (chips). */
export type ResultFilter = 'all' | 'done' | 'failed' | 'to-check' | 'skipped'

/** Whether a row is shown (and counted) under a chip: Skipped holds every row with something skipped. */
export function inResultFilter(outcome: Pick<RowOutcome, 'state' | 'steps'>, filter: ResultFilter): boolean {
  if (filter === 'all') return true
  if (filter === 'skipped') return outcome.state === 'skipped' || skippedParts(outcome).length > 0
  return outcome.state === filter
}

/** The row's state in words, lower case as the export writes it: "done", "done, card skipped", "failed". */
export function resultState(outcome: Pick<RowOutcome, 'state' | 'steps'>): string {
  const parts = skippedParts(outcome)
  return parts.length ? `${outcome.state}, ${parts.join(' and ')} skipped` : outcome.state
}
