import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { ok } from '../enroll/event-bridge'
import { openRoster, sent, sheet, summary, totals } from './fixtures'
import type { CsvNote } from '../../../src/shared/batches/csv-said'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'

afterEach(() => {
  cleanup()
  void deskLanguage.choose(null)
})

async function openFile(
  remembered: boolean,
  mapping: Record<string, number> = { fullName: 0 },
  read: typeof sheet = sheet,
  heading = 'Columns'
) {
  const bridge = await openRoster('mapping', {
    'roster.open': () => ok({ summary: summary({ phase: 'mapping' }), sheet: read, mapping, remembered }),
    'roster.plan': () => ok({ rows: [], totals: totals({ rows: 0, ambiguous: 0, ready: 0 }) })
  })
  render(RosterScreen)
  const bytes = new TextEncoder().encode('Name,Mail\nAda Ng,ada@example.com\n')
  const file = new File([bytes], 'staff.csv', { type: 'text/csv' })
  await fireEvent.change(screen.getByTestId('roster-file'), { target: { files: [file] } })
  await screen.findByRole('heading', { name: heading }, { timeout: 5000 })
  return bridge
}

describe('Roster: the columns', () => {
  it('sends the file’s bytes as base64 and shows what was remembered', async () => {
    const { calls } = await openFile(true)
    const [input] = sent(calls, 'roster.open') as { fileName: string; data: string }[]
    expect(input!.fileName).toBe('staff.csv')
    expect(atob(input!.data)).toBe('Name,Mail\nAda Ng,ada@example.com\n')
    expect(screen.getByTestId('mapping-remembered')).toHaveTextContent('Remembered')
    // The preview shows the sample rows and the notes from reading the file.
    expect(screen.getByRole('table', { name: 'The first rows of the file' })).toHaveTextContent('ada@example.com')
    expect(screen.getByText('Read as UTF-8 with a byte-order mark.')).toBeInTheDocument()
  })

  it('says what reading the file noticed in the desk’s language, as Import says a CSV’s notes', async () => {
    await deskLanguage.choose('de')
    const noteSaid: CsvNote[] = [
      { key: 'windows1252' },
      { key: 'separator', values: { separator: 'semicolon' } },
      { key: 'blankLines', values: { count: 2 } },
      { key: 'extraColumns', values: { column: 'Badge', more: 'yes' } }
    ]
    // main's English, for the CLI and the logs: not what a German desk reads.
    const notes = ['The file is not UTF-8…', 'Columns are separated by semicolons (;).', '2 blank lines were left out.']
    await openFile(true, { fullName: 0 }, { ...sheet, notes, noteSaid }, 'Spalten')
    const list = screen.getByRole('list', { name: 'Beim Lesen der Datei' })
    // Import's words (the notes' catalogue) come in German as soon as they are loaded.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent)
      ).toEqual([
        expect.stringMatching(/^Die Datei ist nicht UTF-8/),
        'Die Spalten sind durch Semikolons (;) getrennt.',
        '2 leere Zeilen wurden ausgelassen.',
        'Manche Zeilen haben mehr Zellen, als es Spaltennamen gibt: Die zusätzlichen Spalten werden als Badge und folgende angezeigt.'
      ])
    )
    expect(list.textContent).not.toMatch(/separated|blank lines|not UTF-8/)
  })

  it('a guessed mapping says to check it', async () => {
    await openFile(false)
    expect(screen.queryByTestId('mapping-remembered')).toBeNull()
    expect(screen.getByText(/Guessed from the headers/)).toBeInTheDocument()
  })

  it('the selects make the mapping sent with the plan, with the options', async () => {
    const { calls } = await openFile(true)
    // The guessed full name stays; email and PIN are chosen; "as the PIN column says".
    await fireEvent.change(screen.getByLabelText('Email'), { target: { value: '1' } })
    await fireEvent.change(screen.getByTestId('option-pin'), { target: { value: 'column' } })
    await fireEvent.change(screen.getByTestId('option-cards'), { target: { value: 'enroll' } })
    // PIN "as the column says" without the column: refused beside the field, nothing sent.
    await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
    expect(screen.getByRole('alert')).toHaveTextContent('needs the PIN column')
    expect(sent(calls, 'roster.plan')).toEqual([])

    await fireEvent.change(screen.getByLabelText('PIN (yes/no)'), { target: { value: '3' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
    await waitFor(() => expect(sent(calls, 'roster.plan')).toHaveLength(1))
    expect(sent(calls, 'roster.plan')[0]).toEqual({
      id: 'r1',
      mapping: { email: 1, fullName: 0, pin: 3 },
      options: { cards: 'enroll', batchId: null, pin: 'column', touchPass: 'none' }
    })
    await waitFor(() => expect(rosterStore.view).toBe('plan'))
  })

  it('a column set back to “not in the file” is not sent; no person column is refused', async () => {
    const { calls } = await openFile(true)
    await fireEvent.change(screen.getByLabelText('Full name'), { target: { value: '' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Say which column names the person')
    expect(sent(calls, 'roster.plan')).toEqual([])
    await fireEvent.change(screen.getByLabelText('Employee number'), { target: { value: '2' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
    await waitFor(() => expect(sent(calls, 'roster.plan')).toHaveLength(1))
    expect((sent(calls, 'roster.plan')[0] as { mapping: unknown }).mapping).toEqual({ employeeNumber: 2 })
  })

  it('a guessed or remembered column shows selected in its select (the column index against the options’ values)', async () => {
    await openFile(false, { fullName: 0, email: 1, pin: 3 })
    expect(screen.getByLabelText('Full name')).toHaveValue('0')
    expect(screen.getByLabelText('Email')).toHaveValue('1')
    expect(screen.getByLabelText('PIN (yes/no)')).toHaveValue('3')
    expect((screen.getByLabelText('Email') as HTMLSelectElement).selectedOptions[0]).toHaveTextContent('Mail')
    expect(screen.getByLabelText('Card (NFC ID or “enroll”)')).toHaveValue('')
    cleanup()

    await openFile(true, { card: 2 })
    expect(screen.getByTestId('mapping-remembered')).toBeInTheDocument()
    expect(
      (screen.getByLabelText('Card (NFC ID or “enroll”)') as HTMLSelectElement).selectedOptions[0]
    ).toHaveTextContent('Badge')
  })

  it('the preview scrolls in a named region the keyboard reaches', async () => {
    await openFile(true)
    const region = screen.getByRole('region', { name: 'Preview of the file' })
    expect(region).toHaveAttribute('tabindex', '0')
    expect(within(region).getByRole('table', { name: 'The first rows of the file' })).toBeInTheDocument()
  })
})
