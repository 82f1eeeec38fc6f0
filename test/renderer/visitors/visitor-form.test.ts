import '@testing-library/jest-dom/vitest'
import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { anyTimeWeek, type Visitor } from '../../../src/shared/access/visitors'
import { walkInWindow } from '../../../src/renderer/src/components/visitors/walk-in'
import { scriptedBridge } from '../../support/fake-bridge'
import { typedDateTimeText } from '../../../src/shared/format/parse-date-time'
import { deskFormatLocale } from '../../../src/renderer/src/lib/i18n/desk-formats'

const door = (id: string, name: string) => ({ id, name, isBindHub: true })
const topology = {
  groups: [
    {
      id: 'g-all',
      name: 'All Doors',
      type: 'building',
      floors: [
        { id: 'f0', name: 'Ground', doors: [door('d-lobby', 'Lobby Door')] },
        { id: 'f1', name: 'First', doors: [door('d-server', 'Server Room'), door('d-office', 'Office')] }
      ]
    },
    {
      id: 'g-lobby',
      name: 'Lobby',
      type: 'access',
      floors: [{ id: 'f0', name: 'Ground', doors: [door('d-lobby', 'Lobby Door')] }]
    }
  ]
}
const hour = 3600
const now = () => Math.floor(Date.now() / 1000)

function visitor(resources: Visitor['resources'], endOffset = 8 * hour): Visitor {
  return {
    id: 'v1',
    first_name: 'Rosa',
    last_name: 'Jensen',
    status: 'ACTIVE',
    visit_reason: 'Business',
    start_time: now() - hour,
    end_time: now() + endOffset,
    nfc_cards: [],
    pin_code: null,
    schedule: null,
    resources,
    license_plates: []
  }
}

/** An edit as the form sends it (visitors.update). */
type Sent = { id: string; edit: { base: Record<string, unknown>; changes: Record<string, unknown> } }

function script() {
  const sent: unknown[] = []
  const answer = (input: unknown) => {
    sent.push(input)
    return { ok: true as const, result: visitor([]) }
  }
  const { bridge, calls } = scriptedBridge({
    'sites.topology': () => ({ ok: true, result: topology }),
    'visitors.update': (input) => {
      sent.push(input)
      return { ok: true as const, result: { outcome: 'saved', record: visitor([]), sent: [] } }
    },
    'visitors.create': answer
  })
  setApiForTests(bridge)
  return { sent, calls }
}

