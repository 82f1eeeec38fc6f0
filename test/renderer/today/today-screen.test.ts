import { afterEach, describe, expect, it } from 'vitest'
import { tick } from 'svelte'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
// The walk-in form's code is loaded when first opened (in the app: its own chunk, fetched with the
// Visitors screen when idle). Imported here so that first open does not wait for its compile.
import '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { router } from '../../../src/renderer/src/stores/router.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { formDrafts } from '../../../src/renderer/src/lib/form-drafts.svelte'
import { buildApi } from '../../../src/preload/api'
import type { ChannelName, EventName } from '../../../src/shared/ipc/contract'
import type { Envelope } from '../../../src/shared/ipc/define'
import type { LiveSource, TodayRow, TodayView } from '../../../src/shared/today/schemas'
import type { BadgeHistoryEntry } from '../../../src/shared/badges/schemas'
import { formats } from '../../../src/shared/format/formats'

import { todayMainOf } from '../../support/today-window'
/** 23 Nov 2026 in the test's time zone: the day Today shows. */
const dayStart = Math.floor(new Date(2026, 10, 23).getTime() / 1000)
const at = (h: number, m = 0) => dayStart + h * 3600 + m * 60

const row = (fields: Partial<TodayRow> & Pick<TodayRow, 'id' | 'name'>): TodayRow => ({
  company: '',
  host: '',
  status: 'ACTIVE',
  group: 'expected',
  start: at(9),
  end: at(17),
  doors: [{ name: 'Lobby', group: true }],
  credentials: { pin: false, cards: 0, qr: false },
  badgePrinted: false,
  badgeQrRevokedAt: null,
  week: null,
  ...fields
})

function viewOf(
  rows: TodayRow[],
  source: LiveSource = { kind: 'notifications', visitorEvents: true, backstopSeconds: 60 }
): TodayView {
  return { day: '2026-11-23', dayStart, dayEnd: dayStart + 86_399, rows, readAt: Date.now(), source }
}

/**
 * A bridge whose events the test pushes, as main would; `list` answers today.list instead of `view`.
 * The screen's list names its watcher, so main answers it with the live source it starts (`source`).
 */
function bridgeWith(view: TodayView, source: LiveSource, list: () => unknown = () => ({ ...view, source })) {
  const calls: ChannelName[] = []
  const listeners = new Map<EventName, ((payload: unknown) => void)[]>()
  // Each read of the console (the screen's window asked with `read`, or the first one) is counted as today.list.
  const main = todayMainOf(() => {
    calls.push('today.list')
    return list()
  })
  const answers: Partial<Record<ChannelName, (input?: unknown) => unknown>> = {
    'today.list': list,
    'today.view': (input) => main.view(input),
    'today.watch': () => source,
    'today.unwatch': () => ({ stopped: true }),
    'today.settings': () => ({ walkInDoors: [{ id: 'g1', type: 'door_group', name: 'Lobby' }] }),
    'sites.topology': () => ({ groups: [] })
  }
  const bridge = buildApi(
    async (channel, input): Promise<Envelope> => {
      calls.push(channel)
      const answer = answers[channel]
      return answer
        ? { ok: true, result: await answer(input) }
        : { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } }
    },
    (event, listener) => {
      const list = listeners.get(event) ?? []
      list.push(listener as (p: unknown) => void)
      listeners.set(event, list)
      return () =>
        listeners.set(
          event,
          (listeners.get(event) ?? []).filter((l) => l !== listener)
        )
    }
  )
  const push = (event: EventName, payload: unknown) => {
    // A whole list pushed: what changed from the list held, as main pushes it (test/support/today-window.ts).
    if (event === 'today.changed') {
      const change = main.changed(payload as TodayView)
      if (!change) return
      payload = change
    }
    for (const l of listeners.get(event) ?? []) l(payload)
  }
  return { bridge, calls, push }
}

afterEach(() => {
  cleanup()
  // The store outlives the screen (the list is held for the next visit): each test starts without one.
  today.reset()
  // A walk-in form left open is kept with its console (lib/form-drafts), not by the store: dropped too.
  formDrafts.clear()
  badgeDesk.history = []
  announcer.message = ''
})

