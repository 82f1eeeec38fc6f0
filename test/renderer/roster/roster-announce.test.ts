import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { ok } from '../enroll/event-bridge'
import { detail, openRoster, outcome, progress, rows, sent } from './fixtures'

beforeEach(() => {
  URL.createObjectURL = () => 'blob:roster'
  URL.revokeObjectURL = () => undefined
  window.print = vi.fn()
  // The one region outlives a screen: each test starts from silence.
  announcer.message = ''
})
afterEach(() => cleanup())

async function said(words: string, where: () => HTMLElement) {
  await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(words))
  expect(document.activeElement).not.toBe(document.body)
  expect(document.activeElement).toBe(where())
}

describe('Roster actions say what they did, once, in the app’s one live region', () => {
  it('a run that ends while watched says how it ended, and the focus goes from Pause to See the results', async () => {
    // The roster as main reads it after the run stopped (the store reads it again then).
    let phase: 'running' | 'finished' = 'running'
    const { emit } = await openRoster('running', { 'roster.get': () => ok(detail(phase)) })
    render(ActionAnnouncer)
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    emit('roster.progress', progress({ total: 30, done: 10, etaSeconds: 60 }))
    await tick()
    screen.getByRole('button', { name: 'Pause' }).focus()
    phase = 'finished'
    emit('roster.progress', progress({ total: 30, done: 29, failed: 1, running: false, etaSeconds: null }))
    await said('Roster run finished: 29 done, 1 failed', () => screen.getByRole('button', { name: 'See the results' }))
    // The time left stays a status of its own (continuous, not an action's outcome).
    expect(screen.getByTestId('run-eta')).toHaveAttribute('role', 'status')
  })

  it('a roster opened already finished says nothing: no action ended', async () => {
    await openRoster('finished', {}, rows.slice(1), [outcome('row-3'), outcome('row-4')])
    render(ActionAnnouncer)
    render(RosterScreen)
    await screen.findByRole('heading', { name: 'Results' })
    await fireEvent.click(screen.getByRole('button', { name: /Run/ }))
    await screen.findByRole('heading', { name: 'Run' })
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(screen.getByTestId('action-announcer').textContent).toBe('')
  })

  it('CSV saved and the hand-out printed are said, the focus back on the button used', async () => {
    const { calls } = await openRoster(
      'finished',
      {
        'roster.exportCsv': () => ok({ filename: 'roster-staff.csv', text: 'person,state\n', rows: 2 }),
        'roster.handout': () => ok({ people: [], pinsForgotten: [] })
      },
      rows.slice(1),
      [outcome('row-3'), outcome('row-4')]
    )
    render(ActionAnnouncer)
    render(RosterScreen)
    await screen.findByRole('heading', { name: 'Results' })
    await fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await said('CSV saved. Saved 2 rows as roster-staff.csv.', () => screen.getByRole('button', { name: 'Export CSV' }))
    expect(sent(calls, 'roster.exportCsv')).toEqual([{ id: 'r1', language: expect.any(String) }])
    expect(screen.getByTestId('results-said')).not.toHaveAttribute('role')

    await fireEvent.click(screen.getByRole('button', { name: 'Print hand-out' }))
    await said('Hand-out handed to the print dialog', () => screen.getByRole('button', { name: 'Print hand-out' }))
  })

  it('CSV saved is said wholly in the desk’s language (Spanish): the file and its row count, no English', async () => {
    await deskLanguage.choose('es')
    try {
      await openRoster(
        'finished',
        { 'roster.exportCsv': () => ok({ filename: 'plantilla-results.csv', text: 'persona\n', rows: 31 }) },
        rows.slice(1),
        [outcome('row-3'), outcome('row-4')]
      )
      render(ActionAnnouncer)
      render(RosterScreen)
      await fireEvent.click(await screen.findByRole('button', { name: 'Exportar CSV' }))
      await said('CSV guardado. 31 filas guardadas como plantilla-results.csv.', () =>
        screen.getByRole('button', { name: 'Exportar CSV' })
      )
      expect(screen.getByTestId('action-announcer').textContent).not.toMatch(/Saved|rows as/)
    } finally {
      await deskLanguage.choose(null)
    }
  })

  it('a roster deleted is named, and the focus goes to the list’s heading (its row is gone)', async () => {
    const { calls } = await openRoster('paused', { 'roster.delete': () => ok({ deleted: true }) })
    rosterStore.close()
    render(ActionAnnouncer)
    render(RosterScreen)
    const list = await screen.findByTestId('roster-list')
    await fireEvent.click(within(list).getByRole('button', { name: 'Delete staff.csv' }))
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete roster' }))
    await said('Roster staff.csv deleted', () => screen.getByRole('heading', { name: 'Rosters on this desk' }))
    expect(sent(calls, 'roster.delete')).toEqual([{ id: 'r1' }])
  })

  it('a run started says so, and the focus goes to the run’s heading (the plan and its Run button are gone)', async () => {
    const { calls } = await openRoster('planned', { 'roster.run': () => ok({ started: true }) }, rows.slice(1))
    render(ActionAnnouncer)
    render(RosterScreen)
    // Bo (enroll now) is the one row with something to send: Cy's card is someone else's, skipped.
    await fireEvent.click(await screen.findByRole('button', { name: 'Run 1 row' }))
    await said('Roster run started: 1 row', () => screen.getByRole('heading', { name: 'Run' }))
    expect(sent(calls, 'roster.run')).toEqual([{ id: 'r1' }])
  })

  it('a run stopped says what is done, to check and not started, with the focus on Resume; going again, on Pause', async () => {
    let phase: 'running' | 'paused' = 'running'
    const { emit } = await openRoster('running', {
      'roster.pause': () => ok({ paused: true }),
      'roster.get': () => ok(detail(phase))
    })
    render(ActionAnnouncer)
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    emit('roster.progress', progress({ total: 30, done: 10, etaSeconds: 60 }))
    await tick()
    await fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    phase = 'paused'
    emit('roster.progress', progress({ total: 30, done: 12, running: false, etaSeconds: null }))
    await said('Roster run stopped: 12 done, 0 to check, 18 not started', () =>
      screen.getByRole('button', { name: 'Resume' })
    )
    phase = 'running'
    emit('roster.progress', progress({ total: 30, done: 12, etaSeconds: 60 }))
    await said('Roster run going on', () => screen.getByRole('button', { name: 'Pause' }))
  })
})

