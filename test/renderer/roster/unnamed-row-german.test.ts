import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { openRoster } from './fixtures'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster } from '../../../src/main/services/roster/roster-plan'
import { rosterOptionsSchema } from '../../../src/shared/roster/sheet'

// The plan's grid draws the rows its box has room for: jsdom lays nothing out, so the box is given a size.
const sizes = ['offsetHeight', 'offsetWidth'] as const
const saved = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const)
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 420 })
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 900 })
})
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
})
afterEach(() => {
  cleanup()
  void deskLanguage.choose(null)
})

/**
 * A roster row that gives no name, email or employee number is "Line 4" in main's English (the CLI's);
 * the desk calls it in its own words, "(kein Name)" beside its line, never "Line 4" on a German desk.
 */
describe('a roster row without a name on a German desk', () => {
  it('is “(kein Name)” in the plan’s table and “Zeile 2: (kein Name)” in its panel', async () => {
    await deskLanguage.choose('de')
    const { rows } = planRoster({
      rows: [['', '', '']],
      mapping: { email: 0, fullName: 1, card: 2 },
      people: new PeopleIndex([], []),
      resolved: new Map(),
      cards: new ConsoleCards([]),
      batchRows: [],
      assignablePasses: 0,
      decisions: [],
      options: rosterOptionsSchema.parse({})
    })
    expect(rows[0]!.label).toBe('Line 2')
    await openRoster('planned', {}, rows)
    render(RosterScreen)
    const panel = await screen.findByTestId('plan-row', {}, { timeout: 5000 })
    await waitFor(() =>
      expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent('Zeile 2: (kein Name)')
    )
    const cells = await within(screen.getByTestId('plan-rows')).findAllByRole('gridcell')
    expect(cells[1]).toHaveTextContent(/^\(kein Name\)$/)
    expect(screen.getByTestId('plan-rows').textContent).not.toContain('Line 2')
  })
})
