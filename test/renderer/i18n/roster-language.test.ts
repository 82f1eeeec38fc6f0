import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { ok } from '../enroll/event-bridge'
import { openRoster, rows, sheet, summary, totals } from '../roster/fixtures'

afterEach(() => {
  cleanup()
  announcer.message = ''
  deskLanguage.choose(null)
})

/**
 * The Roster screen follows the desk's language as it is switched with a plan open: the chip pressed
 * and the row open beside the table stay; the steps, totals, chips, columns, the problem lists, the
 * row's panel and Run change, and what the live region says next is said in the new language.
 */
describe('the Roster screen in the desk’s language', () => {
  it('switches from English to German with the plan, its filter and the open row kept', async () => {
    await openRoster('mapping', {
      'roster.open': () =>
        ok({ summary: summary({ phase: 'mapping' }), sheet, mapping: { fullName: 0 }, remembered: true }),
      'roster.plan': () => ok({ rows, totals: totals() }),
      'roster.resolve': () =>
        ok({ rows: [{ ...rows[0]!, match: { state: 'skipped' } }, ...rows.slice(1)], totals: totals() })
    })
    render(ActionAnnouncer)
    render(RosterScreen)
    const file = new File([new TextEncoder().encode('Name\nAda Ng\n')], 'staff.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByTestId('roster-file'), { target: { files: [file] } })
    await screen.findByRole('heading', { name: 'Columns' })
    await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
    await screen.findByRole('heading', { name: 'Line 2: Ada Ng' })
    await fireEvent.click(screen.getByRole('button', { name: 'Needs you (1)' }))
    expect(screen.getByRole('button', { name: 'Needs you (1)' })).toHaveAttribute('aria-pressed', 'true')

    deskLanguage.choose('de')
    // The title is the shell's (one name per screen); the screen's own words say its catalogue is in.
    await screen.findByRole('button', { name: 'Braucht Sie (1)' }, { timeout: 5000 })
    expect(screen.getByRole('heading', { name: 'Personen' })).toBeInTheDocument()
    // What the person had on screen is still there: the plan, its filter, the row open.
    expect(screen.getByRole('button', { name: 'Braucht Sie (1)' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('heading', { name: 'Zeile 2: Ada Ng' })).toBeInTheDocument()
    const steps = screen.getByRole('navigation', { name: 'Schritte der Liste' })
    expect(within(steps).getByRole('button', { name: '2. Plan' })).toHaveAttribute('aria-current', 'step')
    expect(within(steps).getByRole('button', { name: '1. Spalten' })).toBeInTheDocument()
    expect(within(screen.getByTestId('plan-totals')).getByText('Personen gefunden')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Zuordnung' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Konflikte, für alle gleichartigen Zeilen' })).toBeInTheDocument()
    expect(screen.getByText('Karte gehört jemand anderem')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Wer ist es?' })).toBeInTheDocument()
    expect(
      screen.getByText('1 Zeile braucht Sie: wählen Sie, wer es ist, oder lassen Sie sie aus.')
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '1 Zeile ausführen' })).toBeDisabled()

    // The next outcome is said in German, with the plan's counts by German plurals.
    await fireEvent.click(screen.getByRole('button', { name: 'Diese Zeile auslassen' }))
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        'Zeile 2 ausgelassen. 1 Zeile bereit, 1 Zeile ausgelassen, 1 Zeile ohne Aufgabe'
      )
    )
    expect(screen.queryByText(/Make the plan|People found|Needs you|Who is it/)).toBeNull()
  }, 30_000)
})
