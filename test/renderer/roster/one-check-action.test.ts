import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import type { RosterSummary, RowOutcome } from '../../../src/shared/roster/run'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { ok } from '../enroll/event-bridge'
import { openRoster, outcome, rows, sent } from './fixtures'

afterEach(() => cleanup())

/**
 * A roster run through every row, the console answering 500 to one card assignment: the run is
 * finished with one row to check (nobody stopped it), and the results offer one action for that row,
 * its count the rows it takes — not "Check the 1 row to check", "Check and retry 1 row to check" and a
 * row's own "Check and retry", three buttons that all did the same.
 */
const people = ['Ben Ash', 'Cho Li', 'Dev Orr', 'Eli Ng', 'Fay Oz', 'Gus Ek']
const six: PlanRow[] = people.map((name, i) => ({
  ...rows[1]!,
  rowId: `row-${i + 2}`,
  line: i + 2,
  label: name,
  match: { state: 'matched', by: 'email', person: { type: 'user', id: `u${i}`, name } },
  card: { kind: 'existing', nfcId: `04AA000${i + 1}`, token: `tok-${i}`, displayId: `7825000${i + 1}` },
  conflicts: []
}))
const toCheck = (rowId: string) =>
  outcome(rowId, {
    state: 'to-check',
    steps: [{ step: 'card-assign', state: 'unknown', reason: "The console's answer was lost (500)." }],
    fix: 'Run the roster again: the console is asked whether the step was done before anything is sent.'
  })
const failed = (rowId: string) =>
  outcome(rowId, { state: 'failed', steps: [{ step: 'card-assign', state: 'failed', reason: 'refused' }] })

/** Every button that checks, retries or resumes, by name (the filter chips aside). */
const actions = () =>
  screen
    .getAllByRole('button')
    .map((b) => b.textContent?.trim() ?? '')
    .filter((name) => /^(check|retry|resume)/i.test(name))

async function open(phase: RosterSummary['phase'], outcomes: RowOutcome[]) {
  const bridge = await openRoster(
    phase,
    { 'roster.retryFailed': () => ok({ started: true }), 'roster.run': () => ok({ started: true }) },
    six,
    outcomes
  )
  render(RosterScreen)
  return bridge
}

describe('a run through every row, one answer lost', () => {
  const ranThrough = () => [...six.slice(0, 5).map((r) => outcome(r.rowId)), toCheck('row-7')]

  it('reads finished with one row to check, never "Stopped"', async () => {
    await open('finished', ranThrough())
    await screen.findByRole('heading', { name: 'Results' })
    rosterStore.view = 'run'
    await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(screen.getByTestId('run-eta')).toHaveTextContent('Finished: 5 done, 1 to check.')
    expect(document.body.textContent).not.toMatch(/Stopped/)
  })

  it('the results offer one action, counting its row; the row points to it', async () => {
    const { calls } = await open('finished', ranThrough())
    await screen.findByRole('heading', { name: 'Results' })
    expect(screen.queryByTestId('results-stopped')).toBeNull()
    expect(actions()).toEqual(['Check and retry 1 row to check'])
    // The row to check opens beside the rows: it says which button takes it, and has none of its own.
    const row = within(await screen.findByTestId('result-row'))
    expect(row.queryAllByRole('button')).toEqual([])
    expect(row.getByTestId('result-taken-by')).toHaveTextContent('“Check and retry 1 row to check” above')
    await fireEvent.click(screen.getByRole('button', { name: 'Check and retry 1 row to check' }))
    await waitFor(() => expect(sent(calls, 'roster.retryFailed')).toEqual([{ id: 'r1' }]))
  })

  it('a failed row and rows to check: one action that counts both', async () => {
    await open('finished', [
      ...six.slice(0, 3).map((r) => outcome(r.rowId)),
      failed('row-5'),
      toCheck('row-6'),
      toCheck('row-7')
    ])
    await screen.findByRole('heading', { name: 'Results' })
    expect(actions()).toEqual(['Retry 1 failed row, check and retry 2 rows to check'])
  })

  it('stopped by the app with only rows to check left: one action, as the Run step names it', async () => {
    const { calls } = await open('paused', ranThrough())
    await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(actions()).toEqual(['Check the 1 row to check'])
    rosterStore.view = 'results'
    await screen.findByTestId('results-stopped')
    expect(actions()).toEqual(['Check the 1 row to check'])
    const row = within(await screen.findByTestId('result-row'))
    expect(row.queryAllByRole('button')).toEqual([])
    expect(row.getByTestId('result-taken-by')).toHaveTextContent('“Check the 1 row to check” above')
    await fireEvent.click(screen.getByRole('button', { name: 'Check the 1 row to check' }))
    await waitFor(() => expect(sent(calls, 'roster.run')).toEqual([{ id: 'r1' }]))
  })
})
