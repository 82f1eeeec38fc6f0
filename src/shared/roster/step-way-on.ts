import { wayOn, type WayOn } from '../way-on'
import type { RowOutcome } from './run'
import type { RosterSaid } from './roster-said'

type FailedStep = { state: string; code?: string; said?: RosterSaid }

/**
 * What can change a failed roster step, by the one rule (shared/way-on.ts): its error as kept (kind
 * and code), else its code alone. A step failed with nothing kept of its error (a journal of an older
 * version) is offered Retry, as before.
 */
export function stepWayOn(step: FailedStep): WayOn {
  const kept = step.said?.find((s) => s.key === 'error')
  if (kept?.key === 'error') return wayOn(kept.error)
  if (step.code !== undefined) {
    const byCode = wayOn({ kind: 'server', code: step.code })
    if (byCode !== 'retry') return byCode
  }
  return 'retry'
}

/**
 * Whether "Retry" sends this failed step again: only when the same again may go otherwise. A step the
 * token was refused for goes again too: Retry is off, naming the key, until the token has it
 * (step-keys.ts keysToRetry), which is the change that makes it go otherwise.
 */
export function stepRetried(step: FailedStep): boolean {
  if (step.state !== 'failed') return false
  const way = stepWayOn(step)
  return way === 'retry' || way === 'token'
}

/**
 * What a row of the results offers: `retry` (a row to check, or a failed step the same again may
 * change), else what can change its failure (the first failed step's way on). Null for a row neither
 * failed nor to check.
 */
export function rowWayOn(outcome: Pick<RowOutcome, 'state' | 'steps'>): WayOn | null {
  if (outcome.state === 'to-check') return 'retry'
  if (outcome.state !== 'failed') return null
  const failed = outcome.steps.filter((s) => s.state === 'failed')
  if (failed.length === 0 || failed.some(stepRetried)) return 'retry'
  return stepWayOn(failed[0]!)
}