const local = (seconds: number) => {
  const d = new Date(seconds * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

describe('visitor form: doors, an end in the past, no doors', () => {
  beforeEach(() => sites.reset())

  it('shows single doors ticked and sends every ticked door when one is added', async () => {
    const { sent } = script()
    // As main answers it: the automatic group unfolded into the door it holds.
    render(VisitorForm, {
      visitor: visitor([
        { id: 'g-lobby', name: 'Lobby', type: 'door_group' },
        { id: 'd-server', name: 'Server Room', type: 'door' }
      ]),
      onsaved: () => undefined,
      oncancel: () => undefined
    })
    const picker = await screen.findByTestId('resource-picker')
    await within(picker).findByLabelText(/Server Room/)
    expect(within(picker).getByLabelText(/Server Room/)).toBeChecked()
    expect(within(picker).getByLabelText(/^Lobby \(/)).toBeChecked()
    await fireEvent.click(within(picker).getByLabelText(/Office/))
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await expect.poll(() => sent.length).toBe(1)
    const { edit } = sent[0] as Sent
    // Only the doors were changed: nothing else is sent.
    expect(Object.keys(edit.changes)).toEqual(['resources'])
    const resources = edit.changes.resources as { id: string; type: string }[]
    expect(resources.map((r) => `${r.type}:${r.id}`).sort()).toEqual([
      'door:d-office',
      'door:d-server',
      'door_group:g-lobby'
    ])
  })

  it('keeps an automatic group main could not unfold when another door is ticked', async () => {
    const { sent } = script()
    render(VisitorForm, {
      visitor: visitor([
        { id: 'g-lobby', name: 'Lobby', type: 'door_group' },
        { id: 'g-auto', name: 'visitor-1767000000123', type: 'door_group' }
      ]),
      onsaved: () => undefined,
      oncancel: () => undefined
    })
    const picker = await screen.findByTestId('resource-picker')
    expect(await within(picker).findByTestId('resources-auto')).toHaveTextContent('They are kept')
    await fireEvent.click(within(picker).getByLabelText(/Office/))
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await expect.poll(() => sent.length).toBe(1)
    const resources = (sent[0] as Sent).edit.changes.resources as { id: string; type: string }[]
    expect(resources.map((r) => `${r.type}:${r.id}`).sort()).toEqual([
      'door:d-office',
      'door_group:g-auto',
      'door_group:g-lobby'
    ])
  })

  it('refuses an end in the past at the field, and sends nothing', async () => {
    const { sent } = script()
    render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
    await fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Rosa' } })
    await fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Jensen' } })
    await fireEvent.change(screen.getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
    await fireEvent.input(screen.getByLabelText('Valid from'), { target: { value: local(now() - 5 * 86400) } })
    await fireEvent.input(screen.getByLabelText('Valid until'), { target: { value: local(now() - 3 * 86400) } })
    await fireEvent.click(screen.getByRole('checkbox', { name: /Recurring visit/ }))
    await fireEvent.click(await screen.findByLabelText(/Server Room/))
    await fireEvent.click(screen.getByRole('button', { name: 'Create visitor' }))
    expect(await screen.findByTestId('end-time-error')).toHaveTextContent('in the past')
    expect(screen.getByLabelText(/^Valid until/)).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toEqual([])
  })

  it('asks before creating a visitor who would open no door', async () => {
    const { sent } = script()
    render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
    await fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Rosa' } })
    await fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Jensen' } })
    await fireEvent.change(screen.getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
    await screen.findByLabelText(/Server Room/)
    await fireEvent.click(screen.getByRole('button', { name: 'Create visitor' }))
    announcer.message = ''
    const ask = await screen.findByTestId('no-doors')
    expect(ask).toHaveTextContent('will open nothing')
    expect(within(ask).getByRole('button', { name: 'Choose doors' })).toHaveFocus()
    // Said once in the live region: a screen reader on Choose doors hears the question, not only the button.
    await expect
      .poll(() => announcer.message)
      .toBe('No door is ticked: Rosa will open nothing, whatever credential they get.')
    expect(sent).toEqual([])
    await fireEvent.click(within(ask).getByRole('button', { name: 'Create without doors' }))
    await expect.poll(() => sent.length).toBe(1)
    expect((sent[0] as { resources: unknown[] }).resources).toEqual([])
  })
})

describe('visitor form: the weekly schedule and a walk-in’s defaults', () => {
  beforeEach(() => sites.reset())

  const oneTime = (
    week: Visitor['schedule'] extends infer S ? (S extends { week_schedule: infer W } ? W : never) : never
  ) => ({
    ...visitor([{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }]),
    schedule: { id: 's1', name: 'schedule-1', type: 'access', week_schedule: week }
  })

  it('an edit that only adds a door sends no schedule, and the visit stays one-time', async () => {
    const { sent } = script()
    render(VisitorForm, { visitor: oneTime(null), onsaved: () => undefined, oncancel: () => undefined })
    expect(screen.getByRole('checkbox', { name: /Recurring visit/ })).not.toBeChecked()
    await fireEvent.click(await screen.findByLabelText(/Office/))
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await expect.poll(() => sent.length).toBe(1)
    expect(Object.keys((sent[0] as Sent).edit.changes)).toEqual(['resources'])
  })

  it('reads “any time of any day” back as a one-time visit', async () => {
    script()
    render(VisitorForm, { visitor: oneTime(anyTimeWeek()), onsaved: () => undefined, oncancel: () => undefined })
    expect(screen.getByRole('checkbox', { name: /Recurring visit/ })).not.toBeChecked()
  })

  it('turning recurring off sends a one-time visit (null); main turns it into any time of any day', async () => {
    const { sent } = script()
    const week = { ...anyTimeWeek(), saturday: [], sunday: [] }
    render(VisitorForm, { visitor: oneTime(week), onsaved: () => undefined, oncancel: () => undefined })
    const recurring = screen.getByRole('checkbox', { name: /Recurring visit/ })
    expect(recurring).toBeChecked()
    await fireEvent.click(recurring)
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await expect.poll(() => sent.length).toBe(1)
    expect((sent[0] as Sent).edit.changes).toEqual({ week_schedule: null })
  })

  it('a new visitor is valid from now until the business day ends, and not recurring', async () => {
    script()
    render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
    const { start, end } = walkInWindow()
    // Shown as the desk's language writes a date and time ("11/29/2026 08:00 AM"), not the browser's field.
    expect(screen.getByLabelText('Valid from')).toHaveValue(typedDateTimeText(local(start), deskFormatLocale()))
    expect(screen.getByLabelText('Valid until')).toHaveValue(typedDateTimeText(local(end), deskFormatLocale()))
    expect(screen.getByRole('checkbox', { name: /Recurring visit/ })).not.toBeChecked()
  })

  it('walkInWindow: from the last 5 minutes until 18:00, or an hour from now when later', () => {
    const at = (h: number, m: number) => new Date(2026, 10, 23, h, m, 12).getTime()
    const clock = (s: number) => {
      const d = new Date(s * 1000)
      return `${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`
    }
    const w = walkInWindow(at(13, 32))
    expect([clock(w.start), clock(w.end)]).toEqual(['13:30:00', '18:00:00'])
    expect(new Date(w.end * 1000).getDate()).toBe(23)
    const late = walkInWindow(at(17, 41))
    expect([clock(late.start), clock(late.end)]).toEqual(['17:40:00', '18:41:00'])
  })
})
