import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import ScheduleHarness from './ScheduleHarness.svelte'
import { businessHours, emptySchedule } from '../../../src/renderer/src/components/visitors/schedule'
import { scheduleSchema } from '../../../src/shared/visitors/schedule'

const json = () => JSON.parse(screen.getByTestId('schedule-json').textContent!)

describe('weekly schedule editor', () => {
  it('explains a malformed time and an end before the start at the field', async () => {
    render(ScheduleHarness, { initial: businessHours() })
    const from = screen.getByLabelText('Monday range 1 from')
    const to = screen.getByLabelText('Monday range 1 to')
    expect(screen.queryByText(/HH:MM:SS/)).toBeNull()

    await fireEvent.input(from, { target: { value: '9am' } })
    expect(from).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Use HH:MM:SS, 24-hour (for example 09:00:00).')).toBeInTheDocument()

    await fireEvent.input(from, { target: { value: '18:00:00' } })
    expect(from).not.toHaveAttribute('aria-invalid')
    expect(to).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('The range must end after it starts.')).toBeInTheDocument()

    await fireEvent.input(to, { target: { value: '19:30' } })
    await fireEvent.blur(to)
    expect(to).toHaveValue('19:30:00')
    expect(to).not.toHaveAttribute('aria-invalid')
    expect(json().monday).toEqual([{ start_time: '18:00:00', end_time: '19:30:00' }])
  })

  it('flags overlapping ranges on a day', async () => {
    render(ScheduleHarness, { initial: businessHours() })
    await fireEvent.click(screen.getByRole('button', { name: 'Add range on Tuesday' }))
    const from2 = screen.getByLabelText('Tuesday range 2 from')
    await fireEvent.input(from2, { target: { value: '12:00:00' } })
    expect(from2).toHaveAttribute('aria-invalid', 'true')
    // The range it overlaps in the desk's clock (formats().clock), not the console's "07:00:00".
    expect(screen.getByText(/^Overlaps 7:00\sAM–6:00\sPM\.$/)).toBeInTheDocument()
    await fireEvent.input(from2, { target: { value: '18:30:00' } })
    expect(from2).not.toHaveAttribute('aria-invalid')
  })

  it('copies a day to chosen days, and the business-hours preset fills Monday to Friday', async () => {
    render(ScheduleHarness, { initial: emptySchedule() })
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least one time range')
    await fireEvent.click(screen.getByRole('button', { name: /^Business hours \(Mon–Fri 7:00\sAM\s–\s6:00\sPM\)$/ }))
    const week = json()
    expect(scheduleSchema.safeParse(week).success).toBe(true)
    expect(week.friday).toEqual([{ start_time: '07:00:00', end_time: '18:00:00' }])
    expect(week.saturday).toEqual([])
    expect(screen.queryByRole('alert')).toBeNull()

    await fireEvent.input(screen.getByLabelText('Monday range 1 to'), { target: { value: '12:00:00' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Copy to other days: Monday' }))
    const group = screen.getByRole('group', { name: 'Copy Monday to' })
    await fireEvent.click(within(group).getByLabelText('Saturday'))
    await fireEvent.click(within(group).getByLabelText('Wednesday'))
    await fireEvent.click(within(group).getByRole('button', { name: 'Copy' }))
    const copied = json()
    expect(copied.saturday).toEqual([{ start_time: '07:00:00', end_time: '12:00:00' }])
    expect(copied.wednesday).toEqual([{ start_time: '07:00:00', end_time: '12:00:00' }])
    expect(copied.tuesday).toEqual([{ start_time: '07:00:00', end_time: '18:00:00' }])
    // The copy is independent: editing Saturday leaves Monday alone.
    await fireEvent.input(screen.getByLabelText('Saturday range 1 to'), { target: { value: '10:00:00' } })
    expect(json().monday).toEqual([{ start_time: '07:00:00', end_time: '12:00:00' }])
  })
})
