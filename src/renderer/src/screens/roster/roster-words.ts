import type { RosterPhase, RowOutcome, RosterStep, RosterSummary } from '../../../../shared/roster/run'
import {
  answeredCell,
  planRowStanding,
  standingConflicts,
  type PlanCounts
} from '../../../../shared/roster/plan-counts'
import { rosterList, rt, saidText } from './roster-text'
import { runStanding } from '../../../../shared/roster/run-standing'
import { partlyDone } from '../../../../shared/roster/result-standing'
import type { KeptReason } from '../../../../shared/roster/result-reason'
import { lastKnown } from '../../lib/last-known.svelte'
import { consoleUnsureWords } from '../../lib/i18n/console-unsure-words'
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

/**
 * A table of words read by key, each word looked up when read (a getter): read in markup or a
 * $derived, it follows a language switch, while callers keep reading `fieldWords[field]`.
 */
function wordTable<K extends string>(keys: readonly K[], word: (key: K) => string): Record<K, string> {
  const table = {} as Record<K, string>
  for (const key of keys) Object.defineProperty(table, key, { get: () => word(key), enumerable: true })
  return table
}

/** The mapping fields as the preview's selects name them, in the order shown. */
export const fieldWords: Record<RosterField, string> = wordTable(
  ['email', 'employeeNumber', 'fullName', 'firstName', 'lastName', 'card', 'pin', 'touchPass'],
  (field) => rt(`field.${field}`)
)

/**
 * A table of toned words read by key: each label looked up when read (as wordTable), beside the
 * badge's tone for that key.
 */
function tonedTable<K extends string>(
  tones: Record<K, StatusTone>,
  word: (key: K) => string
): Record<K, { label: string; tone: StatusTone }> {
  const table = {} as Record<K, { label: string; tone: StatusTone }>
  for (const key of Object.keys(tones) as K[]) {
    table[key] = {
      get label() {
        return word(key)
      },
      tone: tones[key]
    }
  }
  return table
}

export const phaseWords: Record<RosterPhase, { label: string; tone: StatusTone }> = tonedTable(
  { mapping: 'neutral', planned: 'neutral', running: 'warn', paused: 'warn', finished: 'ok' },
  (phase) => rt(`phase.${phase}`)
)

/**
 * A roster's state as its badge says it, by the run's one standing (shared/roster/run-standing.ts):
 * a finished roster says how it ended ("Finished: 29 done, 1 failed"), and one with failed rows or
 * rows to check is not shown as all well.
 */
export function phaseBadge(summary: Pick<RosterSummary, 'phase' | 'done' | 'failed' | 'toCheck' | 'waitingCard'>): {
  label: string
  tone: StatusTone
} {
  const counts = { done: summary.done, failed: summary.failed, toCheck: summary.toCheck }
  switch (runStanding(summary.phase, summary)) {
    case 'running':
      // "Running" is main's word of now: while main cannot be reached it is the last known (lib/last-known.svelte.ts).
      return { label: lastKnown(phaseWords.running.label), tone: phaseWords.running.tone }
    case 'not-started':
    case 'stopped':
      return { label: phaseWords[summary.phase].label, tone: phaseWords[summary.phase].tone }
    case 'through':
      // Rows on the enrollment line are not finished: the run is through, their cards are still to come.
      return { label: rt('badge.through', { ...counts, waiting: summary.waitingCard ?? 0 }), tone: 'warn' }
    case 'finished-with-failures':
      return { label: rt('badge.finished', counts), tone: 'warn' }
    case 'finished':
      return { label: rt('badge.finished', counts), tone: 'ok' }
  }
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
  /** Its name, on the row and in the lists (in the desk's language, read when shown). */
  readonly name: string
  group: 'conflict' | 'cell'
  /** A yes/no cell: what it asks for (its answers are "No PIN" / "Give a PIN"). */
  asks?: 'pin' | 'pass'
}

