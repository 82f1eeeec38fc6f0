import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import type { PlanRow, RosterSheet } from '../../../src/shared/roster/sheet'
import { ok } from '../enroll/event-bridge'
import { openRoster, outcome, rows, summary, totals } from './fixtures'

/**
 * A line of the file whose quote never closes (`Hana;"Ng;hana@example.com;ja`): the plan says it was not
 * read, and so do the Columns preview (not its cells split as written, a last name `"Ng`) and the results
 * (its Reason cell and its row panel), never "Left out at the desk": nobody at the desk left it out.
 * jsdom lays nothing out: the rows' scroll box is given its on-screen size (as left-out-results.test.ts).
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

const SAID = 'Line 5 has a quote that is never closed; fix the quote in the file and open it again.'
/** The row as main's plan makes it (roster-plan.ts unreadableRow). */
const notRead: PlanRow = {
  rowId: 'r5',
  line: 5,
  label: 'Hana "Ng',
  match: { state: 'skipped' },
  card: { kind: 'none' },
  pin: false,
  touchPass: false,
  conflicts: [
    {
      kind: 'unreadable-line',
      step: 'row',
      message: SAID,
      said: [{ key: 'lineNotRead', values: { line: 5 } }],
      overridable: false,
      decision: 'skip'
    }
  ]
}

describe('a line the file could not read', () => {
  it('is said so in the results: its reason and its row panel, not "left out at the desk"', async () => {
    await openRoster('finished', {}, [...rows, notRead], [outcome('row-3'), outcome('row-4')])
    render(RosterScreen)
    await screen.findByRole('grid', { name: 'Results' })
    await fireEvent.click(
      within(screen.getByRole('group', { name: 'Show rows' })).getByRole('button', { name: 'Skipped (2)' })
    )
    const cells = within(screen.getByTestId('result-rows')).getAllByTestId('result-reason')
    expect(cells.map((cell) => cell.textContent)).toEqual(['2 people are named Ada Ng', SAID])
    await fireEvent.click(cells[1]!)
    const panel = await screen.findByTestId('result-row')
    expect(within(panel).getByTestId('result-left-out')).toHaveTextContent(`The run left this row out: ${SAID}`)
    expect(panel.textContent).not.toMatch(/at the desk/)
  })

  it('is shown as not read in the Columns preview, never as cells', async () => {
    const sheet: RosterSheet = {
      fileName: 'team.csv',
      headers: ['Vorname', 'Nachname', 'E-Mail', 'PIN'],
      rowCount: 2,
      sample: [
        ['Ada', 'Lee', 'ada.lee@example.com', 'ja'],
        ['Hana', '"Ng', 'hana@example.com', 'ja']
      ],
      sampleNotRead: [{ row: 1, line: 5 }],
      notes: []
    }
    await openRoster('mapping', {
      'roster.open': () =>
        ok({ summary: summary({ phase: 'mapping' }), sheet, mapping: { firstName: 0 }, remembered: false }),
      'roster.plan': () => ok({ rows: [], totals: totals({ rows: 0, ambiguous: 0, ready: 0 }) })
    })
    render(RosterScreen)
    const file = new File([new TextEncoder().encode('x')], 'team.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByTestId('roster-file'), { target: { files: [file] } })
    const table = await screen.findByRole('table', { name: 'The first rows of the file' }, { timeout: 5000 })
    expect(table).toHaveTextContent('ada.lee@example.com')
    expect(within(table).getByTestId('preview-not-read')).toHaveTextContent(`Line not read ${SAID}`)
    expect(table.textContent).not.toContain('"Ng')
    expect(table.textContent).not.toContain('hana@example.com')
  })
})
