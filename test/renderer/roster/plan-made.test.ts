import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { ok } from '../enroll/event-bridge'
import { openRoster, rows, sent, sheet, summary, totals } from './fixtures'

/**
 * "Make the plan" says what the plan holds (the counts of its chips and Run) in the one live region,
 * and puts the focus on the next step: the first row that needs the user, else Run. It used to leave
 * the focus on the screen's heading and say nothing.
 */
beforeEach(() => {
  announcer.message = ''
})
afterEach(() => cleanup())

async function makePlan(planRows: PlanRow[], answers: Parameters<typeof openRoster>[1] = {}) {
  const bridge = await openRoster('mapping', {
    'roster.open': () =>
      ok({ summary: summary({ phase: 'mapping' }), sheet, mapping: { fullName: 0 }, remembered: true }),
    'roster.plan': () => ok({ rows: planRows, totals: totals() }),
    ...answers
  })
  render(ActionAnnouncer)
  render(RosterScreen)
  const file = new File([new TextEncoder().encode('Name\nAda Ng\n')], 'staff.csv', { type: 'text/csv' })
  await fireEvent.change(screen.getByTestId('roster-file'), { target: { files: [file] } })
  await screen.findByRole('heading', { name: 'Columns' })
  await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
  return bridge
}

describe('Roster: the plan made', () => {
  it('is said with its counts, the focus on the first row that needs the user', async () => {
    await makePlan(rows)
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        'Plan made: 3 rows; 1 row ready to run, 1 row needs you, 1 row with nothing to do'
      )
    )
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Line 2: Ada Ng' }))
  })

  it('with nobody to settle, the focus is on Run', async () => {
    const settled = rows.slice(1)
    await makePlan(settled)
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        'Plan made: 2 rows; 1 row ready to run, 1 row with nothing to do'
      )
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Run 1 row' }))
  })

  it('a row resolved is said with the new counts, the focus on Run once nobody needs the user', async () => {
    const chosen: PlanRow = {
      ...rows[0]!,
      match: { state: 'matched', by: 'chosen', person: { type: 'user', id: 'u2', name: 'Ada Ng' } }
    }
    const { calls } = await makePlan(rows, {
      'roster.resolve': () =>
        ok({ row: chosen, rows: [chosen, ...rows.slice(1)], totals: totals({ ambiguous: 0, matched: 3 }) })
    })
    const panel = await screen.findByTestId('plan-row')
    await fireEvent.click(within(panel).getByRole('button', { name: /ada\.ng@example\.org/ }))
    await waitFor(() => expect(sent(calls, 'roster.resolve')).toHaveLength(1))
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        'Line 2: Ada Ng. 2 rows ready to run, 1 row with nothing to do'
      )
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Run 2 rows' }))
  })
  it('a conflict decided on its row is said, the focus kept on the answer pressed', async () => {
    const goAhead = rows.map((r) =>
      r.rowId === 'row-3' ? { ...r, conflicts: [{ ...r.conflicts[0]!, decision: 'go-ahead' as const }] } : r
    )
    await makePlan(rows.slice(1), { 'roster.decide': () => ok({ rows: goAhead.slice(1), totals: totals() }) })
    const grid = await screen.findByRole('grid', { name: 'Plan rows' })
    grid.focus()
    await fireEvent.keyDown(grid, { key: 'ArrowDown' })
    const panel = await screen.findByTestId('plan-row')
    const button = within(panel).getByRole('button', { name: 'Do it anyway' })
    button.focus()
    await fireEvent.click(button)
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent('Line 3: Do it anyway. 2 rows ready to run')
    )
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Do it anyway' }))
  })
})
