import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import type { Conflict, PlanRow } from '../../../src/shared/roster/sheet'
import { conflictLabel } from '../../../src/renderer/src/screens/roster/roster-words'
import { ok } from '../enroll/event-bridge'
import { openRoster, rows, sent, totals } from './fixtures'

afterEach(() => cleanup())

/**
 * The plan's lists "for every row like it" say what each row says: a PIN cell not understood is a
 * problem of the row to answer (listed with the rows still to answer), not a conflict beside a count
 * of PINs "given"; a row answered says its answer, in the list as on its line. A walk found "PIN cell
 * not understood" beside "1 given" under "Conflicts".
 */
const person = (n: number) => ({ type: 'user' as const, id: `u${n}`, name: `Person ${n}` })
const pinCell = (decision: Conflict['decision']): Conflict => ({
  kind: 'unclear-pin-cell',
  step: 'pin',
  message: 'The PIN cell says “vielleicht”.',
  overridable: true,
  decision
})
const rowOf = (n: number, conflicts: Conflict[]): PlanRow => ({
  rowId: `row-${n}`,
  line: n,
  label: `Person ${n}`,
  match: { state: 'matched', by: 'email', person: person(n) },
  card: { kind: 'none' },
  pin: true,
  touchPass: false,
  conflicts
})
const planned = [
  rows[1]!, // Cy Eng: a card of someone else, skipped
  rowOf(5, [pinCell('go-ahead')]),
  rowOf(6, [pinCell('undecided')]),
  rowOf(7, [pinCell('undecided')]),
  rowOf(8, [pinCell('skip')])
]

describe('Roster plan: the lists for every row like it', () => {
  it('a PIN cell not understood is a row problem: the rows to answer, and the answered ones in their own words', async () => {
    await openRoster('planned', {}, planned)
    render(RosterScreen)
    await screen.findByTestId('plan-row')

    const conflicts = screen.getByRole('region', { name: 'Conflicts, for every row like it' })
    expect(conflicts).toHaveTextContent('Card belongs to someone else')
    expect(conflicts).not.toHaveTextContent('PIN')

    const cells = screen.getByRole('region', { name: 'Cells of the file, for every row like it' })
    expect(cells).not.toHaveTextContent('given')
    expect(screen.getByTestId('cell-unclear-pin-cell-undecided')).toHaveTextContent('PIN cell not understood 2 rows')
    expect(screen.getByTestId('cell-unclear-pin-cell-go-ahead')).toHaveTextContent('PIN: yes, as you said 1 row')
    expect(screen.getByTestId('cell-unclear-pin-cell-skip')).toHaveTextContent('PIN: no, as you said 1 row')

    // Each label in the lists is the label its rows carry (conflictLabel, the rows' line and panel).
    for (const row of planned.slice(1)) expect(cells).toHaveTextContent(conflictLabel(row.conflicts[0]!))
    expect(within(screen.getByTestId('plan-row')).getByTestId('row-conflict-unclear-pin-cell')).toHaveTextContent(
      'PIN cell not understood'
    )
  })

  it('answering the rows still to answer leaves the rows answered one by one as they were', async () => {
    const { calls } = await openRoster(
      'planned',
      { 'roster.decide': () => ok({ rows: planned, totals: totals() }) },
      planned
    )
    render(RosterScreen)
    await screen.findByTestId('plan-row')
    const line = screen.getByTestId('cell-unclear-pin-cell-undecided')
    await fireEvent.click(within(line).getByRole('button', { name: 'No PIN for 2 rows' }))
    await waitFor(() => expect(sent(calls, 'roster.decide')).toHaveLength(2))
    expect(sent(calls, 'roster.decide')).toEqual([
      { id: 'r1', rowId: 'row-6', kind: 'unclear-pin-cell', decision: 'skip' },
      { id: 'r1', rowId: 'row-7', kind: 'unclear-pin-cell', decision: 'skip' }
    ])
  })

  it('the row panel heads a cell not understood apart from its conflicts', async () => {
    const both = rowOf(9, [
      pinCell('undecided'),
      { kind: 'has-card', step: 'card', message: 'Already holds card 7.', overridable: true, decision: 'skip' }
    ])
    await openRoster('planned', {}, [both])
    render(RosterScreen)
    const panel = await screen.findByTestId('plan-row')
    const headings = within(panel)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent)
    expect(headings).toEqual(['Cells of the file', 'Conflicts'])
  })
})
