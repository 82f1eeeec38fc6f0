import { endpoints, type PermissionKey } from '../access/endpoints'
import { actionKeys } from '../access/permissions'
import { tokenMenuPath } from '../i18n/token-menu-path'
import { plannedSteps, planRowStanding } from './plan-counts'
import type { RosterStep, RowOutcome } from './run'
import type { PlanRow } from './sheet'
import { stepRetried } from './step-way-on'

/**
 * The permission keys a roster's run needs, from what its plan sends: a plan that gives PINs to users
 * needs edit:user, one that imports cards edit:credential. Run and Retry are off, with the missing
 * keys named, when the token lacks one (as PINs and Touch Passes turn their actions off); main probes
 * `rosterKeys` (roster-service capabilities). Each key comes from the one declaration of it
 * (shared/access/permissions.ts `actionKeys`, or the endpoint the step calls), never a literal.
 */
export const rosterStepKeys: Record<RosterStep, Record<'user' | 'visitor', PermissionKey>> = {
  'card-import': { user: endpoints.E16.permission, visitor: endpoints.E16.permission },
  'card-assign': { user: endpoints.userAssignNfc.permission, visitor: endpoints.visitorAssignNfc.permission },
  pin: { user: actionKeys.pins.user, visitor: actionKeys.pins.visitor },
  pass: { user: actionKeys.touchPasses.assign, visitor: actionKeys.touchPasses.assign }
}

/** Every key a roster run may need, each once: what main probes for the Roster screen. */
export const rosterKeys: PermissionKey[] = [
  ...new Set(Object.values(rosterStepKeys).flatMap((byType) => Object.values(byType)))
]

function keysOf(row: PlanRow, steps: Iterable<RosterStep>, into: Set<PermissionKey>): void {
  if (row.match.state !== 'matched') return
  for (const step of steps) into.add(rosterStepKeys[step][row.match.person.type])
}

/** The keys "Run" needs: every step of the rows the run will send something for. */
export function keysToRun(rows: readonly PlanRow[]): PermissionKey[] {
  const keys = new Set<PermissionKey>()
  for (const row of rows) {
    if (planRowStanding(row) !== 'ready') continue
    const planned = plannedSteps(row)
    const steps: RosterStep[] = []
    // An enroll-now card is bound on the enrollment line, not by the run.
    if (planned.card && row.card.kind !== 'enroll') {
      if (row.card.kind === 'import' || (row.card.kind === 'batch' && !row.card.token)) steps.push('card-import')
      steps.push('card-assign')
    }
    if (planned.pin) steps.push('pin')
    if (planned.pass) steps.push('pass')
    keysOf(row, steps, keys)
  }
  return [...keys]
}

/**
 * The keys "Retry" needs: the steps of failed rows and rows to check that are not done yet; with
 * `resume`, those of rows not sent yet too ("Resume" after a stop).
 */
export function keysToRetry(
  rows: readonly PlanRow[],
  outcomes: Readonly<Record<string, RowOutcome>>,
  resume = false
): PermissionKey[] {
  const keys = new Set<PermissionKey>()
  const open: ReadonlySet<RowOutcome['state']> = new Set(
    resume ? ['failed', 'to-check', 'planned'] : ['failed', 'to-check']
  )
  for (const row of rows) {
    const outcome = outcomes[row.rowId]
    if (!outcome || !open.has(outcome.state)) continue
    // A failed step Retry leaves alone (the console would refuse it again: step-way-on.ts) needs no key.
    const unsent = outcome.steps.filter((s) => stepRetried(s) || s.state === 'unknown' || s.state === 'planned')
    // An enroll-now card is bound on the enrollment line, not by a run.
    const steps = unsent.map((s) => s.step).filter((step) => !(row.card.kind === 'enroll' && step.startsWith('card-')))
    keysOf(row, steps, keys)
  }
  return [...keys]
}

/**
 * Why Run (or Retry) is off: the keys it needs that the token lacks, named, and where to add them;
 * null when none is missing.
 */
export function missingKeysReason(needed: readonly PermissionKey[], missing: readonly string[]): string | null {
  const lacking = needed.filter((k) => missing.includes(k))
  if (lacking.length === 0) return null
  const keys =
    lacking.length === 1 ? lacking[0] : `${lacking.slice(0, -1).join(', ')} and ${lacking[lacking.length - 1]}`
  return `Needs the permission${lacking.length > 1 ? 's' : ''} ${keys}, which this token lacks: add ${lacking.length > 1 ? 'them' : 'it'} to the token in ${tokenMenuPath.en}.`
}
