import type { AuditOutcome, AuditOutcomeFilter } from './schemas'

/**
 * The writes that did not go through: the console refused them, they were never sent, their answer
 * was lost (To check), or a read-back found them not done. Done and still waiting are not among them.
 * One choice of the Outcome filter finds them all: a person looking for what failed should not have
 * to try four outcomes one by one.
 */
const NOT_THROUGH: ReadonlySet<AuditOutcome> = new Set(['refused', 'notSent', 'unknown', 'notDone'])

/** Whether a row with `outcome` is kept by the Outcome filter's choice (none: every row). */
export function outcomeKept(filter: AuditOutcomeFilter | undefined, outcome: AuditOutcome): boolean {
  if (!filter) return true
  return filter === 'notThrough' ? NOT_THROUGH.has(outcome) : outcome === filter
}
