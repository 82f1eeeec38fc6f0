import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { ok } from '../enroll/event-bridge'
import { detail, openRoster, outcome, rows, summary } from './fixtures'

afterEach(() => {
  cleanup()
  connection.activeId = null
  connection.profiles = []
  rosterStore.missingPermissions = []
})

/** Cy and Bo, found; Bo gets a PIN (edit:user), Cy's only step is a skipped card. */
const pinRow: PlanRow = { ...rows[2]!, card: { kind: 'none' }, pin: true }
const planned = [rows[1]!, pinRow]

const offReasonOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby') ?? '')

describe('Roster: Run and Retry off for a key the plan needs that the token lacks', () => {
  it('a plan giving PINs with a token lacking edit:user: Run is off and says why', async () => {
    await openRoster('planned', { 'roster.capabilities': () => ok({ missingPermissions: ['edit:user'] }) }, planned)
    render(RosterScreen)
    const run = await screen.findByRole('button', { name: 'Run 1 row' })
    await waitFor(() => expect(run).toBeDisabled())
    expect(offReasonOf(run)).toHaveTextContent(/Needs the permission edit:user/)
    expect(offReasonOf(run)).toHaveTextContent(/API Token/)
  })

  it('a key the plan does not need turns nothing off', async () => {
    await openRoster(
      'planned',
      { 'roster.capabilities': () => ok({ missingPermissions: ['edit:visitor', 'edit:credential'] }) },
      planned
    )
    render(RosterScreen)
    const run = await screen.findByRole('button', { name: 'Run 1 row' })
    await waitFor(() => expect(rosterStore.missingPermissions).toEqual(['edit:visitor', 'edit:credential']))
    expect(run).toBeEnabled()
    expect(run).not.toHaveAttribute('aria-describedby')
  })

  it('Retry of a failed PIN row is off with the reason', async () => {
    const failed = outcome('row-4', {
      state: 'failed',
      steps: [{ step: 'pin', state: 'failed', reason: 'Forbidden' }]
    })
    await openRoster('finished', { 'roster.capabilities': () => ok({ missingPermissions: ['edit:user'] }) }, planned, [
      outcome('row-3', { state: 'skipped', steps: [] }),
      failed
    ])
    render(RosterScreen)
    const retry = await screen.findByRole('button', { name: 'Retry 1 failed row' })
    await waitFor(() => expect(retry).toBeDisabled())
    expect(offReasonOf(retry)).toHaveTextContent(/Needs the permission edit:user/)
  })
})

describe('Roster: a roster planned on another console', () => {
  it('is read-only here: it names its console and how to switch back; Run is off', async () => {
    await openRoster(
      'planned',
      {
        'roster.get': () =>
          ok({ ...detail('planned', planned), summary: summary({ console: { profileId: 'site-a', name: 'Site A' } }) }),
        'roster.list': () =>
          ok({ rosters: [summary({ console: { profileId: 'site-a', name: 'Site A' } })], unreadable: [] }),
        'roster.capabilities': () => ok({ missingPermissions: [] })
      },
      planned
    )
    connection.profiles = [
      { id: 'site-a', name: 'Site A' },
      { id: 'lobby', name: 'Lobby view' }
    ] as typeof connection.profiles
    connection.activeId = 'lobby'
    render(RosterScreen)
    const note = await screen.findByTestId('roster-other-console')
    expect(note).toHaveTextContent('Read-only while Lobby view is active: this roster belongs to Site A.')
    expect(note).toHaveTextContent('Switch to Site A in Settings to continue it.')
    const run = screen.getByRole('button', { name: 'Run 1 row' })
    expect(run).toBeDisabled()
    expect(offReasonOf(run)).toHaveTextContent('this roster belongs to Site A')

    // The list says it too, beside the console it belongs to.
    rosterStore.view = 'list'
    await screen.findByRole('button', { name: 'Open staff.csv' })
    await waitFor(() =>
      expect(screen.getByTestId('roster-elsewhere').parentElement).toHaveTextContent('Site A · read-only here')
    )
    await rosterStore.open('r1')

    // Back on its own console, it is the roster as ever.
    connection.activeId = 'site-a'
    await waitFor(() => expect(screen.queryByTestId('roster-other-console')).toBeNull())
    expect(screen.getByRole('button', { name: 'Run 1 row' })).toBeEnabled()
  })
})
