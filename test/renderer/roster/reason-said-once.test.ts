import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import ResultsStep from '../../../src/renderer/src/screens/roster/ResultsStep.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import type { Conflict, PlanRow } from '../../../src/shared/roster/sheet'
import type { RowOutcome } from '../../../src/shared/roster/run'

// The results' grid draws the rows its box has room for: jsdom lays nothing out, so the box is given a size.
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
  rosterStore.rows = []
  rosterStore.outcomes = {}
})

/**
 * A card's import and assignment skipped by one conflict have one reason: the row says it once, in its
 * Reason cell and in its panel's steps (the panel listed "Card import: skipped — …" and "Card: skipped — …").
 */
const SKIPPED = 'Card 100099 belongs to Di Fox (user): skipped, the card stays with them.'
const owned: Conflict = {
  kind: 'card-owned',
  step: 'card',
  message: 'Card 100099 belongs to Di Fox (user).',
  skipped: SKIPPED,
  overridable: true,
  decision: 'skip'
}
const row: PlanRow = {
  rowId: 'row-2',
  line: 2,
  label: 'Cy Eng',
  match: { state: 'matched', by: 'email', person: { type: 'user', id: 'u3', name: 'Cy Eng' } },
  card: { kind: 'import', nfcId: '04CAFE00000001' },
  pin: true,
  touchPass: false,
  conflicts: [owned]
}
const outcome: RowOutcome = {
  rowId: 'row-2',
  state: 'done',
  steps: [
    { step: 'card-import', state: 'skipped', reason: SKIPPED },
    { step: 'card-assign', state: 'skipped', reason: SKIPPED },
    { step: 'pin', state: 'done' }
  ],
  pinAssigned: true,
  passAssigned: false
}
const times = (text: string | null, part: string) => (text ?? '').split(part).length - 1

describe('a row whose card was skipped by one conflict, in the roster results', () => {
  it('says the reason once in its Reason cell and once in its panel, each step with its state in words', async () => {
    rosterStore.rows = [row]
    rosterStore.outcomes = { 'row-2': outcome }
    render(ResultsStep)
    const cell = await screen.findByTestId('result-reason')
    expect(times(cell.textContent, SKIPPED)).toBe(1)
    await fireEvent.click(within(screen.getByTestId('result-rows')).getAllByRole('row').at(-1)!)
    const steps = within(await screen.findByTestId('result-row')).getByRole('list')
    expect(times(steps.textContent, SKIPPED)).toBe(1)
    expect(steps.textContent).toContain(`Card: Skipped\u00a0— ${SKIPPED}`)
    expect(steps.textContent).toContain('PIN: Done')
    expect(steps.textContent).not.toContain('Card import')
  })
})
