import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { openRoster, outcome } from './fixtures'

/**
 * PIN slips: who gets none (their PIN skipped, failed, refused, or their row left out) is said on the
 * print step, before printing, with their names, in the desk's language; nothing is printed by asking.
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
afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

const rowOf = (n: number, name: string, pin = true): PlanRow => ({
  rowId: `row-${n}`,
  line: n,
  label: name,
  match: { state: 'matched', by: 'email', person: { type: 'user', id: `u${n}`, name } },
  card: { kind: 'none' },
  pin,
  touchPass: false,
  conflicts: []
})
const planned = [rowOf(2, 'Ada Ng'), rowOf(3, 'Bo Dahl'), rowOf(4, 'Cy Eng'), rowOf(5, 'Di Fox', false)]
const outcomes = [
  outcome('row-2', { steps: [{ step: 'pin', state: 'done' }], pinAssigned: true }),
  outcome('row-3', { state: 'failed', steps: [{ step: 'pin', state: 'failed', reason: 'Refused.' }] }),
  outcome('row-4', { state: 'skipped', steps: [{ step: 'pin', state: 'skipped', reason: 'Keeps their PIN.' }] }),
  outcome('row-5', { steps: [] })
]

describe('Roster results: PIN slips', () => {
  it.each([
    ['en', 'Print PIN slips…', '2 people get no slip', ['Bo Dahl', 'Cy Eng']],
    ['de', 'PIN-Zettel drucken…', '2 Personen bekommen keinen Zettel', ['Bo Dahl', 'Cy Eng']],
    ['fr', 'Imprimer les fiches PIN…', '2 personnes n’auront pas de fiche', ['Bo Dahl', 'Cy Eng']],
    ['es', 'Imprimir hojas de PIN…', '2 personas no reciben hoja', ['Bo Dahl', 'Cy Eng']]
  ] as const)('names who gets no slip before printing (%s)', async (language, ask, said, names) => {
    deskLanguage.choose(language)
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    await openRoster('finished', {}, planned, outcomes)
    render(RosterScreen)
    await fireEvent.click(await screen.findByRole('button', { name: ask }))
    const dialog = screen.getByRole('dialog')
    const none = within(dialog).getByTestId('slips-none')
    expect(none).toHaveTextContent(said)
    // The sentence counts; the names are listed below it, one a line, the list named by the sentence.
    expect(none).not.toHaveTextContent('Bo Dahl')
    const listed = within(dialog).getByTestId('slips-none-names')
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(names)
    expect(within(dialog).getByRole('region', { name: none.textContent! })).toContainElement(listed)
    expect(print).not.toHaveBeenCalled()
    print.mockRestore()
  })
})
