import type { Conflict, PlanRow } from '../../../shared/roster/sheet'
import type { RosterStep } from '../../../shared/roster/run'
import type { RosterSaid } from '../../../shared/roster/roster-said'

/** One step a row's plan asks for; `skip` says why it will not be sent (a conflict the user did not override). */
export interface PlannedStep {
  step: RosterStep
  skip?: { reason: string; said?: RosterSaid }
}

/** A conflict stops its step unless the user chose "do it anyway" and it may be overridden (undecided stops it too). */
function blocks(conflict: Conflict): boolean {
  return !conflict.overridable || conflict.decision !== 'go-ahead'
}

function blocking(row: PlanRow, step: Conflict['step']): Conflict | undefined {
  return row.conflicts.find((c) => c.step === step && blocks(c))
}

/**
 * The steps of a row, in the order they run: the card is imported before it is assigned; the PIN and
 * the pass follow. A row whose person is not settled does nothing; a row-wide conflict (the same
 * person twice) skips the whole row unless overridden. This is the one place a conflict becomes a
 * skipped step, and so the row's "done, card skipped" and its reason (result-standing.ts).
 */
export function stepsOf(row: PlanRow): PlannedStep[] {
  if (row.match.state !== 'matched') return []
  const rowWide = blocking(row, 'row')
  const steps: PlannedStep[] = []
  // A skipped step says what happened, not what would have ("…: skipped, nothing was replaced").
  const add = (step: RosterStep, conflict: Conflict | undefined) => {
    const by = conflict ?? rowWide
    if (!by) return void steps.push({ step })
    // Its facts with its words: the skipped ones when the conflict has them, else its message's.
    const said = by.skipped !== undefined ? by.skippedSaid : by.said
    steps.push({ step, skip: { reason: by.skipped ?? by.message, ...(said ? { said } : {}) } })
  }

  const card = row.card
  const cardConflict = blocking(row, 'card')
  if (card.kind === 'import' || (card.kind === 'batch' && !card.token)) add('card-import', cardConflict)
  if (card.kind !== 'none') add('card-assign', cardConflict)
  // A card the row asked for that the plan could not name (a cell not understood, no batch row left)
  // is a skipped step too, with its reason: else the row would read plainly "done", its card lost silently.
  else if (cardConflict) add('card-assign', cardConflict)
  if (row.pin) add('pin', blocking(row, 'pin'))
  if (row.touchPass) add('pass', blocking(row, 'pass'))
  return steps
}

/** Whether the card-assign of this row may take the card over from its holder (`force_add`). */
export function forceCard(row: PlanRow): boolean {
  return row.conflicts.some((c) => c.kind === 'card-owned' && c.overridable && c.decision === 'go-ahead')
}

/** The card a row's plan names before anything is sent (its token when the console already holds it). */
export function plannedCard(row: PlanRow): { nfcId?: string; token?: string; displayId?: string } {
  const card = row.card
  if (card.kind === 'existing') return { nfcId: card.nfcId, token: card.token, displayId: card.displayId }
  if (card.kind === 'import') return { nfcId: card.nfcId }
  if (card.kind === 'batch') {
    const out: { nfcId?: string; token?: string; displayId?: string } = { nfcId: card.nfcId }
    if (card.token) out.token = card.token
    if (card.displayId) out.displayId = card.displayId
    return out
  }
  return {}
}

/** The person's name as the results and the line show it. */
export function personName(row: PlanRow): string {
  return row.match.state === 'matched' ? row.match.person.name || row.label : row.label
}
