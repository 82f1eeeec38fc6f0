import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { openRoster, outcome, rows } from './fixtures'

/**
 * A roster of 10,000 people (issue 33: every table that can hold thousands of rows is virtualised):
 * the plan and the results draw the rows in view, not the roster. jsdom lays nothing out, so the
 * rows' scroll box is given the height it has on screen (420 px: RowsBeside) for these tests; with
 * no height at all the virtual list would draw nothing and prove nothing.
 */
const ROWS = 10_000
/** 420 px of 36 px rows and the overscan of 12 on either side, with room to spare: never the roster. */
const WINDOW = 60

const many: PlanRow[] = Array.from({ length: ROWS }, (_, i) => ({
  ...rows[2]!,
  rowId: `row-${i + 2}`,
  line: i + 2,
  label: `Person ${i + 2}`,
  match: { state: 'matched', by: 'email', person: { type: 'user', id: `u${i + 2}`, name: `Person ${i + 2}` } }
}))

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

/** The grid's rows drawn in the DOM (its header row apart), and the lines they show. */
function drawn(testid: string): { count: number; first: string | undefined } {
  const body = screen.getByTestId(testid)
  const drawnRows = within(body).queryAllByRole('row')
  return { count: drawnRows.length, first: drawnRows[0]?.querySelector('[role=gridcell]')?.textContent ?? undefined }
}

describe('Roster at 10,000 rows: plan and results draw a window of rows', () => {
  it('the plan: 10,000 rows in the grid, a window of them in the DOM, the first line first', async () => {
    await openRoster('planned', {}, many)
    render(RosterScreen)
    const grid = await screen.findByRole('grid', { name: 'Plan rows' })
    expect(grid).toHaveAttribute('aria-rowcount', String(ROWS))
    const { count, first } = drawn('plan-rows')
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(WINDOW)
    expect(first).toBe('2')
  })

  it('the results: 10,000 outcomes in the grid, a window of them in the DOM, the first line first', async () => {
    await openRoster(
      'finished',
      {},
      many,
      many.map((r) => outcome(r.rowId))
    )
    render(RosterScreen)
    const grid = await screen.findByRole('grid', { name: 'Results' })
    expect(grid).toHaveAttribute('aria-rowcount', String(ROWS))
    const { count, first } = drawn('result-rows')
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(WINDOW)
    expect(first).toBe('2')
  })
})