describe('Today screen', () => {
  it('a badge only handed to the browser’s print dialog reads "Sent to the print dialog", not "Printed"', async () => {
    const view = viewOf([row({ id: 'a', name: 'Ann Berg', badgePrinted: true, badgeOutput: 'browser-print' })])
    let reads = 0
    const { bridge } = bridgeWith(view, view.source, () => (++reads === 1 ? view : new Promise(() => {})))
    setApiForTests(bridge)
    render(TodayScreen)
    expect(await screen.findByTestId('badge-printed')).toHaveTextContent(/^Sent to the print dialog$/)
    cleanup()
    // One sent from Badges since the list was read (the held history marks the row): the same words.
    badgeDesk.history = [
      {
        id: 'h1',
        visitorId: 'b',
        name: 'Bo Dahl',
        company: '',
        host: '',
        validFrom: 0,
        validTo: 1,
        stock: 'dk-11202',
        printedAt: '2026-11-23T11:00:00.000Z',
        output: 'browser-print'
      }
    ]
    const later = viewOf([row({ id: 'b', name: 'Bo Dahl' })])
    setApiForTests(bridgeWith(later, later.source, () => later).bridge)
    render(TodayScreen)
    expect(await screen.findByTestId('badge-printed')).toHaveTextContent(/^Sent to the print dialog$/)
  })

  it('a badge saved as PDF reads "Saved as PDF", as the print history says, never "Printed"', async () => {
    // The reception walk: a badge saved as PDF (and reprinted as PDF) read "Printed" on Today.
    for (const [output, words] of [
      ['pdf', /^Saved as PDF$/],
      ['browser-pdf', /PDF/],
      ['printer', /^(Printed|QL-820)/]
    ] as const) {
      const view = viewOf([row({ id: 'a', name: 'Ann Berg', badgePrinted: true, badgeOutput: output })])
      const { bridge } = bridgeWith(view, view.source, () => view)
      setApiForTests(bridge)
      render(TodayScreen)
      expect(await screen.findByTestId('badge-printed'), output).toHaveTextContent(words)
      cleanup()
      today.reset()
    }
  })

  it('a badge printed before its QR code was revoked says it opens nothing, until a new one is printed', async () => {
    const revokedAt = '2026-11-23T10:00:00.000Z'
    const view = viewOf([row({ id: 'a', name: 'Ann Berg', badgePrinted: true, badgeQrRevokedAt: revokedAt })])
    let reads = 0
    // The second visit's read stays unanswered: what is shown is the held list, marked from the history.
    const { bridge } = bridgeWith(view, view.source, () => (++reads === 1 ? view : new Promise(() => {})))
    setApiForTests(bridge)
    render(TodayScreen)
    const cell = await screen.findByTestId('badge-printed')
    expect(cell).toHaveTextContent(/^Printed; QR revoked$/)
    expect(cell.querySelector('[title]')).toHaveAttribute('title', expect.stringContaining('that badge opens no door'))
    expect(screen.getByRole('button', { name: 'New badge for Ann Berg' })).toBeEnabled()
    cleanup()
    // A new badge made at this desk after the revocation (the Badges screen's history): it carries the new code.
    badgeDesk.history = [
      {
        id: 'h1',
        visitorId: 'a',
        name: 'Ann Berg',
        company: '',
        host: '',
        validFrom: 0,
        validTo: 1,
        stock: 'dk-11202',
        printedAt: '2026-11-23T11:00:00.000Z',
        output: 'browser-pdf'
      }
    ]
    render(TodayScreen)
    // In the history's words: that badge went to a PDF (it read "Printed").
    expect(await screen.findByTestId('badge-printed')).toHaveTextContent(/^Saved as PDF by the browser$/)
    expect(screen.getByRole('button', { name: 'Reprint badge for Ann Berg' })).toBeEnabled()
  })

  const rows = [
    row({
      id: 'a',
      name: 'Ann Berg',
      company: 'Acme',
      host: 'Hanne Lund',
      credentials: { pin: true, cards: 2, qr: false }
    }),
    row({ id: 'b', name: 'Bo Dahl', status: 'VISITING', group: 'here', badgePrinted: true }),
    row({ id: 'c', name: 'Cy Eng', status: 'CANCELLED', group: 'cancelled' }),
    // A recurring visit that began days ago and ends in a week.
    row({ id: 'd', name: 'Di Fox', start: dayStart - 3 * 86_400, end: dayStart + 7 * 86_400 })
  ]

  it('groups the visitors, says what each holds and which source keeps the list live', async () => {
    const { bridge } = bridgeWith(viewOf(rows), { kind: 'notifications', visitorEvents: true, backstopSeconds: 60 })
    setApiForTests(bridge)
    render(TodayScreen)
    const expected = await screen.findByTestId('today-group-expected')
    expect(within(expected).getByRole('heading')).toHaveTextContent('Expected 2')
    const ann = within(expected).getAllByTestId('today-row')[0]!
    expect(ann).toHaveTextContent('Ann Berg')
    expect(ann).toHaveTextContent('Acme')
    expect(ann).toHaveTextContent('Hanne Lund')
    expect(ann).toHaveTextContent('PIN, 2 cards')
    expect(within(ann).getByTestId('badge-printed')).toHaveTextContent('Not printed')
    expect(within(expected).getAllByTestId('today-row')[1]).toHaveTextContent(/^since .*until /)
    const here = screen.getByTestId('today-group-here')
    expect(within(here).getByRole('button', { name: 'Reprint badge for Bo Dahl' })).toBeEnabled()
    expect(within(here).getByTestId('badge-printed')).toHaveTextContent('Printed')
    const cancelled = screen.getByTestId('today-group-cancelled')
    expect(within(cancelled).getByRole('button', { name: 'Print badge for Cy Eng' })).toBeDisabled()
    expect(within(screen.getByTestId('today-group-left')).getByText('No one has left yet.')).toBeInTheDocument()
    expect(await screen.findByText('Live: console notifications (the list is also re-read every 60 s)')).toBeVisible()
    expect(screen.getByTestId('walk-in-doors')).toHaveTextContent('Walk-ins get: Lobby (group)')
  })

  it('says the list is not up to date while its re-reads fail, since when, and stops saying it once one works', async () => {
    const { bridge, push } = bridgeWith(viewOf(rows), {
      kind: 'polling',
      everySeconds: 15,
      reason: 'test',
      why: { key: 'closed', code: 1006 }
    })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByTestId('today-group-expected')
    expect(screen.queryByTestId('today-stale')).toBeNull()
    const since = new Date(2026, 10, 23, 13, 51, 0).getTime()
    push('today.reads', {
      failingSince: since,
      lastFailedAt: since + 60_000,
      message: 'The console answered with an error.'
    })
    const stale = await screen.findByTestId('today-stale')
    expect(stale).toHaveTextContent(
      `not up to date: reading it has failed since ${new Date(since).toLocaleTimeString()}`
    )
    expect(stale).toHaveTextContent(`last try ${new Date(since + 60_000).toLocaleTimeString()}`)
    expect(stale).toHaveTextContent('The console answered with an error.')
    // Said once, in the app's one live region; the note is not a live region of its own: its "last try"
    // time changes with every failed read, and an alert was read out again every 15 s.
    expect(stale.closest('[role=alert], [aria-live]')).toBeNull()
    await waitFor(() => expect(announcer.message).toMatch(/not up to date/))
    announcer.message = ''
    push('today.reads', {
      failingSince: since,
      lastFailedAt: since + 75_000,
      message: 'The console answered with an error.'
    })
    await tick()
    expect(stale).toHaveTextContent(`last try ${new Date(since + 75_000).toLocaleTimeString()}`)
    expect(announcer.message).toBe('')
    push('today.reads', { failingSince: null, lastFailedAt: null, message: null, readAt: since + 90_000 })
    await tick()
    expect(screen.queryByTestId('today-stale')).toBeNull()
    // Said once, politely, that it is current again: the live region no longer holds only the outage.
    await waitFor(() => expect(announcer.message).toMatch(/up to date again/))
    expect(announcer.message).not.toMatch(/not up to date/)
    announcer.message = ''
    push('today.reads', { failingSince: null, lastFailedAt: null, message: null, readAt: since + 105_000 })
    await new Promise((r) => setTimeout(r, 60))
    expect(announcer.message).toBe('')
  })

  it('moves a row when main pushes a change, announces it, and follows a change of source', async () => {
    const { bridge, push, calls } = bridgeWith(viewOf(rows), {
      kind: 'notifications',
      visitorEvents: true,
      backstopSeconds: 60
    })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByTestId('today-group-expected')
    await screen.findByText(/^Live: console notifications/)
    const arrived = rows.map((r) => (r.id === 'a' ? { ...r, status: 'VISITING' as const, group: 'here' as const } : r))
    push('today.changed', viewOf(arrived))
    push('today.source', {
      kind: 'polling',
      everySeconds: 15,
      reason: "main's English, not shown",
      why: { key: 'noKey', permission: 'view:device' }
    })
    const here = screen.getByTestId('today-group-here')
    await within(here).findByText('Ann Berg')
    expect(within(screen.getByTestId('today-group-expected')).queryByText('Ann Berg')).toBeNull()
    // Said in the app's one live region, in the words every screen uses for the state.
    await expect.poll(() => announcer.message).toBe('Ann Berg: Here')
    expect(
      await screen.findByText(
        'Updating every 15 s: this token lacks view:device (give the API token that key in the console for live updates).'
      )
    ).toBeVisible()
    // The change came by event: the list was read once, at the start.
    expect(calls.filter((c) => c === 'today.list')).toHaveLength(1)
  })

  it('from its title (where the sidebar leaves the focus) ↓ goes to the first visitor and ↑ to the last', async () => {
    const { bridge } = bridgeWith(viewOf(rows), { kind: 'notifications', visitorEvents: true, backstopSeconds: 60 })
    setApiForTests(bridge)
    router.go('today')
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    const title = screen.getByRole('heading', { level: 1, name: 'Today' })
    title.setAttribute('tabindex', '-1')
    title.focus()
    await fireEvent.keyDown(title, { key: 'ArrowDown' })
    const names = [...document.querySelectorAll<HTMLButtonElement>('button[data-row-name]')]
    expect(names.length).toBeGreaterThan(1)
    expect(names[0]).toHaveFocus()
    title.focus()
    await fireEvent.keyDown(title, { key: 'ArrowUp' })
    expect(names.at(-1)).toHaveFocus()
    // In the rows, the row's own keys: ↑ moves one up (not back to the last).
    await fireEvent.keyDown(names.at(-1)!, { key: 'ArrowUp' })
    expect(names.at(-2)).toHaveFocus()
  })

  it('prints with P and moves between rows with the arrows; W opens a walk-in with the desk’s doors', async () => {
    const { bridge } = bridgeWith(viewOf(rows), { kind: 'notifications', visitorEvents: true, backstopSeconds: 60 })
    setApiForTests(bridge)
    router.go('today')
    render(TodayScreen)
    const ann = await screen.findByRole('button', { name: 'Ann Berg' })
    ann.focus()
    await fireEvent.keyDown(ann, { key: 'ArrowDown' })
    expect(screen.getByRole('button', { name: 'Di Fox' })).toHaveFocus()
    await fireEvent.keyDown(screen.getByRole('button', { name: 'Di Fox' }), { key: 'ArrowUp' })
    expect(ann).toHaveFocus()
    // A cancelled visit gets no badge: P does nothing there.
    await fireEvent.keyDown(screen.getByRole('button', { name: 'Cy Eng' }), { key: 'p' })
    expect(router.current).toBe('today')
    await fireEvent.keyDown(ann, { key: 'P' })
    expect(badgeDesk.visitorId).toBe('a')
    expect(router.current).toBe('badges')

    router.go('today')
    // W while typing in a field is a letter, not a shortcut.
    const input = document.createElement('input')
    document.body.append(input)
    await fireEvent.keyDown(input, { key: 'w' })
    expect(screen.queryByTestId('today-walk-in')).toBeNull()
    input.remove()
    await fireEvent.keyDown(document.body, { key: 'w' })
    const form = await screen.findByTestId('today-walk-in')
    // Titled for what it is on Today, and saying what it creates.
    expect(within(form).getByRole('heading', { level: 2, name: 'Walk-in' })).toBeInTheDocument()
    expect(within(form).getByTestId('visitor-form-intro')).toHaveTextContent(
      "Registers a visitor who came without a booking, on the console, with the desk's walk-in doors (Lobby (group))."
    )
    // The desk's walk-in door group is ticked before anything is chosen.
    expect(within(form).getByTestId('resource-picker')).toHaveTextContent('(1 chosen)')
  })

  it('does not call the socket live before the console has sent a visitor event on it', async () => {
    const { bridge } = bridgeWith(viewOf(rows), { kind: 'notifications', visitorEvents: false, backstopSeconds: 15 })
    setApiForTests(bridge)
    render(TodayScreen)
    expect(
      await screen.findByText(
        'Console notifications connected, no visitor event from this console yet: the list is read every 15 s'
      )
    ).toBeVisible()
    expect(screen.getByTestId('today-source')).not.toHaveTextContent('Live')
  })

  it('stops the live updates when the screen closes', async () => {
    const { bridge, calls } = bridgeWith(viewOf(rows), {
      kind: 'notifications',
      visitorEvents: true,
      backstopSeconds: 60
    })
    setApiForTests(bridge)
    const { unmount } = render(TodayScreen)
    await screen.findByTestId('today-group-expected')
    await screen.findByText(/^Live: console notifications/)
    unmount()
    expect(calls).toContain('today.unwatch')
  })

  it('draws a page of each group on a large day, and finds a visitor across the groups', async () => {
    // 120 expected (one every 3 minutes from 08:00), 3 here: a day of a large site, smaller.
    const many = Array.from({ length: 120 }, (_, i) =>
      row({ id: `e${i + 1}`, name: `Guest ${String(i + 1).padStart(3, '0')}`, start: at(8, i * 3) })
    )
    const here = [
      row({ id: 'h1', name: 'Ada Ng', status: 'VISITING', group: 'here', company: 'Northwind' }),
      row({ id: 'h2', name: 'Bo Dahl', status: 'VISITING', group: 'here' }),
      row({ id: 'h3', name: 'Cy Eng', status: 'VISITING', group: 'here', host: 'Ida Ng' })
    ]
    const { bridge, push } = bridgeWith(viewOf([...many, ...here]), {
      kind: 'notifications',
      visitorEvents: true,
      backstopSeconds: 60
    })
    setApiForTests(bridge)
    render(TodayScreen)
    const expected = await screen.findByTestId('today-group-expected')
    expect(within(expected).getByRole('heading')).toHaveTextContent('Expected 120')
    // The rows a window shows come first, the rest of the page a frame later (lib/first-screenful).
    await waitFor(() => expect(within(expected).getAllByTestId('today-row')).toHaveLength(50))
    let drawn = within(expected).getAllByTestId('today-row')
    expect(drawn[0]).toHaveTextContent('Guest 001')
    // Times as the desk's locale writes them (the formats are made once, not per row).
    const clock = (s: number) => formats().time(new Date(s * 1000))
    expect(within(drawn[0]!).getByText(`${clock(at(8))} – ${clock(at(17))}`)).toBeInTheDocument()
    const pages = within(expected).getByRole('navigation', { name: 'Expected pages' })
    expect(pages).toHaveTextContent('Page 1 of 3 · 120 visitors')
    // A group that fits on a page has no pager.
    expect(within(screen.getByTestId('today-group-here')).queryByRole('navigation')).toBeNull()

    await fireEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(within(expected).getAllByTestId('today-row')[0]).toHaveTextContent('Guest 051'))
    drawn = within(expected).getAllByTestId('today-row')
    expect(drawn).toHaveLength(50)
    expect(drawn[0]).toHaveTextContent('Guest 051')
    expect(pages).toHaveTextContent('Page 2 of 3 · 120 visitors')

    // A re-read pushed by main keeps the page the desk is on.
    push('today.changed', viewOf([...many.slice(1), ...here]))
    await waitFor(() => expect(within(expected).getAllByTestId('today-row')[0]).toHaveTextContent('Guest 052'))

    // Find: name, company or host, in every group, each back on its first page; / goes there.
    await fireEvent.keyDown(document.body, { key: '/' })
    expect(screen.getByRole('searchbox', { name: 'Find a visitor today' })).toHaveFocus()
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a visitor today' }), { target: { value: ' ng' } })
    // The window is main's answer (today.view): drawn once it is in.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('today-group-here'))
          .getAllByTestId('today-row')
          .map((r) => r.dataset.id)
      ).toEqual(['h1', 'h3'])
    )
    expect(screen.getByText(/^2 of today’s 122 visitors\s+match$/)).toBeInTheDocument()
    expect(within(expected).getByText('No one in this group matches “ng”.')).toBeInTheDocument()
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a visitor today' }), {
      target: { value: 'GUEST 11' }
    })
    await waitFor(() =>
      expect(
        within(expected)
          .getAllByTestId('today-row')
          .map((r) => r.dataset.id)
      ).toEqual(Array.from({ length: 10 }, (_, i) => `e${110 + i}`))
    )
    expect(within(expected).queryByRole('navigation')).toBeNull()
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a visitor today' }), { target: { value: '' } })
    await waitFor(() => expect(within(expected).getAllByTestId('today-row')[0]).toHaveTextContent('Guest 002'))

    // A walk-in just added is shown where it is: its page, the find cleared if it hid them.
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a visitor today' }), { target: { value: 'Ng' } })
    await today.reveal('e75')
    await tick()
    expect(screen.getByRole('searchbox', { name: 'Find a visitor today' })).toHaveValue('')
    expect(within(expected).getByRole('navigation', { name: 'Expected pages' })).toHaveTextContent(
      'Page 2 of 3 · 119 visitors'
    )
    expect(
      within(expected)
        .getAllByTestId('today-row')
        .map((r) => r.dataset.id)
    ).toContain('e75')
  })

  it('shows the list held from the last visit at once and swaps in the new read; another console drops it', async () => {
    let answer: (view: TodayView) => void = () => undefined
    const reads: TodayView[] = [viewOf(rows)]
    const { bridge } = bridgeWith(
      viewOf(rows),
      { kind: 'notifications', visitorEvents: true, backstopSeconds: 60 },
      () => (reads.length ? reads.shift() : new Promise<TodayView>((resolve) => (answer = resolve)))
    )
    setApiForTests(bridge)
    const first = render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    first.unmount()
    // Away, the desk printed Ann's badge on the Badges screen (its history now says so).
    badgeDesk.history = [
      { id: 'h1', visitorId: 'a', name: 'Ann Berg', printedAt: '2026-11-23T09:00:00.000Z' } as BadgeHistoryEntry
    ]

    // Back on Today: the rows read before are there while the new read is on its way, her badge printed.
    render(TodayScreen)
    const ann = screen.getAllByTestId('today-row').find((r) => r.dataset.id === 'a')!
    expect(within(ann).getByRole('button', { name: 'Ann Berg' })).toBeVisible()
    expect(within(ann).getByTestId('badge-printed')).toHaveTextContent('Printed')
    expect(screen.queryByText('Reading today’s visitors…')).toBeNull()
    answer(viewOf(rows.map((r) => (r.id === 'a' ? { ...r, status: 'VISITING' as const, group: 'here' as const } : r))))
    await within(screen.getByTestId('today-group-here')).findByRole('button', { name: 'Ann Berg' })
    // Moved since the last visit, not while the desk watched: not announced as a live change.
    await new Promise((r) => setTimeout(r, 60))
    expect(announcer.message).not.toContain('Ann Berg')

    forgetConsoleData()
    await tick()
    expect(screen.queryByTestId('today-list')).toBeNull()
    expect(screen.getByText('Reading today’s visitors…')).toBeInTheDocument()
  })
})
