import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import ResultsStep from '../../../src/renderer/src/screens/roster/ResultsStep.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { outcomeLabel, outcomeReason } from '../../../src/renderer/src/screens/roster/roster-words'
import { resultCardWords } from '../../../src/renderer/src/screens/roster/card-words'
import type { Conflict, PlanRow } from '../../../src/shared/roster/sheet'
import type { RowOutcome } from '../../../src/shared/roster/run'

afterEach(() => {
  cleanup()
  rosterStore.rows = []
  rosterStore.outcomes = {}
})

/**
 * A row whose card conflict was skipped imported nothing: the results say what was kept, never
 * "New card 04CAFE00000001" (the console has no such card), say the reason once, and the filter
 * has a place for skipped rows. A re-walk found all three.
 */
const SKIPPED = 'Skipped: the card belongs to Bo Li, nothing was replaced.'
const owned: Conflict = {
  kind: 'card-owned',
  step: 'card',
  message: 'The card belongs to Bo Li.',
  skipped: SKIPPED,
  overridable: true,
  decision: 'skip'
}
const row = (n: number, conflicts: Conflict[]): PlanRow => ({
  rowId: `row-${n}`,
  line: n,
  label: `Person ${n}`,
  match: { state: 'matched', by: 'email', person: { type: 'user', id: `u${n}`, name: `Person ${n}` } },
  card: { kind: 'import', nfcId: '04CAFE0000000' + n },
  pin: false,
  touchPass: false,
  conflicts
})
const skipped: RowOutcome = {
  rowId: 'row-1',
  state: 'skipped',
  steps: [
    { step: 'card-import', state: 'skipped', reason: SKIPPED },
    { step: 'card-assign', state: 'skipped', reason: SKIPPED }
  ],
  pinAssigned: false,
  passAssigned: false
}
const done: RowOutcome = {
  rowId: 'row-2',
  state: 'done',
  steps: [
    { step: 'card-import', state: 'done' },
    { step: 'card-assign', state: 'done' }
  ],
  cardDisplayId: '000123',
  pinAssigned: false,
  passAssigned: false
}

describe('a skipped row in the roster results', () => {
  it('shows no card that was never made, and its reason once', () => {
    expect(resultCardWords(row(1, [owned]), skipped)).toBe('None given: kept as on the console')
    expect(resultCardWords(row(2, []), done)).toBe('04CAFE00000002 (display ID 000123)')
    expect(outcomeReason(skipped)).toBe(`Card: ${SKIPPED}`)
  })

  it('has a Skipped chip that shows only the skipped rows', async () => {
    rosterStore.rows = [row(1, [owned]), row(2, [])]
    rosterStore.outcomes = { 'row-1': skipped, 'row-2': done }
    render(ResultsStep)
    const chips = within(screen.getByRole('group', { name: 'Show rows' }))
    const chip = chips.getByRole('button', { name: 'Skipped (1)' })
    // One rule counts every chip: the skipped row is not under Done, the done one not under Skipped.
    expect(chips.getByRole('button', { name: 'Done (1)' })).toBeInTheDocument()
    expect(chips.getByRole('button', { name: 'All (2)' })).toBeInTheDocument()
    await fireEvent.click(chip)
    expect(chip).toHaveAttribute('aria-pressed', 'true')
    // jsdom draws no virtual rows (no layout): the card cell's words are held by resultCardWords above.
  })
})

describe('a row done with its card skipped, in the roster results', () => {
  /** The card was someone else's and stayed so; the PIN was given. */
  const partly: RowOutcome = {
    rowId: 'row-3',
    state: 'done',
    steps: [
      { step: 'card-import', state: 'skipped', reason: SKIPPED },
      { step: 'card-assign', state: 'skipped', reason: SKIPPED },
      { step: 'pin', state: 'done' }
    ],
    pinAssigned: true,
    passAssigned: false
  }

  it('is counted once, under Done (the chips add up to the rows), and its state says the card was skipped', async () => {
    expect(outcomeLabel(partly)).toBe('Done, card skipped')
    expect(outcomeLabel(done)).toBe('Done')
    rosterStore.rows = [row(1, [owned]), row(2, []), { ...row(3, [owned]), pin: true }]
    rosterStore.outcomes = { 'row-1': skipped, 'row-2': done, 'row-3': partly }
    render(ResultsStep)
    const chips = within(screen.getByRole('group', { name: 'Show rows' }))
    expect(chips.getByRole('button', { name: 'Skipped (1)' })).toBeInTheDocument()
    expect(chips.getByRole('button', { name: 'Done (2)' })).toBeInTheDocument()
    expect(chips.getByRole('button', { name: 'All (3)' })).toBeInTheDocument()
  })
})
