import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import { tick } from 'svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { frontReader } from '../enroll/reader-fixture'
import { ok } from '../enroll/event-bridge'
import { detail, line, openRoster, outcome, progress, rows, sent } from './fixtures'

afterEach(() => cleanup())

const reader = frontReader({ id: 'dev-1' })

describe('Roster: the run', () => {
  it('shows the counts and the time left from roster.progress, and patches the rows', async () => {
    // The roster as main reads it after the run stopped (the store reads it again then).
    let phase: 'running' | 'paused' = 'running'
    const { emit, calls } = await openRoster('running', {
      'roster.pause': () => ok({ paused: true }),
      'roster.get': () => ok(detail(phase))
    })
    render(RosterScreen)
    const bar = await screen.findByRole('progressbar', { name: 'Rows done' })
    emit(
      'roster.progress',
      progress({
        done: 120,
        failed: 3,
        toCheck: 1,
        etaSeconds: 180,
        rows: [outcome('row-3', { cardDisplayId: '100099' })]
      })
    )
    await tick()
    expect(bar).toHaveAttribute('aria-valuenow', '124')
    expect(bar).toHaveAttribute('aria-valuemax', '300')
    const counts = screen.getByTestId('run-counts')
    expect(counts).toHaveTextContent('124 of 300 rows')
    expect(counts).toHaveTextContent('120 done')
    expect(counts).toHaveTextContent('3 failed')
    expect(counts).toHaveTextContent('1 to check')
    expect(screen.getByTestId('run-eta')).toHaveTextContent('About 3 min left')

    // Another roster's progress is not this one's.
    emit('roster.progress', progress({ rosterId: 'other', done: 299, etaSeconds: 5 }))
    await tick()
    expect(bar).toHaveAttribute('aria-valuenow', '124')

    await fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    await waitFor(() => expect(sent(calls, 'roster.pause')).toEqual([{ id: 'r1' }]))
    // Stopped: the screen offers Resume, which runs the roster again from where it stopped.
    phase = 'paused'
    emit('roster.progress', progress({ done: 130, failed: 3, toCheck: 1, running: false, etaSeconds: null }))
    await tick()
    expect(screen.getByTestId('run-eta')).toHaveTextContent('Stopped: 130 done, 3 failed, 1 to check, 166 not started.')
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument()
  })

  it('a roster stopped mid-run reopens on the run with Resume and its counts so far', async () => {
    const { calls } = await openRoster('paused', { 'roster.run': () => ok({ started: true }) }, rows, [
      outcome('row-3'),
      outcome('row-4', { state: 'failed' })
    ])
    render(RosterScreen)
    const bar = await screen.findByRole('progressbar', { name: 'Rows done' })
    expect(bar).toHaveAttribute('aria-valuenow', '2')
    await fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    await waitFor(() => expect(sent(calls, 'roster.run')).toEqual([{ id: 'r1' }]))
  })
})

describe('Roster: the enrollment line', () => {
  async function startLine() {
    const bridge = await openRoster('running', {
      'sites.devices': () => ok({ items: [reader] }),
      'sites.doors': () => ok({ items: [] }),
      'roster.lineStart': () => ok(line()),
      'roster.lineSkip': () => ok(line({ current: { rowId: 'row-5', name: 'Eva Lind' }, next: null, remaining: 4 })),
      'roster.lineUndo': () => ok(line({ last: null })),
      'roster.linePause': () => ok(line({ state: 'paused' }))
    })
    render(RosterScreen)
    const start = await screen.findByRole('button', { name: /Start the line/ })
    await waitFor(() => expect(start).toBeEnabled())
    await fireEvent.click(start)
    await waitFor(() => expect(sent(bridge.calls, 'roster.lineStart')).toEqual([{ id: 'r1', deviceId: 'dev-1' }]))
    return bridge
  }

  it('names the current and the next person from roster.line', async () => {
    const { emit } = await startLine()
    emit(
      'roster.line',
      line({ current: { rowId: 'row-7', name: 'Gus Holm' }, next: { rowId: 'row-8', name: 'Ivy Lee' } })
    )
    await tick()
    expect(screen.getByTestId('line-current')).toHaveTextContent('Gus Holm')
    expect(screen.getByTestId('line-next')).toHaveTextContent('Ivy Lee')
    expect(screen.getByTestId('line-state')).toHaveTextContent('Tap Gus Holm’s card on HQ - Front.')
    expect(screen.getByTestId('line-state')).toHaveAttribute('aria-live', 'polite')
    emit(
      'roster.line',
      line({ state: 'bound', last: { rowId: 'row-7', name: 'Gus Holm', displayId: '100231' }, current: null })
    )
    await tick()
    expect(screen.getByTestId('line-state')).toHaveTextContent('Card 100231 is Gus Holm’s.')
  })

  it('S skips, U takes back the last card, P and Space pause and go on; typing in a field is not a command', async () => {
    const { emit, calls } = await startLine()
    emit('roster.line', line({ last: { rowId: 'row-3', name: 'Cy Eng', displayId: '100099' } }))
    await tick()
    // Undo last is there, but the focus is not on it.
    const undo = screen.getByRole('button', { name: /Undo last \(Cy Eng\)/ })
    expect(document.activeElement).not.toBe(undo)

    await fireEvent.keyDown(document.body, { key: 's' })
    await waitFor(() => expect(sent(calls, 'roster.lineSkip')).toHaveLength(1))
    expect(screen.getByTestId('line-current')).toHaveTextContent('Eva Lind')

    emit('roster.line', line({ last: { rowId: 'row-3', name: 'Cy Eng', displayId: '100099' } }))
    await tick()
    await fireEvent.keyDown(document.body, { key: 'U' })
    await waitFor(() => expect(sent(calls, 'roster.lineUndo')).toEqual([{ id: 'r1' }]))

    await fireEvent.keyDown(document.body, { key: 'p' })
    await waitFor(() => expect(sent(calls, 'roster.linePause')).toEqual([{ id: 'r1' }]))
    expect(screen.getByTestId('line-state')).toHaveTextContent('Paused')
    // Space goes on: the line starts again on the same reader.
    await fireEvent.keyDown(document.body, { key: ' ' })
    await waitFor(() => expect(sent(calls, 'roster.lineStart')).toHaveLength(2))

    const before = calls.length
    const field = document.createElement('input')
    document.body.append(field)
    await fireEvent.keyDown(field, { key: 's' })
    await fireEvent.keyDown(document.body, { key: 's', ctrlKey: true })
    await tick()
    expect(calls.length).toBe(before)
    field.remove()
  })
})
