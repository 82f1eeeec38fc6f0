import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import type { HandoutPerson } from '../../../src/shared/roster/run'
import { ok } from '../enroll/event-bridge'
import { openRoster, outcome, rows, sent, summary } from './fixtures'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { languageOf } from '../../../src/shared/i18n/locales'

const PIN = '482913'
/** What main answers, PIN included whatever was asked: the screen must still show it only on slips. */
const people: HandoutPerson[] = [
  { rowId: 'row-3', name: 'Cy Eng', cardDisplayIds: ['100099'], touchPass: false, pin: PIN },
  { rowId: 'row-4', name: 'Bo Dahl', cardDisplayIds: ['100231', '100232'], touchPass: true, pin: '775100' }
]
/** Main's word of a person whose PIN is no longer known: their row, line, name, and no namesake to tell apart. */
const forgotten = (name: string) => {
  const person = people.find((p) => p.name === name)!
  return { rowId: person.rowId, line: Number(person.rowId.slice(4)), name, apart: null }
}

const finishedRows = rows.slice(1)
const outcomes = [
  outcome('row-3', { cardDisplayId: '100099', pinAssigned: true }),
  outcome('row-4', {
    state: 'to-check',
    steps: [{ step: 'card-assign', state: 'unknown', reason: 'the console did not answer' }],
    fix: 'Check on Cards that card 100231 is Bo Dahl’s.'
  })
]

let saved: Blob[] = []
let printed: string[] = []

beforeEach(() => {
  saved = []
  printed = []
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob)
    return 'blob:roster'
  }
  URL.revokeObjectURL = () => undefined
  // What is on the page to print, as the print dialog sees it.
  window.print = vi.fn(() => {
    printed.push(document.getElementById('roster-print-root')?.textContent ?? '')
  })
})
afterEach(() => cleanup())

async function openResults(answers: Parameters<typeof openRoster>[1] = {}) {
  const bridge = await openRoster(
    'finished',
    {
      'roster.exportCsv': () => ok({ filename: 'roster-staff.csv', text: 'person,state\nCy Eng,done\n', rows: 1 }),
      'roster.handout': () => ok({ people, pinsForgotten: [] }),
      'roster.retryFailed': () => ok({ started: true }),
      ...answers
    },
    finishedRows,
    outcomes
  )
  render(RosterScreen)
  await screen.findByRole('heading', { name: 'Results' })
  return bridge
}

describe('Roster: the results', () => {
  it('opens on the row to check with its fix, and retries the failed rows', async () => {
    const { calls } = await openResults()
    const row = screen.getByTestId('result-row')
    expect(row).toHaveTextContent('Bo Dahl')
    expect(row).toHaveTextContent('the console did not answer')
    expect(screen.getByTestId('result-fix')).toHaveTextContent('Check on Cards that card 100231 is Bo Dahl’s.')
    const chips = screen.getByRole('group', { name: 'Show rows' })
    expect(within(chips).getByRole('button', { name: 'Done (1)' })).toBeInTheDocument()
    expect(within(chips).getByRole('button', { name: 'To check (1)' })).toBeInTheDocument()
    // One action, above the rows; the row names it rather than offering a button of its own.
    expect(within(row).queryAllByRole('button')).toEqual([])
    expect(within(row).getByTestId('result-taken-by')).toHaveTextContent('“Check and retry 1 row to check” above')
    await fireEvent.click(screen.getByRole('button', { name: 'Check and retry 1 row to check' }))
    await waitFor(() => expect(sent(calls, 'roster.retryFailed')).toEqual([{ id: 'r1' }]))
    expect(rosterStore.view).toBe('run')
  })

  it('exports the results as a CSV file, as Audit does', async () => {
    const { calls } = await openResults()
    await fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() =>
      expect(screen.getByTestId('results-said')).toHaveTextContent('Saved 1 row as roster-staff.csv.')
    )
    // In the desk's language (its header and yes/no cells).
    expect(sent(calls, 'roster.exportCsv')).toEqual([{ id: 'r1', language: languageOf(deskLanguage.locale) }])
    expect(saved).toHaveLength(1)
    expect(saved[0]!.type).toBe('text/csv')
    expect(await saved[0]!.text()).toBe('person,state\nCy Eng,done\n')
  })

  it('the hand-out has each name and card number and never a PIN', async () => {
    const { calls } = await openResults()
    await fireEvent.click(screen.getByRole('button', { name: 'Print hand-out' }))
    await waitFor(() => expect(printed).toHaveLength(1))
    expect(sent(calls, 'roster.handout')).toEqual([{ id: 'r1', pinSlips: false }])
    expect(printed[0]).toContain('Cy Eng')
    expect(printed[0]).toContain('100099')
    expect(printed[0]).toContain('100231, 100232')
    expect(printed[0]).not.toContain(PIN)
    expect(printed[0]).not.toContain('775100')
    // It stays on the page (hidden on screen) for "Save as PDF", still without a PIN.
    expect(document.getElementById('roster-print-root')!.textContent).not.toContain(PIN)
  })

  it('PIN slips are asked for first (Cancel focused), printed one per page, then gone', async () => {
    const { calls } = await openResults()
    await fireEvent.click(screen.getByRole('button', { name: 'Print PIN slips…' }))
    const dialog = screen.getByRole('dialog', { name: 'Print PIN slips?' })
    expect(dialog).toHaveTextContent('never stored')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(sent(calls, 'roster.handout')).toEqual([])

    await fireEvent.click(screen.getByRole('button', { name: 'Print PIN slips…' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Print PIN slips' }))
    await waitFor(() => expect(printed).toHaveLength(1))
    expect(sent(calls, 'roster.handout')).toEqual([{ id: 'r1', pinSlips: true }])
    expect(printed[0]).toContain(PIN)
    expect(printed[0]).toContain('775100')
    await waitFor(() => expect(document.getElementById('roster-print-root')).toBeNull())
    expect(document.body.textContent).not.toContain(PIN)
  })

  it('after a restart the PINs are gone: nothing is printed and the screen says whose and what to do', async () => {
    await openResults({
      'roster.handout': () =>
        ok({
          people: people.map(({ pin: _pin, ...p }) => p),
          pinsForgotten: [forgotten('Cy Eng'), forgotten('Bo Dahl')]
        })
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Print PIN slips…' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Print PIN slips' }))
    await waitFor(() =>
      expect(screen.getByTestId('results-said')).toHaveTextContent(
        'The PINs of Cy Eng and Bo Dahl are no longer known: PINs are kept only until the app closes, and it has closed since. Give them new PINs on the PINs screen.'
      )
    )
    expect(printed).toEqual([])
  })

  it('a PIN given before a restart is named beside the slips printed for the others', async () => {
    // Cy Eng's PIN was given in this run of the app; Bo Dahl's before it restarted (kept by no one).
    await openResults({
      'roster.handout': () =>
        ok({ people: [people[0]!, { ...people[1]!, pin: undefined }], pinsForgotten: [forgotten('Bo Dahl')] })
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Print PIN slips…' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Print PIN slips' }))
    await waitFor(() => expect(printed).toHaveLength(1))
    expect(printed[0]).toContain(PIN)
    await waitFor(() =>
      expect(screen.getByTestId('results-said')).toHaveTextContent(
        'Not on a slip: the PIN of Bo Dahl is no longer known (given before the app restarted). Give a new PIN on the PINs screen.'
      )
    )
  })
})

