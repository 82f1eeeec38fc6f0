import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import { tick } from 'svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { outcomeLabel } from '../../../src/renderer/src/screens/roster/roster-words'
import type { RowOutcome } from '../../../src/shared/roster/run'
import { openRoster, outcome, rows } from './fixtures'

afterEach(() => cleanup())

/**
 * A roster reopened after main was killed between a row's steps: Cy's card was given, his PIN not sent
 * yet. He is neither done nor "not started" (the stopped summary read "0 done, … 7 not started" with four
 * cards given): the Run step, the results' stopped line and his badge say partly done, by the one rule
 * of shared/roster/result-standing.ts (`partlyDone`), and Resume (not "Check") goes on with his PIN.
 */
const cardGiven: RowOutcome = outcome('row-3', {
  state: 'planned',
  steps: [
    { step: 'card-assign', state: 'done' },
    { step: 'pin', state: 'planned' }
  ]
})
const toCheck: RowOutcome = outcome('row-4', { state: 'to-check', steps: [{ step: 'card-assign', state: 'unknown' }] })

describe('a row partly done when the run stopped', () => {
  it('is counted partly done on the Run step and the results, and named so on its badge', async () => {
    await openRoster('paused', {}, rows.slice(1), [cardGiven, toCheck])
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(screen.getByTestId('run-eta')).toHaveTextContent(
      'Stopped: 0 done, 1 partly done, 1 to check, 0 not started.'
    )
    // Something is left to send (Cy's PIN): Resume, not only checking the row to check.
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument()
    rosterStore.view = 'results'
    await tick()
    expect(await screen.findByTestId('results-stopped')).toHaveTextContent(
      'Stopped: 0 done, 1 partly done, 1 to check, 0 not started.'
    )
    expect(outcomeLabel(cardGiven)).toBe('Partly done')
    expect(outcomeLabel(outcome('row-4', { state: 'planned', steps: [{ step: 'pin', state: 'planned' }] }))).toBe(
      'Waiting'
    )
  })
})
