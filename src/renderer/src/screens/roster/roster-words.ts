import type { RosterPhase, RowOutcome, RosterStep, RosterSummary } from '../../../../shared/roster/run'
import {
  answeredCell,
  planRowStanding,
  standingConflicts,
  type PlanCounts
} from '../../../../shared/roster/plan-counts'
import { countOf } from '../../lib/plural'
import { skippedParts } from '../../../../shared/roster/result-standing'
import {
  conflictKinds,
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

/**
 * Every kind of problem a plan row can have, in the one table the row's line, its panel and the
 * plan's lists "for every row like it" all read:
 * - `conflict`: what the console holds (or another row) stands in the way of a step; skipped, or done anyway;
 * - `cell`: a cell of the file the plan did not understand — a problem of the row itself, fixed on the
 *   row (a yes/no cell: the user says no or yes) or in the file. A cell answered is the answer now
 *   ("PIN: yes, as you said"), never "not understood" beside a count of what was given.
 */
export interface ProblemKind {
  /** Its name, on the row and in the lists. */
  name: string
  group: 'conflict' | 'cell'
  /** A yes/no cell: what it asks for (its answers are "No PIN" / "Give a PIN"). */
  asks?: 'PIN' | 'Touch Pass'
}

export const problemKinds: Record<ConflictKind, ProblemKind> = {
  'has-card': { name: 'Already holds a card', group: 'conflict' },
  'has-pin': { name: 'Already has a PIN', group: 'conflict' },
  'has-pass': { name: 'Already has a Touch Pass', group: 'conflict' },
  'card-owned': { name: 'Card belongs to someone else', group: 'conflict' },
  'duplicate-card': { name: 'Same card in another row', group: 'conflict' },
  'duplicate-person': { name: 'Same person in another row', group: 'conflict' },
  'no-pass-left': { name: 'No Touch Pass left', group: 'conflict' },
  'pass-for-visitor': { name: 'Touch Passes are for users', group: 'conflict' },
  'batch-row-unusable': { name: 'Batch row unusable', group: 'conflict' },
  'bad-card-cell': { name: 'Card cell not understood', group: 'cell' },
  'unclear-pin-cell': { name: 'PIN cell not understood', group: 'cell', asks: 'PIN' },
  'unclear-pass-cell': { name: 'Touch Pass cell not understood', group: 'cell', asks: 'Touch Pass' }
}

/** The headings of the two groups: on one row, and for every row like it. */
export const problemGroupWords: Record<ProblemKind['group'], { row: string; all: string }> = {
  cell: { row: 'Cells of the file', all: 'Cells of the file, for every row like it' },
  conflict: { row: 'Conflicts', all: 'Conflicts, for every row like it' }
}

/** Said of a problem that takes no answer: its step is skipped. */
export const notAnswerable: Record<ProblemKind['group'], string> = {
  cell: 'Skipped: fix the cell in the file and open it again',
  conflict: 'Skipped (cannot be done anyway)'
}

/**
 * A problem as the row names it, from the row's choices now: the card's holder when the console says
 * who; a yes/no cell the user answered says their answer, no longer "not understood".
 */
export function conflictLabel(conflict: Conflict): string {
  const asks = problemKinds[conflict.kind].asks
  if (asks && answeredCell(conflict)) return `${asks}: ${conflict.decision === 'go-ahead' ? 'yes' : 'no'}, as you said`
  if (conflict.kind === 'card-owned' && conflict.holder) {
    return `Card belongs to ${conflict.holder.name} (${conflict.holder.type})`
  }
  return problemKinds[conflict.kind].name
}

/** The two answers to a problem, for one row and for several: skip or do it anyway; for a yes/no cell, no or yes. */
export function decisionWords(conflict: Pick<Conflict, 'kind' | 'step'>): {
  skip: string
  goAhead: string
  skipAll: string
  goAheadAll: string
  /** "2 done anyway". */
  ahead: string
} {
  const asks = problemKinds[conflict.kind].asks
  if (asks) {
    return {
      skip: `No ${asks}`,
      goAhead: `Give a ${asks}`,
      skipAll: `No ${asks} for`,
      goAheadAll: `A ${asks} for`,
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

/**
 * One line of the plan's lists "for every row like it": the rows (not left out) with one kind of
 * problem in one state, named as each of those rows names it (conflictLabel).
 * - a conflict: every row of its kind; answered for all of them at once, with how many go ahead;
 * - a yes/no cell: the rows still to answer (answered for those rows only, so an answer given on
 *   a row stays), and apart, the rows answered yes and no, each with the row's own words.
 */
export interface ProblemLine {
  key: string
  kind: ConflictKind
  label: string
  /** The rows of this line. */
  rowIds: string[]
  /** Of them, how many "do it anyway" (conflicts only). */
  ahead: number
  /** The answers offered: for every row of the kind (`all`), for these rows only, or none. */
  answers: 'all' | 'these' | null
}

export function problemLines(rows: readonly PlanRow[]): Record<ProblemKind['group'], ProblemLine[]> {
  const lines = new Map<string, ProblemLine>()
  for (const kind of conflictKinds) {
    for (const row of rows) {
      if (row.match.state === 'skipped') continue
      for (const c of row.conflicts) {
        if (c.kind !== kind) continue
        const cellState = problemKinds[kind].asks ? c.decision : ''
        const key = cellState ? `${kind}-${cellState}` : kind
        const line = lines.get(key) ?? {
          key,
          kind,
          label: problemKinds[kind].asks ? conflictLabel(c) : problemKinds[kind].name,
          rowIds: [],
          ahead: 0,
          answers: !c.overridable ? null : !cellState ? 'all' : cellState === 'undecided' ? 'these' : null
        }
        lines.set(key, line)
        line.rowIds.push(row.rowId)
        if (!cellState && c.decision === 'go-ahead') line.ahead++
      }
    }
  }
  const all = [...lines.values()]
  return {
    cell: all.filter((l) => problemKinds[l.kind].group === 'cell'),
    conflict: all.filter((l) => problemKinds[l.kind].group === 'conflict')
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

/**
 * A row's state as its badge says it: a row done with a part skipped says which ("Done, card
 * skipped"), by the rule the chips and the export use (shared/roster/result-standing.ts).
 */
export function outcomeLabel(outcome: Pick<RowOutcome, 'state' | 'steps'>): string {
  const parts = skippedParts(outcome)
  return parts.length ? `${outcomeWords.done.label}, ${parts.join(' and ')} skipped` : outcomeWords[outcome.state].label
}

export const stepWords: Record<RosterStep, string> = {
  'card-import': 'Card import',
  'card-assign': 'Card',
  pin: 'PIN',
  pass: 'Touch Pass'
}

/**
 * Why a row failed, needs checking or was skipped: each step that did not go through, with its reason,
 * each reason said once. The card's import and assignment skipped by one conflict are one "Card: …"
 * (a re-walk read "Card import: Skipped: … · Card: Skipped: …", the same words twice).
 */
export function outcomeReason(outcome: RowOutcome): string {
  const said: { steps: RosterStep[]; reason: string }[] = []
  for (const s of outcome.steps) {
    if (!(s.state === 'failed' || s.state === 'unknown' || s.state === 'skipped') || !s.reason) continue
    const same = said.find((p) => p.reason === s.reason)
    if (same) same.steps.push(s.step)
    else said.push({ steps: [s.step], reason: s.reason })
  }
  return said
    .map(({ steps, reason }) => {
      // The card's two steps under one reason are the card.
      const names = steps.includes('card-assign') ? steps.filter((st) => st !== 'card-import') : steps
      return `${names.map((st) => stepWords[st]).join(' and ')}: ${reason}`
    })
    .join(' · ')
}

/**
 * A results row's card: the card given, as the console numbers it; a card whose steps were all skipped
 * was never made nor given, so the row says what was kept, never the plan's "New card 04…"; before the
 * run (or while a step is failed or to check), the plan's card.
 */
export function resultCardWords(row: PlanRow, outcome: RowOutcome | undefined): string {
  if (outcome?.cardDisplayId) return outcome.cardDisplayId
  const card = outcome?.steps.filter((s) => s.step === 'card-import' || s.step === 'card-assign') ?? []
  if (card.length > 0 && card.every((s) => s.state === 'skipped')) return 'None given: kept as on the console'
  return cardWords(row.card)
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
