import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { ok } from '../enroll/event-bridge'
import { openRoster, outcome, sent } from './fixtures'

/**
 * PIN slips after the app restarted mid-run: main holds the PINs it generated since (memory only), not
 * those given before. Print PIN slips says whose are no longer known before anything is printed, beside
 * its Print button, and prints the known ones only.
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
  void deskLanguage.choose(null)
  vi.restoreAllMocks()
})

const rowOf = (n: number, name: string): PlanRow => ({
  rowId: `row-${n}`,
  line: n,
  label: name,
  match: { state: 'matched', by: 'email', person: { type: 'user', id: `u${n}`, name } },
  card: { kind: 'none' },
  pin: true,
  touchPass: false,
  conflicts: []
})
const planned = [rowOf(2, 'Ada Ng'), rowOf(3, 'Bo Dahl'), rowOf(4, 'Cy Eng')]
/** Ada's PIN was generated after the restart (main holds it); Bo's and Cy's before it. */
const outcomes = planned.map((r) =>
  outcome(r.rowId, {
    steps: [{ step: 'pin', state: 'done' }],
    pinAssigned: true,
    pin: r.rowId === 'row-2' ? 'known' : 'digits-lost'
  })
)
const answers = {
  'roster.handout': () =>
    ok({
      people: [
        { rowId: 'row-2', name: 'Ada Ng', cardDisplayIds: [], touchPass: false, pin: '482913' },
        { rowId: 'row-3', name: 'Bo Dahl', cardDisplayIds: [], touchPass: false },
        { rowId: 'row-4', name: 'Cy Eng', cardDisplayIds: [], touchPass: false }
      ],
      pinsForgotten: [
        { rowId: 'row-3', line: 3, name: 'Bo Dahl', apart: null },
        { rowId: 'row-4', line: 4, name: 'Cy Eng', apart: null }
      ]
    })
}

describe('Roster results: PINs no longer known after a restart', () => {
  it.each([
    ['en', 'Print PIN slips…', '2 of the 3 PINs given are no longer known', 'PINs screen'],
    ['de', 'PIN-Zettel drucken…', '2 der 3 vergebenen PINs sind nicht mehr bekannt', 'PINs'],
    ['fr', 'Imprimer les fiches PIN…', '2 des 3 PIN donnés ne sont plus connus', 'PIN'],
    ['es', 'Imprimir hojas de PIN…', '2 de los 3 PIN dados ya no se conocen', 'PIN']
  ] as const)('are named beside Print before printing (%s)', async (language, ask, said, where) => {
    await deskLanguage.choose(language)
    const printed: string[] = []
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push(document.getElementById('roster-print-root')?.textContent ?? '')
    })
    const { calls } = await openRoster('finished', answers, planned, outcomes)
    render(RosterScreen)
    await fireEvent.click(await screen.findByRole('button', { name: ask }))
    const dialog = screen.getByRole('dialog')
    const line = await within(dialog).findByTestId('slips-forgotten')
    expect(line).toHaveTextContent(said)
    expect(line).toHaveTextContent(where)
    // The sentence counts them; their names are listed below it, one a line, never Ada (her PIN is known).
    expect(line).not.toHaveTextContent('Bo Dahl')
    const listed = within(dialog).getByTestId('slips-forgotten-names')
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['Bo Dahl', 'Cy Eng'])
    // Said before anything is printed.
    expect(sent(calls, 'roster.handout')).toEqual([])
    expect(printed).toEqual([])

    // Print prints the known one only.
    const buttons = within(dialog).getAllByRole('button')
    await fireEvent.click(buttons.at(-1)!)
    await waitFor(() => expect(printed).toHaveLength(1))
    expect(printed[0]).toContain('482913')
    expect(printed[0]).toContain('Ada Ng')
    expect(printed[0]).not.toContain('Bo Dahl')
  })
})
