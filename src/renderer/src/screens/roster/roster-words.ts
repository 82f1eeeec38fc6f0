import type { RosterPhase, RowOutcome, RosterStep, RosterSummary } from '../../../../shared/roster/run'
import {
  answeredCell,
  planRowStanding,
  standingConflicts,
  type PlanCounts
} from '../../../../shared/roster/plan-counts'
import { countOf } from '../../lib/plural'
import {
  type CardPlan,
  type Conflict,
  type ConflictKind,
  type PlanRow,
  type RosterField
} from '../../../../shared/roster/sheet'

/** StatusBadge's tones (kept here: a .ts file reads no types from a .svelte module). */
export type StatusTone = 'ok' | 'bad' | 'warn' | 'neutral'

/** The mapping fields as the preview's selects name them, in the order shown. */
export const fieldWords: Record<RosterField, string> = {
  email: 'Email',
  employeeNumber: 'Employee number',
  fullName: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  card: 'Card (NFC ID or “enroll”)',
  pin: 'PIN (yes/no)',
  touchPass: 'Touch Pass (yes/no)'
}

export const phaseWords: Record<RosterPhase, { label: string; tone: StatusTone }> = {
  mapping: { label: 'Columns to map', tone: 'neutral' },
  planned: { label: 'Planned', tone: 'neutral' },
  running: { label: 'Running', tone: 'warn' },
  paused: { label: 'Stopped mid-run', tone: 'warn' },
  finished: { label: 'Finished', tone: 'ok' }
}

/**
 * A roster's state as its badge says it: a finished roster says how it ended ("Finished: 29 done,
 * 1 failed"), and one with failed rows or rows to check is not shown as all well.
 */
export function phaseBadge(summary: Pick<RosterSummary, 'phase' | 'done' | 'failed' | 'toCheck' | 'waitingCard'>): {
  label: string
  tone: StatusTone
} {
  if (summary.phase !== 'finished') return phaseWords[summary.phase]
  const parts = [`${summary.done} done`]
  if (summary.failed) parts.push(`${summary.failed} failed`)
  if (summary.toCheck) parts.push(`${summary.toCheck} to check`)
  // Rows on the enrollment line are not finished: the run is through, their cards are still to come.
  if (summary.waitingCard) {
    parts.push(`${summary.waitingCard} waiting for a card`)
    return { label: `Run through: ${parts.join(', ')}`, tone: 'warn' }
  }
  return { label: `Finished: ${parts.join(', ')}`, tone: summary.failed || summary.toCheck ? 'warn' : 'ok' }
}

export const conflictWords: Record<ConflictKind, string> = {
  'has-card': 'Already holds a card',
  'has-pin': 'Already has a PIN',
  'has-pass': 'Already has a Touch Pass',
  'card-owned': 'Card belongs to someone else',
  'duplicate-card': 'Same card in another row',
  'duplicate-person': 'Same person in another row',
  'no-pass-left': 'No Touch Pass left',
  'pass-for-visitor': 'Touch Passes are for users',
  'bad-card-cell': 'Card cell not understood',
  'batch-row-unusable': 'Batch row unusable',
  'unclear-pin-cell': 'PIN cell not understood',
  'unclear-pass-cell': 'Touch Pass cell not understood'
}

/**
 * A conflict as the plan names it, from the row's choices now: the card's holder when the console says
 * who; a PIN or Touch Pass cell the user answered says their answer, no longer "not understood".
 */
export function conflictLabel(conflict: Conflict): string {
  if (answeredCell(conflict)) {
    const what = conflict.kind === 'unclear-pin-cell' ? 'PIN' : 'Touch Pass'
    return `${what}: ${conflict.decision === 'go-ahead' ? 'yes' : 'no'}, as you said`
  }
  if (conflict.kind === 'card-owned' && conflict.holder) {
    return `Card belongs to ${conflict.holder.name} (${conflict.holder.type})`
  }
  return conflictWords[conflict.kind]
}

/** The two answers to a conflict, for one row and for every row like it: skip or do it anyway; for an unclear cell, no or yes. */
export function decisionWords(conflict: Conflict): {
  skip: string
  goAhead: string
  skipAll: string
  goAheadAll: string
  /** "2 done anyway", "2 given". */
  ahead: string
} {
  if (conflict.kind === 'unclear-pin-cell' || conflict.kind === 'unclear-pass-cell') {
    const what = conflict.kind === 'unclear-pin-cell' ? 'PIN' : 'Touch Pass'
    return {
      skip: `No ${what}`,
      goAhead: `Give a ${what}`,
      skipAll: `No ${what} for all`,
      goAheadAll: `A ${what} for all`,
      ahead: 'given'
    }
  }
  return {
    skip: `Skip the ${conflict.step}`,
    goAhead: 'Do it anyway',
    skipAll: 'Skip for all',
    goAheadAll: 'Do anyway for all',
    ahead: 'done anyway'
  }
}

