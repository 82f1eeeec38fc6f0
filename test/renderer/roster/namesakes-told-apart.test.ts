import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import type { PersonRef, PlanRow } from '../../../src/shared/roster/sheet'
import { openRoster, outcome } from './fixtures'

// The grids draw the rows their box has room for: jsdom lays nothing out, so the box is given a size.
const sizes = ['offsetHeight', 'offsetWidth'] as const
const saved = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const)
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 900 })
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 900 })
})
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
})
afterEach(() => cleanup())

const rowOf = (line: number, person: PersonRef): PlanRow => ({
  rowId: `row-${line}`,
  line,
  label: person.name,
  match: { state: 'matched', by: 'name', person },
  card: { kind: 'none' },
  pin: false,
  touchPass: false,
  conflicts: []
})
/** Five visitors "Ben Ng" (nothing but their line tells them apart), two users "Ada Ng" by email, one Cy Eng. */
const namesakes: PlanRow[] = [
  ...[2, 3, 4, 5, 6].map((line) => rowOf(line, { type: 'visitor', id: `v${line}`, name: 'Ben Ng' })),
  rowOf(7, { type: 'user', id: 'u7', name: 'Ada Ng', email: 'ada@example.com' }),
  rowOf(8, { type: 'user', id: 'u8', name: 'Ada Ng', email: 'ada.ng@example.org', employeeNumber: '0042' }),
  rowOf(9, { type: 'user', id: 'u9', name: 'Cy Eng' })
]

/** Each drawn row's person cell (the grid's second column), by its line. */
function personCells(testid: string): Map<string, string> {
  const drawn = within(screen.getByTestId(testid)).getAllByRole('row')
  return new Map(
    drawn.map((row) => {
      const [line, person] = within(row).getAllByRole('gridcell')
      return [line!.textContent!.trim(), person!.textContent!.trim()]
    })
  )
}

function expectToldApart(cells: Map<string, string>) {
  expect(cells.size).toBe(namesakes.length)
  expect(new Set(cells.values()).size).toBe(namesakes.length)
  // A namesake with an email is told apart by it; one with nothing else, by the file's line.
  expect(cells.get('7')).toBe('Ada Ng · ada@example.com')
  expect(cells.get('8')).toBe('Ada Ng · ada.ng@example.org')
  expect(cells.get('3')).toBe('Ben Ng · line 3')
  // A name the roster holds once is just the name.
  expect(cells.get('9')).toBe('Cy Eng')
}

describe('namesakes in a roster are told apart', () => {
  it('in the plan: each row’s person is a name of its own', async () => {
    await openRoster('planned', {}, namesakes)
    render(RosterScreen)
    await screen.findByRole('grid', { name: 'Plan rows' })
    expectToldApart(personCells('plan-rows'))
  })

  it('in the results: each row’s person is a name of its own', async () => {
    await openRoster(
      'finished',
      {},
      namesakes,
      namesakes.map((r) => outcome(r.rowId))
    )
    render(RosterScreen)
    await screen.findByRole('grid', { name: 'Results' })
    expectToldApart(personCells('result-rows'))
  })
})
