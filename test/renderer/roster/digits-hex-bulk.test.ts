import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { Conflict, PlanRow } from '../../../src/shared/roster/sheet'
import { openRoster } from './fixtures'

// jsdom lays nothing out: the rows' scroll box is given its on-screen size (as ten-thousand-rows.test.ts does).
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
  deskLanguage.choose(null)
})

/**
 * A card cell all digits (hex or decimal?) is read as hex only when the person says so. The row's
 * answer says "Read as hex"; the bar that answers every such row at once says the same words, with the
 * count, so the choice is the same whether made on one row or on all.
 */
const digits = (cell: string): Conflict => ({
  kind: 'digits-card-cell',
  step: 'card',
  message: `The card cell ${cell} is all digits.`,
  overridable: true,
  decision: 'skip'
})
const rowOf = (n: number, cell: string): PlanRow => ({
  rowId: `row-${n}`,
  line: n,
  label: `Person ${n}`,
  match: { state: 'matched', by: 'email', person: { type: 'user', id: `u${n}`, name: `Person ${n}` } },
  card: { kind: 'none' },
  pin: false,
  touchPass: false,
  conflicts: [digits(cell)]
})
const planned = [rowOf(2, '12345678'), rowOf(3, '87654321')]

describe('Roster plan: a card cell all digits', () => {
  it.each([
    ['en', 'Read as hex', 'Read as hex for all 2 rows'],
    ['de', 'Als Hex lesen', 'Für alle 2 Zeilen als Hex lesen']
  ] as const)('says hex on the row and on the bar for every row (%s)', async (language, one, all) => {
    deskLanguage.choose(language)
    await openRoster('planned', {}, planned)
    render(RosterScreen)
    const person = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('Person 2'))!
    await fireEvent.click(person)
    const row = await screen.findByTestId('plan-row')
    expect(await within(row).findByRole('button', { name: one })).toBeInTheDocument()
    const line = screen.getByTestId(/^cell-digits-card-cell/)
    expect(within(line).getByRole('button', { name: all })).toBeInTheDocument()
  })
})
