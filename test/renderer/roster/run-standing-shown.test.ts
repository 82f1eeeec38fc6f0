import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import { tick } from 'svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import RosterList from '../../../src/renderer/src/screens/roster/RosterList.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import type { RosterSummary, RowOutcome } from '../../../src/shared/roster/run'
import { ok } from '../enroll/event-bridge'
import { detail, openRoster, outcome, progress, rows, sent, summary } from './fixtures'

afterEach(() => cleanup())

/**
 * The roster's badge, the Run step's words and its buttons say one standing of the run, by one rule
 * (shared/roster/run-standing.ts). The roster stopped with its last rows in flight (main restarted, or
 * the console stopped answering): main keeps it stopped mid-run, its lost answers still to check; the
 * Run step said "Finished" beside the badge's "Stopped mid-run" and offered only See the results.
 */
const standings = ['Planned', 'Running', 'Stopped mid-run', 'Run through', 'Finished']
const shown = () => standings.filter((words) => document.body.textContent?.includes(words))

/** The Run step's buttons, by name. */
const buttons = () => screen.getAllByRole('button').map((b) => b.textContent?.trim() ?? '')

const twoRows = rows.slice(1)
/** A row the run has not started: nothing of it sent (a row with a part given is partly done: partly-done-shown.test.ts). */
const notStarted = (rowId: string) =>
  outcome(rowId, { state: 'planned', steps: [{ step: 'card-assign', state: 'planned' }] })

describe('the run says one standing', () => {
  it('stopped by the app with every row sent, one in flight: stopped mid-run, and checking the row is offered', async () => {
    let phase: RosterSummary['phase'] = 'running'
    let outcomes: RowOutcome[] = []
    const { emit } = await openRoster('running', {
      'roster.get': () => ok(detail(phase, twoRows, outcomes))
    })
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    // Main stopped with the last row in flight: every row sent, one of them to check (a run that went
    // through every row with an answer lost is finished instead: one-check-action.test.ts).
    phase = 'paused'
    outcomes = [outcome('row-3'), outcome('row-4', { state: 'to-check' })]
    emit(
      'roster.progress',
      progress({ total: 2, done: 1, toCheck: 1, running: false, phase: 'paused', rows: outcomes, etaSeconds: null })
    )
    await waitFor(() => expect(rosterStore.summary?.phase).toBe('paused'))
    await tick()
    expect(shown()).toEqual(['Stopped mid-run'])
    expect(screen.getByTestId('run-eta')).toHaveTextContent('Stopped: 1 done, 1 to check, 0 not started.')
    expect(buttons()).toContain('Check the 1 row to check')
  })

  it('opened after a restart with rows not started: stopped mid-run, with Resume first', async () => {
    await openRoster('paused', {}, twoRows, [outcome('row-3', { state: 'to-check' }), notStarted('row-4')])
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(shown()).toEqual(['Stopped mid-run'])
    expect(screen.getByTestId('run-eta')).toHaveTextContent('Stopped: 0 done, 1 to check, 1 not started.')
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveClass('primary')
    expect(screen.getByRole('button', { name: 'See the results' })).not.toHaveClass('primary')
  })

  it('a row still said in flight when no run goes on is to check, never also not started', async () => {
    await openRoster('paused', {}, twoRows, [outcome('row-3', { state: 'running' }), notStarted('row-4')])
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(screen.getByTestId('run-eta')).toHaveTextContent('Stopped: 0 done, 1 to check, 1 not started.')
  })

  it('finished with a failed row: finished, See the results first, no Resume', async () => {
    await openRoster('finished', {}, twoRows, [outcome('row-3'), outcome('row-4', { state: 'failed' })])
    render(RosterScreen)
    await screen.findByRole('heading', { name: 'Results' })
    rosterStore.view = 'run'
    await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(shown()).toEqual(['Finished'])
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
    expect(screen.getByRole('button', { name: 'See the results' })).toHaveClass('primary')
  })

  it('running: running, and Pause', async () => {
    await openRoster('running', {}, twoRows, [outcome('row-3', { state: 'running' })])
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(shown()).toEqual(['Running'])
    expect(buttons()).toContain('Pause')
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
  })

  it('the results of a roster stopped mid-run say so, as the Run step counts, and Resume runs it', async () => {
    const { calls } = await openRoster('paused', { 'roster.run': () => ok({ started: true }) }, twoRows, [
      outcome('row-3', { state: 'failed' }),
      notStarted('row-4')
    ])
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    rosterStore.view = 'results'
    const stopped = await screen.findByTestId('results-stopped')
    expect(stopped).toHaveTextContent('Stopped: 0 done, 1 failed, 0 to check, 1 not started.')
    expect(shown()).toEqual(['Stopped mid-run'])
    const resume = screen.getByRole('button', { name: 'Resume' })
    expect(resume).toHaveClass('primary')
    expect(screen.getByRole('button', { name: 'Retry 1 failed row' })).not.toHaveClass('primary')
    resume.click()
    await waitFor(() => expect(sent(calls, 'roster.run')).toEqual([{ id: 'r1' }]))
  })

  it('the results of a roster stopped with only rows to check offer checking them, as the Run step does', async () => {
    const { calls } = await openRoster('paused', { 'roster.run': () => ok({ started: true }) }, twoRows, [
      outcome('row-3'),
      outcome('row-4', { state: 'to-check' })
    ])
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(buttons()).toContain('Check the 1 row to check')
    rosterStore.view = 'results'
    const stopped = await screen.findByTestId('results-stopped')
    expect(stopped).toHaveTextContent('Stopped: 1 done, 1 to check, 0 not started.')
    // Nothing is left to start: "Resume" would name what the Run step does not offer.
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
    const check = screen.getByRole('button', { name: 'Check the 1 row to check' })
    expect(check).toHaveClass('primary')
    check.click()
    await waitFor(() => expect(sent(calls, 'roster.run')).toEqual([{ id: 'r1' }]))
  })

  it('the list offers Resume for a roster stopped mid-run only', async () => {
    await openRoster('paused')
    rosterStore.close()
    const { rosters } = {
      rosters: [
        summary({ id: 'a', fileName: 'stopped.csv', phase: 'paused', done: 3, toCheck: 1 }),
        summary({ id: 'b', fileName: 'done.csv', phase: 'finished', done: 5 })
      ]
    }
    rosterStore.rosters = rosters
    rosterStore.listed = true
    render(RosterList)
    expect(screen.getByRole('button', { name: 'Resume stopped.csv' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open done.csv' })).toBeInTheDocument()
  })
})
