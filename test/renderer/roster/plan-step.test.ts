import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { ok } from '../enroll/event-bridge'
import { detail, openRoster, rows, sent, totals } from './fixtures'

afterEach(() => cleanup())

const resolvedAda: PlanRow = {
  ...rows[0]!,
  match: { state: 'matched', by: 'chosen', person: { type: 'user', id: 'u2', name: 'Ada Ng' } }
}

describe('Roster: the plan', () => {
  it('opens on the row that needs the user and resolves it with the candidate picked', async () => {
    const { calls } = await openRoster('planned', {
      'roster.resolve': () =>
        ok({
          row: resolvedAda,
          rows: [resolvedAda, ...rows.slice(1)],
          totals: totals({ ambiguous: 0, matched: 3, ready: 3 })
        })
    })
    render(RosterScreen)
    const panel = await screen.findByTestId('plan-row')
    expect(panel).toHaveTextContent('Line 2: Ada Ng')
    expect(panel).toHaveTextContent('2 people are named Ada Ng')
    // Run waits until nobody needs the user.
    expect(screen.getByRole('button', { name: /^Run/ })).toBeDisabled()
    expect(screen.getByText(/1 row needs you/)).toBeInTheDocument()

    // Two people of one name: told apart by their email and employee number.
    const second = within(panel).getByRole('button', { name: /ada\.ng@example\.org/ })
    expect(second).toHaveTextContent('no. 0042')
    await fireEvent.click(second)
    await waitFor(() => expect(sent(calls, 'roster.resolve')).toHaveLength(1))
    expect(sent(calls, 'roster.resolve')[0]).toEqual({
      id: 'r1',
      rowId: 'row-2',
      person: { type: 'user', id: 'u2', name: 'Ada Ng', email: 'ada.ng@example.org', employeeNumber: '0042' }
    })
    await waitFor(() => expect(screen.getByTestId('plan-row')).toHaveTextContent('Chosen'))
    // Ada and Bo send something; Cy's only step (a card of someone else) is skipped.
    expect(screen.getByRole('button', { name: 'Run 2 rows' })).toBeEnabled()
  })

  it('a row naming nobody on the console is given to anyone found by search, with the keyboard', async () => {
    const missing: PlanRow = {
      ...rows[0]!,
      match: { state: 'missing', reason: 'Nobody has the email zed@old.example' }
    }
    const { calls } = await openRoster(
      'planned',
      {
        'users.search': () =>
          ok({
            items: [
              { id: 'u9', first_name: 'Zed', last_name: 'Ola', full_name: 'Zed Ola', user_email: 'zed@example.com' }
            ],
            total: 1
          }),
        'visitors.list': () => ok({ items: [], total: 0 }),
        'roster.resolve': () => {
          const row: PlanRow = {
            ...missing,
            match: { state: 'matched', by: 'chosen', person: { type: 'user', id: 'u9', name: 'Zed Ola' } }
          }
          return ok({ row, rows: [row, ...rows.slice(1)], totals: totals({ ambiguous: 0 }) })
        }
      },
      [missing, ...rows.slice(1)]
    )
    render(RosterScreen)
    const panel = await screen.findByTestId('plan-row')
    expect(panel).toHaveTextContent('Nobody has the email zed@old.example')
    const search = within(panel).getByRole('searchbox', { name: 'Someone else: search users and visitors' })
    search.focus()
    await fireEvent.input(search, { target: { value: 'Zed' } })
    await within(panel).findByRole('option', {}, { timeout: 2000 })
    await fireEvent.keyDown(search, { key: 'ArrowDown' })
    await fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    // Enter chose Zed; Use this person (then focused) sends.
    const use = within(panel).getByRole('button', { name: 'Use this person' })
    await waitFor(() => expect(document.activeElement).toBe(use))
    expect(sent(calls, 'roster.resolve')).toHaveLength(0)
    await fireEvent.click(use)
    await waitFor(() => expect(sent(calls, 'roster.resolve')).toHaveLength(1))
    expect(sent(calls, 'roster.resolve')[0]).toEqual({
      id: 'r1',
      rowId: 'row-2',
      person: { type: 'user', id: 'u9', name: 'Zed Ola' }
    })
  })

  it('“Leave this row out” resolves the row with nobody', async () => {
    const { calls } = await openRoster('planned', {
      'roster.resolve': () => {
        const row: PlanRow = { ...rows[0]!, match: { state: 'skipped' } }
        return ok({ row, rows: [row, ...rows.slice(1)], totals: totals({ ambiguous: 0, skipped: 1 }) })
      }
    })
    render(RosterScreen)
    const panel = await screen.findByTestId('plan-row')
    await fireEvent.click(within(panel).getByRole('button', { name: 'Leave this row out' }))
    await waitFor(() => expect(sent(calls, 'roster.resolve')).toEqual([{ id: 'r1', rowId: 'row-2', person: null }]))
  })

  it('a conflict is decided for one row, or for every row like it', async () => {
    const goAhead: PlanRow[] = rows.map((r) =>
      r.rowId === 'row-3' ? { ...r, conflicts: [{ ...r.conflicts[0]!, decision: 'go-ahead' }] } : r
    )
    const { calls } = await openRoster('planned', { 'roster.decide': () => ok({ rows: goAhead, totals: totals() }) })
    render(RosterScreen)
    await screen.findByTestId('plan-row')

    // Every row like it: the conflict's summary.
    const kind = screen.getByTestId('conflict-card-owned')
    expect(kind).toHaveTextContent('Card belongs to someone else')
    await fireEvent.click(within(kind).getByRole('button', { name: 'Do anyway for 1 row' }))
    await waitFor(() => expect(sent(calls, 'roster.decide')).toHaveLength(1))
    expect(sent(calls, 'roster.decide')[0]).toEqual({ id: 'r1', rowId: null, kind: 'card-owned', decision: 'go-ahead' })
    await waitFor(() => expect(kind).toHaveTextContent('1 done anyway'))

    // One row: the keyboard moves from the ambiguous row to the next one, whose conflict is shown.
    const grid = screen.getByRole('grid', { name: 'Plan rows' })
    grid.focus()
    await fireEvent.keyDown(grid, { key: 'ArrowDown' })
    const panel = screen.getByTestId('plan-row')
    expect(panel).toHaveTextContent('Line 3: Cy Eng')
    expect(panel).toHaveTextContent('Card 100099 belongs to Di Fox.')
    expect(within(panel).getByRole('button', { name: 'Do it anyway' })).toHaveAttribute('aria-pressed', 'true')
    await fireEvent.click(within(panel).getByRole('button', { name: 'Skip the card' }))
    await waitFor(() => expect(sent(calls, 'roster.decide')).toHaveLength(2))
    expect(sent(calls, 'roster.decide')[1]).toEqual({ id: 'r1', rowId: 'row-3', kind: 'card-owned', decision: 'skip' })
  })

  it('the filter chips show the rows that need the user, the conflicts and the ready ones', async () => {
    await openRoster('planned')
    render(RosterScreen)
    await screen.findByTestId('plan-row')
    const chips = screen.getByRole('group', { name: 'Show rows' })
    expect(within(chips).getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(chips).getByRole('button', { name: 'Needs you (1)' })).toBeInTheDocument()
    expect(within(chips).getByRole('button', { name: 'Conflicts (1)' })).toBeInTheDocument()
    // Bo Dahl only: found, no conflict.
    await fireEvent.click(within(chips).getByRole('button', { name: 'Ready (1)' }))
    expect(screen.getByRole('grid', { name: 'Plan rows' })).toHaveAttribute('aria-rowcount', '1')
  })

  it('a PIN cell not understood needs the user on its row: "Not understood" until they say, Run waits, the answer is sent', async () => {
    const unclear: PlanRow = {
      ...rows[2]!,
      pin: true,
      conflicts: [
        {
          kind: 'unclear-pin-cell',
          step: 'pin',
          message: 'The PIN cell says “vielleicht”, which is neither a yes nor a no (understood: yes: yes, ja…).',
          overridable: true,
          decision: 'undecided'
        }
      ]
    }
    const planned = [resolvedAda, rows[1]!, unclear]
    const given: PlanRow = {
      ...unclear,
      conflicts: [
        {
          ...unclear.conflicts[0]!,
          message: 'The PIN cell says “vielleicht”: this row gets a PIN, as you said.',
          decision: 'go-ahead'
        }
      ]
    }
    const { calls } = await openRoster(
      'planned',
      {
        'roster.get': () =>
          ok({
            ...detail('planned', planned),
            totals: totals({ ambiguous: 0, matched: 3, undecided: 1, ready: 2 })
          }),
        'roster.decide': () =>
          ok({ rows: [resolvedAda, rows[1]!, given], totals: totals({ ambiguous: 0, matched: 3, ready: 3 }) })
      },
      planned
    )
    render(RosterScreen)
    // The row that needs the user opens first, with the cell as written and the answers.
    const panel = await screen.findByTestId('plan-row')
    expect(panel).toHaveTextContent('Line 4: Bo Dahl')
    expect(panel).toHaveTextContent('“vielleicht”')
    expect(panel).toHaveTextContent('Not understood')
    const chips = screen.getByRole('group', { name: 'Show rows' })
    expect(within(chips).getByRole('button', { name: 'Needs you (1)' })).toBeInTheDocument()
    expect(screen.getByText(/1 row needs you: say whether each gets what its cell asks/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Run/ })).toBeDisabled()
    expect(screen.queryByRole('button', { name: /^Leave out/ })).toBeNull()

    await fireEvent.click(within(panel).getByRole('button', { name: 'Give a PIN' }))
    await waitFor(() => expect(sent(calls, 'roster.decide')).toHaveLength(1))
    expect(sent(calls, 'roster.decide')[0]).toEqual({
      id: 'r1',
      rowId: 'row-4',
      kind: 'unclear-pin-cell',
      decision: 'go-ahead'
    })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run 2 rows' })).toBeEnabled())
    expect(within(chips).getByRole('button', { name: 'Needs you (0)' })).toBeInTheDocument()
    // Answered, the row says the answer: no longer "not understood", on its line or in the panel.
    const grid = screen.getByRole('grid', { name: 'Plan rows' })
    expect(grid).not.toHaveTextContent('PIN cell not understood')
    expect(screen.getByTestId('row-conflict-unclear-pin-cell')).toHaveTextContent('PIN: yes, as you said')
    expect(screen.getByTestId('plan-row')).not.toHaveTextContent('not understood')
    expect(within(chips).getByRole('button', { name: 'Conflicts (1)' })).toBeInTheDocument()
  })

  it('the chips, "Ready to run" and Run count the same rows: a row whose card is skipped but gets a PIN is ready', async () => {
    const pinToo: PlanRow = { ...rows[1]!, pin: true }
    await openRoster('planned', {}, [rows[0]!, pinToo, rows[2]!])
    render(RosterScreen)
    await screen.findByTestId('plan-row')
    const chips = screen.getByRole('group', { name: 'Show rows' })
    expect(within(chips).getByRole('button', { name: 'Ready (2)' })).toBeInTheDocument()
    expect(screen.getByTestId('plan-totals')).toHaveTextContent(/Ready to run\s*2/)
    expect(screen.getByTestId('plan-totals')).toHaveTextContent(/Need you\s*1/)
    expect(screen.getByTestId('plan-totals')).toHaveTextContent(/Rows with conflicts\s*1/)
    expect(screen.getByRole('button', { name: 'Run 2 rows' })).toBeDisabled()
  })

  it('a card of someone else names its holder on the row, user or visitor', async () => {
    const owned: PlanRow = {
      ...rows[1]!,
      conflicts: [{ ...rows[1]!.conflicts[0]!, holder: { name: 'Di Fox', type: 'visitor' } }]
    }
    await openRoster('planned', {}, [rows[0]!, owned, rows[2]!])
    render(RosterScreen)
    await screen.findByTestId('plan-row')
    const grid = screen.getByRole('grid', { name: 'Plan rows' })
    grid.focus()
    await fireEvent.keyDown(grid, { key: 'ArrowDown' })
    expect(screen.getByTestId('row-conflict-card-owned')).toHaveTextContent('Card belongs to Di Fox (visitor)')
  })
})