describe('Roster: the retry button counts the rows it takes', () => {
  const failedRow = (rowId: string) =>
    outcome(rowId, { state: 'failed', steps: [{ step: 'card-assign', state: 'failed', reason: 'refused' }] })
  const toCheckRow = (rowId: string) =>
    outcome(rowId, { state: 'to-check', steps: [{ step: 'pin', state: 'unknown', reason: 'lost' }], fix: 'Check it.' })
  const three = [rows[1]!, rows[2]!, { ...rows[2]!, rowId: 'row-5', line: 5, label: 'Eva Lind' }]

  async function open(outcomes: ReturnType<typeof outcome>[]) {
    const bridge = await openRoster('finished', { 'roster.retryFailed': () => ok({ started: true }) }, three, outcomes)
    render(RosterScreen)
    await screen.findByRole('heading', { name: 'Results' })
    return bridge
  }

  it('1 failed and 2 to check: one button that counts both, "Retry 1 failed row, check and retry 2 rows to check"', async () => {
    const { calls } = await open([failedRow('row-3'), toCheckRow('row-4'), toCheckRow('row-5')])
    expect(screen.queryByRole('button', { name: 'Retry 1 failed row' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Check and retry 2 rows to check' })).toBeNull()
    const check = screen.getByRole('button', { name: 'Retry 1 failed row, check and retry 2 rows to check' })
    await fireEvent.click(check)
    await waitFor(() => expect(sent(calls, 'roster.retryFailed')).toEqual([{ id: 'r1' }]))
  })

  it('no failed row: no "Retry 0 failed rows"; rows to check keep their own button', async () => {
    await open([outcome('row-3'), toCheckRow('row-4'), outcome('row-5')])
    expect(screen.queryByRole('button', { name: /^Retry \d+ failed/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Check and retry 1 row to check' })).toBeEnabled()
  })

  it('all done: neither button', async () => {
    await open([outcome('row-3'), outcome('row-4'), outcome('row-5')])
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull()
  })
})

describe('Roster: a finished roster says how it ended', () => {
  it('the list reads “Finished: 29 done, 1 failed”, not “Finished” alone', async () => {
    await openRoster('finished', {
      'roster.list': () =>
        ok({
          rosters: [
            summary({ id: 'a', fileName: 'a.csv', phase: 'finished', rows: 30, done: 29, failed: 1 }),
            summary({ id: 'b', fileName: 'b.csv', phase: 'finished', rows: 3, done: 3 })
          ],
          unreadable: []
        })
    })
    rosterStore.close()
    render(RosterScreen)
    const list = await screen.findByTestId('roster-list')
    await waitFor(() => expect(within(list).getByText('Finished: 29 done, 1 failed')).toBeInTheDocument())
    expect(within(list).getByText('Finished: 3 done')).toBeInTheDocument()
  })
})

describe('Roster: the list', () => {
  it('a roster stopped mid-run offers Resume; Delete asks first with Cancel focused', async () => {
    const { calls } = await openRoster('paused', { 'roster.delete': () => ok({ deleted: true }) })
    rosterStore.close()
    render(RosterScreen)
    const list = await screen.findByTestId('roster-list')
    expect(within(list).getByText('Stopped mid-run')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Resume staff.csv' })).toBeInTheDocument()
    await fireEvent.click(within(list).getByRole('button', { name: 'Delete staff.csv' }))
    const dialog = screen.getByRole('dialog')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete roster' }))
    await waitFor(() => expect(sent(calls, 'roster.delete')).toEqual([{ id: 'r1' }]))
    await waitFor(() => expect(screen.queryByTestId('roster-list')).toBeNull())
  })
})
