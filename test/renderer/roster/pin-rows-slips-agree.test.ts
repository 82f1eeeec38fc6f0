import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { openRoster, outcome } from './fixtures'

/**
 * A row's PIN and the Print PIN slips dialog say the same of each person, by one rule
 * (shared/roster/pin-standing.ts): a PIN whose digits are known, one set whose digits are not (a new PIN
 * on the PINs screen), one still to check (Check and retry), or none. A PIN still to check is never "no
 * PIN from this roster" in the dialog while its row says one may be set.
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
const planned = [rowOf(2, 'Ada Ng'), rowOf(3, 'Bo Dahl'), rowOf(4, 'Cy Eng'), rowOf(5, 'Di Fox')]
const outcomes = [
  outcome('row-2', { steps: [{ step: 'pin', state: 'done' }], pinAssigned: true, pin: 'known' }),
  outcome('row-3', { steps: [{ step: 'pin', state: 'done' }], pinAssigned: true, pin: 'digits-lost' }),
  outcome('row-4', {
    state: 'to-check',
    steps: [{ step: 'pin', state: 'unknown', said: [{ key: 'pinProbablySet' }] }],
    pin: 'to-check',
    fixSaid: [{ key: 'pinProbablySet' }],
    fix: 'A PIN may be set.'
  }),
  outcome('row-5', { state: 'failed', steps: [{ step: 'pin', state: 'failed', reason: 'Refused.' }], pin: 'none' })
]

describe('Roster results: the rows’ PINs and the PIN slips agree', () => {
  it.each([
    ['en', 'Print PIN slips…', ['Yes', 'Yes, no slip', 'To check', '—'], 'Check and retry', 'PINs screen'],
    ['de', 'PIN-Zettel drucken…', ['Ja', 'Ja, kein Zettel', 'Zu prüfen', '—'], 'Prüfen und erneut versuchen', 'PINs']
  ] as const)('each person is in the dialog as their row says (%s)', async (language, ask, cells, check, where) => {
    await deskLanguage.choose(language)
    await openRoster('finished', {}, planned, outcomes)
    render(RosterScreen)
    const pinCells = await screen.findAllByTestId('result-pin')
    expect(pinCells.map((c) => c.textContent?.trim())).toEqual(cells)

    await fireEvent.click(await screen.findByRole('button', { name: ask }))
    const dialog = screen.getByRole('dialog')
    const said = (id: string) => within(dialog).queryByTestId(id)?.textContent ?? ''
    // Each person once, under the group their row's PIN cell says: each sentence counts, its names listed below it.
    const listed = (id: string) => said(`${id}-names`)
    const groups = { 'slips-forgotten': 'Bo Dahl', 'slips-to-check': 'Cy Eng', 'slips-none': 'Di Fox' }
    for (const [id, name] of Object.entries(groups)) {
      expect(listed(id), id).toContain(name)
      for (const other of ['Ada Ng', 'Bo Dahl', 'Cy Eng', 'Di Fox'].filter((n) => n !== name))
        expect(listed(id), `${id}: ${other}`).not.toContain(other)
    }
    // The way on, as the screen names it: a new PIN on the PINs screen; Check and retry for the one to check.
    expect(said('slips-forgotten')).toContain(where)
    expect(said('slips-to-check')).toContain(check)
  })
})
