import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { resultReason } from '../../../src/shared/roster/result-reason'
import { openRoster, outcome, rows } from './fixtures'

/**
 * The roster's results list every row the export lists (issue 31: the rows the run left out were in the
 * CSV and not on the screen), each left-out row with why in the export's words: one function,
 * shared/roster/result-reason.ts, that main's resultsCsv writes its Reason column with. jsdom lays nothing
 * out, so the rows' scroll box is given its on-screen size (as ten-thousand-rows.test.ts does).
 */
const sizes = ['offsetHeight', 'offsetWidth'] as const
const saved = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const)
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 420 })
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 900 })
})
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
})
afterEach(() => cleanup())

const leftByUser: PlanRow = { ...rows[2]!, rowId: 'row-5', line: 5, label: 'Eve Moss', match: { state: 'skipped' } }
const planRows = [...rows, leftByUser]

describe('roster results: the rows the run left out', () => {
  it('say why in the export’s words (one function)', () => {
    const none = { steps: [] }
    expect(resultReason(rows[0]!, none)).toBe('2 people are named Ada Ng')
    expect(resultReason(leftByUser, none)).toBe('Left out at the desk.')
    // Not "by the user": in a roster, the user reads as the person of the row.
    expect(resultReason(leftByUser, none)).not.toMatch(/user/i)
    // A row the run took says its first failed step's reason, and a fix before anything.
    expect(resultReason(rows[2]!, { steps: [{ step: 'pin', state: 'failed', reason: 'No PIN key.' }] })).toBe(
      'No PIN key.'
    )
    expect(resultReason(rows[2]!, { fix: 'Run the roster again.', steps: [] })).toBe('Run the roster again.')
  })

  it('are listed on the results screen, under Skipped, with why', async () => {
    // Main gives outcomes for the rows it ran; the left-out ones may come without one.
    await openRoster('finished', {}, planRows, [outcome('row-3'), outcome('row-4')])
    render(RosterScreen)
    const grid = await screen.findByRole('grid', { name: 'Results' })
    expect(grid).toHaveAttribute('aria-rowcount', String(planRows.length))
    const chips = within(screen.getByRole('group', { name: 'Show rows' }))
    expect(chips.getByRole('button', { name: 'All (4)' })).toBeInTheDocument()
    await fireEvent.click(chips.getByRole('button', { name: 'Skipped (2)' }))
    const reasons = within(screen.getByTestId('result-rows'))
      .getAllByTestId('result-reason')
      .map((cell) => cell.textContent)
    expect(reasons).toEqual(['2 people are named Ada Ng', 'Left out at the desk.'])
  })
})