const kind = (key: ConflictKind, group: ProblemKind['group'], asks?: ProblemKind['asks']): ProblemKind => ({
  get name() {
    return rt(`problem.${key}`)
  },
  group,
  ...(asks ? { asks } : {})
})

export const problemKinds: Record<ConflictKind, ProblemKind> = {
  'has-card': kind('has-card', 'conflict'),
  'has-pin': kind('has-pin', 'conflict'),
  'has-pass': kind('has-pass', 'conflict'),
  'card-owned': kind('card-owned', 'conflict'),
  'duplicate-card': kind('duplicate-card', 'conflict'),
  'duplicate-person': kind('duplicate-person', 'conflict'),
  'no-pass-left': kind('no-pass-left', 'conflict'),
  'pass-for-visitor': kind('pass-for-visitor', 'conflict'),
  'batch-row-unusable': kind('batch-row-unusable', 'conflict'),
  'bad-card-cell': kind('bad-card-cell', 'cell'),
  'digits-card-cell': kind('digits-card-cell', 'cell'),
  'unclear-pin-cell': kind('unclear-pin-cell', 'cell', 'pin'),
  'unclear-pass-cell': kind('unclear-pass-cell', 'cell', 'pass'),
  'unreadable-line': kind('unreadable-line', 'cell')
}

/** The headings of the two groups: on one row, and for every row like it. */
export const problemGroupWords: Record<ProblemKind['group'], { row: string; all: string }> = {
  cell: wordTable(['row', 'all'], (k) => rt(`group.cell.${k}`)),
  conflict: wordTable(['row', 'all'], (k) => rt(`group.conflict.${k}`))
}

/** Said of a problem that takes no answer: its step is skipped. */
export const notAnswerable: Record<ProblemKind['group'], string> = wordTable(['cell', 'conflict'], (group) =>
  rt(`notAnswerable.${group}`)
)

/**
 * A problem as the row names it, from the row's choices now: the card's holder when the console says
 * who; a yes/no cell the user answered says their answer, no longer "not understood".
 */
export function conflictLabel(conflict: Conflict): string {
  const asks = problemKinds[conflict.kind].asks
  if (asks && answeredCell(conflict))
    return rt(conflict.decision === 'go-ahead' ? 'answered.yes' : 'answered.no', { what: rt(`asks.${asks}`) })
  if (conflict.kind === 'card-owned' && conflict.holder) {
    return rt('cardOwnedBy', { name: conflict.holder.name, type: conflict.holder.type })
  }
  return problemKinds[conflict.kind].name
}

