import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { ok } from '../enroll/event-bridge'
import { openRoster, sent, sheet, summary, totals } from './fixtures'

/**
 * The Columns step's choices are the open roster's, not the step's: another screen visited and Roster
 * opened again shows the mapping and "For every row" as the person left them, and the plan is made with
 * them (a PIN for everyone chosen, then Today, then back, planned "No PIN" for everyone before).
 */
afterEach(() => cleanup())

describe('Roster: the Columns step kept while the desk visits another screen', () => {
  it('the PIN and card options and a column picked by hand come back, and the plan is made with them', async () => {
    const { calls } = await openRoster('mapping', {
      'roster.open': () =>
        ok({ summary: summary({ phase: 'mapping' }), sheet, mapping: { fullName: 0 }, remembered: false }),
      'roster.plan': () => ok({ rows: [], totals: totals({ rows: 0, ambiguous: 0, ready: 0 }) })
    })
    const first = render(RosterScreen)
    const file = new File([new TextEncoder().encode('Name,Mail,Badge,PIN\n')], 'staff.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByTestId('roster-file'), { target: { files: [file] } })
    await screen.findByRole('heading', { name: 'Columns' })
    await fireEvent.change(screen.getByTestId('option-pin'), { target: { value: 'all' } })
    await fireEvent.change(screen.getByLabelText('Email'), { target: { value: '1' } })

    // Another screen, then Roster again (the screen is mounted anew; the store stays).
    first.unmount()
    render(RosterScreen)
    await screen.findByRole('heading', { name: 'Columns' })
    expect(screen.getByTestId('option-pin')).toHaveValue('all')
    expect(screen.getByLabelText('Email')).toHaveValue('1')

    await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
    await waitFor(() => expect(sent(calls, 'roster.plan')).toHaveLength(1))
    expect(sent(calls, 'roster.plan')[0]).toMatchObject({ mapping: { fullName: 0, email: 1 }, options: { pin: 'all' } })
  })
})
