import type { RosterPhase, RowOutcome, RosterStep } from '../../../../shared/roster/run'
import type { CardPlan, ConflictKind, PlanRow, RosterField } from '../../../../shared/roster/sheet'

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
  'batch-row-unusable': 'Batch row unusable'
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

/** Which chips a row is under: "needs you" = ambiguous or missing; conflicts = any conflict. */
export function rowIn(row: PlanRow, filter: PlanFilter): boolean {
  const needsYou = row.match.state === 'ambiguous' || row.match.state === 'missing'
  if (filter === 'all') return true
  if (filter === 'needs-you') return needsYou
  if (filter === 'conflicts') return row.conflicts.length > 0
  return row.match.state === 'matched' && row.conflicts.length === 0
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
