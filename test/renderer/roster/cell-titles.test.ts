import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { openRoster } from './fixtures'

/**
 * The plan's grid cuts a long cell to one line at 1366×768 (the row panel beside it): every cell and
 * column header carries its whole text as its title, so nothing is cut without a way to read it.
 */
afterEach(() => cleanup())

describe('Roster: the plan’s cells', () => {
  it('each column header has its whole text as its title (the cells: roster-german.e2e)', async () => {
    await openRoster('planned')
    render(RosterScreen)
    await screen.findByTestId('plan-row')
    const grid = screen.getByRole('grid', { name: 'Plan rows' })
    const headers = within(grid).getAllByRole('columnheader')
    expect(headers.map((h) => h.title)).toEqual(['Line', 'Person', 'Match', 'Card', 'PIN', 'Pass', 'Conflicts'])
    // jsdom draws no virtual rows (no layout): the cells' titles are checked in Chromium (roster-german.e2e).
  })
})