/** The two answers to a problem, for one row and for several: skip or do it anyway; for a yes/no cell, no or yes. */
export function decisionWords(conflict: Pick<Conflict, 'kind' | 'step'>): {
  skip: string
  goAhead: string
  /** "Skip for all 3 rows", "No PIN for 2 rows". */
  skipAll: (count: number) => string
  goAheadAll: (count: number) => string
  /** "2 done anyway". */
  ahead: (count: number) => string
} {
  const asks = problemKinds[conflict.kind].asks
  if (asks) {
    // The kind, not its word: a language agrees "no" with it ("Keine PIN", "Kein Touch Pass").
    const kind = asks
    return {
      skip: rt('decide.cell.skip', { kind }),
      goAhead: rt('decide.cell.goAhead', { kind }),
      skipAll: (count) => rt('decide.cell.skipAll', { kind, count }),
      goAheadAll: (count) => rt('decide.cell.goAheadAll', { kind, count }),
      ahead: (count) => rt('decide.cell.ahead', { count })
    }
  }
  if (conflict.kind === 'digits-card-cell') {
    // Going ahead reads the digits as hex: said so on the row and on the bar for every such row alike,
    // as the row's reason says it ("read as hex it is…"), never a bare "Do it anyway".
    return {
      skip: rt('decide.skip', { step: 'card' }),
      goAhead: rt('decide.hex.goAhead'),
      skipAll: (count) => rt('decide.hex.skipAll', { count }),
      goAheadAll: (count) => rt('decide.hex.goAheadAll', { count }),
      ahead: (count) => rt('decide.hex.ahead', { count })
    }
  }
  return {
    skip: rt('decide.skip', { step: conflict.step }),
    goAhead: rt('decide.goAhead'),
    skipAll: (count) => rt('decide.skipAll', { count }),
    goAheadAll: (count) => rt('decide.goAheadAll', { count }),
    ahead: (count) => rt('decide.ahead', { count })
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
  return wished ? rt('yes') : '—'
}

/**
 * A reason main keeps with a row (who it is, a conflict, a step, a fix) in the desk's language, from its
 * facts (shared/roster/roster-said.ts); one kept before the facts were is main's English, shown as given.
 * The one way the roster's screens and its export (main's roster-said-words.ts) say a kept reason.
 */
export function reasonText(kept: KeptReason): string {
  return kept.said ? saidText(kept.said) : (kept.reason ?? '')
}

/** Whether a reason is main's English alone (kept before its facts): the screen marks it `lang="en"`. */
export function reasonInEnglish(kept: KeptReason): boolean {
  return !kept.said && !!kept.reason
}

/**
 * The console check's note on a card to import that the console may hold without showing its NFC ID:
 * from its counts in the desk's language; a plan kept before it carried them keeps main's English
 * (`english`: the panel marks it `lang="en"`).
 */
export function cardUnsureWords(card: CardPlan): { text: string; english?: true } | undefined {
  if (card.kind !== 'import') return undefined
  if (card.unsureSaid) return { text: consoleUnsureWords('typed', card.unsureSaid) }
  return card.unsure ? { text: `${card.unsure}.`, english: true } : undefined
}

/**
 * The person as the row's file names them: a row giving no name, email or employee number is "(no name)"
 * in the desk's words beside its line, never main's English "Line 7" (the plan row's `unnamed`).
 */
export function rowLabel(row: Pick<PlanRow, 'label' | 'unnamed'>): string {
  return row.unnamed || !row.label ? rt('noName') : row.label
}

/** Who the row is, as found on the console. */
export function matchWords(row: PlanRow): { label: string; tone: StatusTone; detail: string } {
  const m = row.match
  switch (m.state) {
    case 'matched':
      return {
        label: rt(m.by === 'chosen' ? 'match.chosen' : 'match.found'),
        tone: 'ok',
        detail: m.person.type === 'visitor' ? rt('match.visitor', { name: m.person.name }) : m.person.name
      }
    case 'ambiguous':
      return { label: rt('match.ambiguous'), tone: 'warn', detail: reasonText(m) }
    case 'missing':
      return { label: rt('match.missing'), tone: 'bad', detail: reasonText(m) }
    case 'skipped':
      return { label: rt('match.skipped'), tone: 'neutral', detail: '' }
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

export const outcomeWords: Record<RowOutcome['state'], { label: string; tone: StatusTone }> = tonedTable(
  {
    planned: 'neutral',
    running: 'neutral',
    'waiting-card': 'warn',
    done: 'ok',
    failed: 'bad',
    'to-check': 'warn',
    skipped: 'neutral'
  },
  (state) => rt(`outcome.${state}`)
)

/**
 * A row's state as its badge says it: a row done with a part skipped says which ("Done, card
 * skipped"), by the rule the chips and the export use (shared/roster/result-standing.ts).
 */
export function outcomeLabel(outcome: Pick<RowOutcome, 'state' | 'steps'>): string {
  // The parts skipped, each once in step order, by the rule of shared/roster/result-standing.ts (skippedParts).
  const parts =
    outcome.state === 'done'
      ? [...new Set(outcome.steps.filter((s) => s.state === 'skipped').map((s) => partOf[s.step]))]
      : []
  if (parts.length) return rt('outcome.doneSkipped', { parts: rosterList(parts.map((part) => rt(`part.${part}`))) })
  // A part given, the rest not sent yet (a run stopped between its steps): never "Waiting" as if nothing was.
  return partlyDone(outcome) ? rt('outcome.partlyDone') : outcomeWords[outcome.state].label
}

const partOf: Record<RosterStep, 'card' | 'pin' | 'pass'> = {
  'card-import': 'card',
  'card-assign': 'card',
  pin: 'pin',
  pass: 'pass'
}

export const stepWords: Record<RosterStep, string> = wordTable(['card-import', 'card-assign', 'pin', 'pass'], (step) =>
  rt(`step.${step}`)
)

/**
 * The steps of a row that did not go through, each reason once, in the desk's language: the steps
 * one reason stands for, and that reason. The card's import and assignment skipped by one conflict are
 * one "Card" (a re-walk read "Card import: Skipped: … · Card: Skipped: …", the same words twice). The
 * Reason cell and the row's panel both read this, so a reason is said once on a row.
 */
export function reasonsOf(
  outcome: RowOutcome
): { steps: RosterStep[]; state: RowOutcome['steps'][number]['state']; reason: string }[] {
  const said: { steps: RosterStep[]; state: RowOutcome['steps'][number]['state']; reason: string }[] = []
  for (const s of outcome.steps) {
    if (!(s.state === 'failed' || s.state === 'unknown' || s.state === 'skipped') || !s.reason) continue
    const reason = reasonText(s)
    const same = said.find((p) => p.reason === reason)
    if (same) same.steps.push(s.step)
    else said.push({ steps: [s.step], state: s.state, reason })
  }
  // The card's two steps under one reason are the card.
  for (const p of said) if (p.steps.includes('card-assign')) p.steps = p.steps.filter((st) => st !== 'card-import')
  return said
}

/**
 * The row panel's steps: each with its state, in order; a step that did not go through with its reason,
 * each reason once (reasonsOf: the card's import and assignment skipped by one conflict are one "Card").
 */
export function stepLines(
  outcome: RowOutcome
): { key: string; name: string; state: string; reason?: string; english?: boolean }[] {
  const groups = reasonsOf(outcome)
  const shown = new Set<(typeof groups)[number]>()
  const lines: { key: string; name: string; state: string; reason?: string; english?: boolean }[] = []
  for (const s of outcome.steps) {
    const state = rt(`stepState.${s.state}`)
    const reason = s.reason ? reasonText(s) : undefined
    const group = reason === undefined ? undefined : groups.find((g) => g.reason === reason)
    if (!group) {
      lines.push({ key: s.step, name: stepWords[s.step], state })
      continue
    }
    if (shown.has(group)) continue
    shown.add(group)
    const name = rosterList(group.steps.map((st) => stepWords[st]))
    lines.push({ key: s.step, name, state, reason: group.reason, english: reasonInEnglish(s) })
  }
  return lines
}

/** Why a row failed, needs checking or was skipped, on one line: each step with its reason, each reason once. */
export function outcomeReason(outcome: RowOutcome): string {
  return reasonsOf(outcome)
    .map(({ steps, reason }) => rt('reason', { steps: rosterList(steps.map((st) => stepWords[st])), reason }))
    .join(' · ')
}

/** "about 3 min left", from the seconds main estimates; null until the pace is known. */
export function etaWords(seconds: number | null): string {
  if (seconds === null) return rt('eta.unknown')
  if (seconds < 60) return rt('eta.seconds', { n: Math.max(1, Math.round(seconds)) })
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return rt('eta.minutes', { n: minutes })
  return rt('eta.hours', { hours: Math.floor(minutes / 60), n: minutes % 60 })
}

/**
 * What a plan made (or changed) counts, as said in the one live region: "Plan made: 10 rows; 7 ready
 * to run, 1 needs you, 2 left out" — the counts of the plan's chips and Run (`countPlanRows`).
 */
export function planCountWords(counts: PlanCounts): string {
  return rt('planCounts', {
    ready: counts.ready,
    needsYou: counts.needsYou,
    leftOut: counts.leftOut,
    nothing: counts.nothingToDo
  })
}
