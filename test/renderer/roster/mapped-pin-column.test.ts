import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { ok } from '../enroll/event-bridge'
import { openRoster, sent, sheet, summary, totals } from './fixtures'

/** A mapped PIN or Touch Pass column is used by default, and said unused on the plan when an option leaves it. */
afterEach(() => cleanup())

async function openFile(mapping: Record<string, number>) {
  const bridge = await openRoster('mapping', {
    'roster.open': () => ok({ summary: summary({ phase: 'mapping' }), sheet, mapping, remembered: false }),
    'roster.plan': () => ok({ rows: [], totals: totals({ rows: 0, ambiguous: 0, ready: 0 }) })
  })
  render(RosterScreen)
  const file = new File([new TextEncoder().encode('Name,Mail,Badge,PIN\n')], 'staff.csv', { type: 'text/csv' })
  await fireEvent.change(screen.getByTestId('roster-file'), { target: { files: [file] } })
  await screen.findByRole('heading', { name: 'Columns' })
  return bridge
}

const options = (calls: [string, unknown][]) => (sent(calls, 'roster.plan')[0] as { options: unknown }).options

describe('Roster: a mapped PIN column', () => {
  it('a guessed PIN column makes “For every row: PIN” follow the column, sent so with the plan', async () => {
    const { calls } = await openFile({ fullName: 0, pin: 3 })
    expect(screen.getByTestId('option-pin')).toHaveValue('column')
    expect(screen.getByTestId('option-pass')).toHaveValue('none')
    await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
    await waitFor(() => expect(sent(calls, 'roster.plan')).toHaveLength(1))
    expect(options(calls)).toEqual({ cards: 'none', batchId: null, pin: 'column', touchPass: 'none' })
    await screen.findByRole('heading', { name: 'Plan' })
    expect(screen.queryByText(/column \(“PIN”\) is not used/)).toBeNull()
  })

  it('a column chosen by hand does the same; unmapped again, the option goes back to none', async () => {
    await openFile({ fullName: 0 })
    expect(screen.getByTestId('option-pass')).toHaveValue('none')
    await fireEvent.change(screen.getByLabelText('Touch Pass (yes/no)'), { target: { value: '3' } })
    expect(screen.getByTestId('option-pass')).toHaveValue('column')
    await fireEvent.change(screen.getByLabelText('Touch Pass (yes/no)'), { target: { value: '' } })
    expect(screen.getByTestId('option-pass')).toHaveValue('none')
  })

  it('another option chosen while the column is mapped is kept, and the plan says the column is not used', async () => {
    const { calls } = await openFile({ fullName: 0, pin: 3 })
    await fireEvent.change(screen.getByTestId('option-pin'), { target: { value: 'none' } })
    // The person's choice stays when the column is picked again.
    await fireEvent.change(screen.getByLabelText('PIN (yes/no)'), { target: { value: '3' } })
    expect(screen.getByTestId('option-pin')).toHaveValue('none')
    await fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }))
    await waitFor(() => expect(sent(calls, 'roster.plan')).toHaveLength(1))
    expect(options(calls)).toMatchObject({ pin: 'none' })
    await screen.findByRole('heading', { name: 'Plan' })
    expect(screen.getByTestId('plan-unused-columns')).toHaveTextContent(
      'The PIN column (“PIN”) is not used: “For every row” says “No PIN”.'
    )
  })
})