/**
 * Main restarted mid-run: the rows in flight are "to check", maybe none is left to start. The run says
 * what is true (done, to check, not started) and offers what can be done — checking the rows to check
 * when nothing is left to start, Resume only when rows remain — with the focus on it (it said "Stopped:
 * 0 rows still to do. Resume", Resume focused, the rows to check only under Results).
 */
describe('a run stopped by a restart of main', () => {
  async function restarted(after: ReturnType<typeof outcome>[]) {
    let phase: 'running' | 'paused' = 'running'
    const bridge = await openRoster('running', {
      'roster.get': () => ok(detail(phase, rows, phase === 'running' ? [] : after)),
      'roster.run': () => ok({ started: true })
    })
    render(ActionAnnouncer)
    render(RosterScreen)
    await screen.findByRole('progressbar', { name: 'Rows done' })
    bridge.emit('roster.progress', progress({ total: 2, done: 0, etaSeconds: 60 }))
    await tick()
    // The old main is gone; the new one keeps the roster as stopped mid-run.
    phase = 'paused'
    await rosterStore.reestablish()
    return bridge
  }

  it('with nothing left to start: says so, and offers to check the rows to check, focused (no Resume)', async () => {
    const { calls } = await restarted([outcome('row-3'), outcome('row-4', { state: 'to-check' })])
    const check = () => screen.getByRole('button', { name: 'Check the 1 row to check' })
    await said('Roster run stopped: 1 done, 1 to check, 0 not started', check)
    expect(screen.getByTestId('run-eta')).toHaveTextContent('Stopped: 1 done, 1 to check, 0 not started.')
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
    await fireEvent.click(check())
    await waitFor(() => expect(sent(calls, 'roster.run')).toEqual([{ id: 'r1' }]))
  })

  it('with rows left to start: says so, and Resume (which checks first) has the focus', async () => {
    await restarted([outcome('row-3', { state: 'to-check' })])
    await said('Roster run stopped: 0 done, 1 to check, 1 not started', () =>
      screen.getByRole('button', { name: 'Resume' })
    )
    expect(screen.getByTestId('run-eta')).toHaveTextContent('Resume checks the rows to check first')
  })
})