/** What a row's PIN or Touch Pass cell says it gets, in the plan: "?" while its cell is not understood. */
export function wishWords(row: PlanRow, what: 'pin' | 'pass'): string {
  const wished = what === 'pin' ? row.pin : row.touchPass
  const unclear = row.conflicts.find((c) => c.kind === (what === 'pin' ? 'unclear-pin-cell' : 'unclear-pass-cell'))
  if (unclear?.decision === 'undecided') return '?'
  if (unclear?.decision === 'skip') return '—'
  return wished ? 'Yes' : '—'
}

/** What a row's card will be, in words. */
export function cardWords(card: CardPlan): string {
  switch (card.kind) {
    case 'none':
      return '—'
    case 'existing':
      return `Card ${card.displayId}`
    case 'import':
      return `New card ${card.nfcId}`
    case 'batch':
      return card.displayId ? `Batch card ${card.displayId}` : `Batch card ${card.nfcId}`
    case 'enroll':
      return 'Enroll now'
  }
}

/** Who the row is, as found on the console. */
export function matchWords(row: PlanRow): { label: string; tone: StatusTone; detail: string } {
  const m = row.match
  switch (m.state) {
    case 'matched':
      return {
        label: m.by === 'chosen' ? 'Chosen' : 'Found',
        tone: 'ok',
        detail: `${m.person.name}${m.person.type === 'visitor' ? ' (visitor)' : ''}`
      }
    case 'ambiguous':
      return { label: 'Ambiguous', tone: 'warn', detail: m.reason }
    case 'missing':
      return { label: 'Not found', tone: 'bad', detail: m.reason }
    case 'skipped':
      return { label: 'Left out', tone: 'neutral', detail: '' }
  }
}

export type PlanFilter = 'all' | 'needs-you' | 'conflicts' | 'ready'

/**
 * Which chips a row is under, by the plan's one rule (shared/roster/plan-counts.ts, also main's
 * totals and Run): "needs you" = who it is, or a cell not understood; conflicts = a conflict that
 * still stands; ready = the run will send something for it.
 */
export function rowIn(row: PlanRow, filter: PlanFilter): boolean {
  if (filter === 'all') return true
  if (filter === 'conflicts') return standingConflicts(row).length > 0
  const standing = planRowStanding(row)
  return filter === 'needs-you' ? standing === 'needs-you' : standing === 'ready'
}

export const outcomeWords: Record<RowOutcome['state'], { label: string; tone: StatusTone }> = {
  planned: { label: 'Waiting', tone: 'neutral' },
  running: { label: 'Sending', tone: 'neutral' },
  'waiting-card': { label: 'Waiting for a card', tone: 'warn' },
  done: { label: 'Done', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
  'to-check': { label: 'To check', tone: 'warn' },
  skipped: { label: 'Skipped', tone: 'neutral' }
}

export const stepWords: Record<RosterStep, string> = {
  'card-import': 'Card import',
  'card-assign': 'Card',
  pin: 'PIN',
  pass: 'Touch Pass'
}

/** Why a row failed or needs checking: each step that did not go through, with its reason. */
export function outcomeReason(outcome: RowOutcome): string {
  return outcome.steps
    .filter((s) => (s.state === 'failed' || s.state === 'unknown' || s.state === 'skipped') && s.reason)
    .map((s) => `${stepWords[s.step]}: ${s.reason}`)
    .join(' · ')
}

/** "about 3 min left", from the seconds main estimates; null until the pace is known. */
export function etaWords(seconds: number | null): string {
  if (seconds === null) return 'Working out the time left…'
  if (seconds < 60) return `About ${Math.max(1, Math.round(seconds))} s left`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `About ${minutes} min left`
  const hours = Math.floor(minutes / 60)
  return `About ${hours} h ${minutes % 60} min left`
}

/**
 * What a plan made (or changed) counts, as said in the one live region: "Plan made: 10 rows; 7 ready
 * to run, 1 needs you, 2 left out" — the counts of the plan's chips and Run (`countPlanRows`).
 */
export function planCountWords(counts: PlanCounts): string {
  const parts = [`${countOf(counts.ready, 'row')} ready to run`]
  if (counts.needsYou) parts.push(`${countOf(counts.needsYou, 'row')} ${counts.needsYou === 1 ? 'needs' : 'need'} you`)
  if (counts.leftOut) parts.push(`${countOf(counts.leftOut, 'row')} left out`)
  if (counts.nothingToDo) parts.push(`${countOf(counts.nothingToDo, 'row')} with nothing to do`)
  return parts.join(', ')
}
