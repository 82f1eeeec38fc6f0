import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { ok } from '../enroll/event-bridge'
import { openRoster, summary, totals } from './fixtures'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { readRosterFile } from '../../../src/main/services/roster/roster-file'
import { unusedColumns } from '../../../src/renderer/src/screens/roster/column-options'

afterEach(() => {
  cleanup()
  void deskLanguage.choose(null)
})

const text = 'Name,Mail,\nAda Ng,ada@example.com,yes,x\n'

/**
 * A column the file gives no name is named by its spreadsheet letter, in the desk's language
 * ("Spalte C"), wherever the roster names it: the mapping's selects and preview, the note on extra
 * columns, the plan's note on an unused column. Main's English ("Column C") is the CLI's.
 */
describe('a roster’s unnamed columns on a German desk', () => {
  it('are called “Spalte C” and “Spalte D”, not “Column C”', async () => {
    await deskLanguage.choose('de')
    // What main reads from such a file.
    const { sheet } = await readRosterFile('staff.csv', Buffer.from(text))
    expect(sheet.headers).toEqual(['Name', 'Mail', 'Column C', 'Column D'])
    await openRoster('mapping', {
      'roster.open': () =>
        ok({ summary: summary({ phase: 'mapping' }), sheet, mapping: { fullName: 0, pin: 2 }, remembered: false }),
      'roster.plan': () => ok({ rows: [], totals: totals({ rows: 0, ambiguous: 0, ready: 0 }) })
    })
    render(RosterScreen)
    const file = new File([new TextEncoder().encode(text)], 'staff.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByTestId('roster-file'), { target: { files: [file] } })
    await screen.findByRole('heading', { name: 'Spalten' }, { timeout: 5000 })

    const options = within(screen.getByTestId('map-pin'))
      .getAllByRole('option')
      .map((o) => o.textContent!.trim())
    expect(options.slice(1)).toEqual(['Name', 'Mail', 'Spalte C', 'Spalte D'])
    const heads = within(screen.getByRole('table')).getAllByRole('columnheader')
    expect(heads[2]).toHaveTextContent(/^Spalte C/)
    expect(heads[3]).toHaveTextContent(/^Spalte D$/)
    const notes = screen.getByRole('list', { name: 'Beim Lesen der Datei' })
    await waitFor(() =>
      expect(notes).toHaveTextContent(
        'Manche Zeilen haben mehr Zellen, als es Spaltennamen gibt: Die zusätzlichen Spalten werden als Spalte D angezeigt.'
      )
    )
    expect(document.body.textContent).not.toMatch(/Column [CD]/)
    // The plan's note on a mapped PIN column an option leaves unused names it so too.
    expect(unusedColumns({ pin: 2 }, { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' }, sheet)).toEqual([
      expect.stringContaining('(„Spalte C“)')
    ])
  })
})
