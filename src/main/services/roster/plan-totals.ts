import type { PlanRow, PlanTotals } from '../../../shared/roster/sheet'
import { stepsOf } from './roster-steps'

/**
 * The totals of plan rows as the plan screen shows them, for rows put together from two plans (the
 * plan as run for rows under way, the newest for the others), where no single plan's totals apply.
 */
export function totalsOf(rows: readonly PlanRow[], passesAvailable: number): PlanTotals {
  const totals: PlanTotals = {
    rows: rows.length,
    matched: 0,
    ambiguous: 0,
    missing: 0,
    skipped: 0,
    cardsExisting: 0,
    cardsImport: 0,
    cardsBatch: 0,
    cardsEnroll: 0,
    pins: 0,
    passes: 0,
    passesAvailable,
    conflicts: 0,
    ready: 0
  }
  for (const row of rows) {
    totals[row.match.state === 'matched' ? 'matched' : row.match.state]++
    totals.conflicts += row.conflicts.length
    if (row.match.state !== 'matched') continue
    const steps = stepsOf(row).filter((s) => !s.skip)
    if (steps.length > 0) totals.ready++
    for (const { step } of steps) {
      if (step === 'pin') totals.pins++
      else if (step === 'pass') totals.passes++
      else if (step === 'card-assign') {
        const kind = row.card.kind
        if (kind === 'existing') totals.cardsExisting++
        else if (kind === 'import') totals.cardsImport++
        else if (kind === 'batch') totals.cardsBatch++
        else if (kind === 'enroll') totals.cardsEnroll++
      }
    }
  }
  return totals
}
