import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { ok } from '../enroll/event-bridge'
import { detail, openRoster, rows, sent, sheet, summary, totals } from './fixtures'

afterEach(() => {
  cleanup()
  connection.activeId = null
  connection.profiles = []
  rosterStore.missingPermissions = []
})

const siteA = { profileId: 'site-a', name: 'Site A' }

/**
 * A roster planned and left open while the console is switched (walk C): it follows the switch at once
 * — the read-only note, Run off, and the decisions for every row off with that note as their reason —
 * by the one owner rule (shared/console-owner.ts), not only once opened again from the list.
 */
describe('Roster: the roster open when the console is switched', () => {
  it('turns read-only at once: its note shows, Run and the decisions for all rows are off with the reason', async () => {
    connection.profiles = [
      { id: 'site-a', name: 'Site A' },
      { id: 'lobby', name: 'Lobby view' }
    ] as typeof connection.profiles
    connection.activeId = 'site-a'
    // Main binds the roster to the active console at the first plan: its summary says so from then on.
    let bound = false
    const bridge = await openRoster('mapping', {
      'roster.open': () =>
        ok({ summary: summary({ phase: 'mapping' }), sheet, mapping: { fullName: 0 }, remembered: true }),
      'roster.plan': () => {
        bound = true
        return ok({ rows, totals: totals() })
      },
      'roster.get': () =>
        ok({ ...detail('planned'), summary: summary({ phase: 'planned', console: bound ? siteA : null }) }),
      'roster.capabilities': () => ok({ missingPermissions: [] })
    })
    render(RosterScreen)
    const file = new File([new TextEncoder().encode('Name\nAda Ng\n')], 'staff.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByTestId('roster-file'), { target: { files: [file] } })
    await fireEvent.click(await screen.findByRole('button', { name: 'Make the plan' }))
    const skipAll = await screen.findByRole('button', { name: /^Skip for / })
    expect(skipAll).toBeEnabled()
    expect(screen.queryByTestId('roster-other-console')).toBeNull()

    // The switch, as the shell makes it: another console active, its stores told.
    const asked = sent(bridge.calls, 'roster.capabilities').length
    connection.activeId = 'lobby'
    forgetConsoleData()
    const note = await screen.findByTestId('roster-other-console')
    expect(note).toHaveTextContent('Read-only while Lobby view is active: this roster belongs to Site A.')
    await waitFor(() => expect(skipAll).toBeDisabled())
    expect(skipAll).toHaveAttribute('aria-describedby', 'roster-read-only')
    const goAhead = screen.getByRole('button', { name: /^Do anyway for / })
    expect(goAhead).toBeDisabled()
    expect(document.getElementById(goAhead.getAttribute('aria-describedby')!)).toBe(note)
    expect(screen.getByRole('button', { name: /^Run / })).toBeDisabled()
    // The new console's token is asked which keys it lacks.
    await waitFor(() => expect(sent(bridge.calls, 'roster.capabilities').length).toBeGreaterThan(asked))
  }, 20_000)
})
