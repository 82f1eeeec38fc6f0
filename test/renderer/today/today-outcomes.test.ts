import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
// The walk-in form's code is loaded when first opened (in the app: its own chunk, fetched with the
// Visitors screen when idle). Imported here so that first open does not wait for its compile.
import '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { router } from '../../../src/renderer/src/stores/router.svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { TodayRow } from '../../../src/shared/today/schemas'
import { scriptedBridge } from '../../support/fake-bridge'
import { envelopedTodayView } from '../../support/today-window'
import { deskFormats } from '../../../src/renderer/src/lib/i18n/desk-formats'

/**
 * Today says what an action did in the app's one live region (lib/action-outcome), never in a status
 * line of its own, and its keys do what the screen says they do.
 */
const now = Math.floor(Date.now() / 1000)
const walter: Visitor = {
  id: 'v-new',
  first_name: 'Walter',
  last_name: 'Inn',
  status: 'ACTIVE',
  visit_reason: 'Business',
  start_time: now,
  end_time: now + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}
const rowOf = (v: Visitor): TodayRow => ({
  id: v.id,
  name: `${v.first_name} ${v.last_name}`,
  company: '',
  host: '',
  status: v.status!,
  group: 'expected',
  start: v.start_time!,
  end: v.end_time!,
  doors: [],
  credentials: { pin: false, cards: 0, qr: false },
  badgePrinted: false,
  badgeQrRevokedAt: null,
  week: null
})

function scripted(rows: TodayRow[][], created: Visitor = walter) {
  const ok = (result: unknown) => ({ ok: true as const, result })
  const view = (r: TodayRow[]) => ({
    day: '2026-11-23',
    dayStart: now - 3600,
    dayEnd: now + 80_000,
    rows: r,
    readAt: Date.now(),
    source: { kind: 'off' }
  })
  const list = () => ok(view(rows.length > 1 ? rows.shift()! : rows[0]!))
  const { bridge } = scriptedBridge({
    'visitors.create': () => ok(created),
    'today.list': list,
    'today.view': envelopedTodayView(list),
    'today.watch': () => ok({ kind: 'polling', everySeconds: 15, reason: 'test', why: { key: 'closed', code: 1006 } }),
    'today.unwatch': () => ok({ stopped: true }),
    'today.settings': () => ok({ walkInDoors: [{ id: 'g1', type: 'door_group', name: 'Lobby' }] }),
    'today.saveSettings': (input) => ok(input),
    'today.capabilities': () => ok({ missing: [] }),
    'sites.topology': () => ok({ groups: [] })
  })
  setApiForTests(bridge)
}

afterEach(() => {
  cleanup()
  forgetConsoleData()
  announcer.message = ''
})

describe('Today: outcomes in the one live region, keys that do what they say', () => {
  it('a walk-in added is said in the app’s live region, the focus on the next step; Today has no live region of its own', async () => {
    scripted([[], [rowOf(walter)]])
    const { container } = render(TodayScreen)
    await screen.findByTestId('today-list')
    await fireEvent.click(screen.getByRole('button', { name: /^Add walk-in…/ }))
    const form = await screen.findByTestId('visitor-form')
    await fireEvent.input(within(form).getByLabelText('First name'), { target: { value: 'Walter' } })
    await fireEvent.input(within(form).getByLabelText('Last name'), { target: { value: 'Inn' } })
    await fireEvent.change(within(form).getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
    await fireEvent.click(within(form).getByRole('button', { name: 'Create visitor' }))

    await expect.poll(() => announcer.message).toBe('Walter Inn was added and is expected now')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Print Walter Inn’s badge…' }))
    // The find's count too is said there, not by a status line of the screen.
    await fireEvent.input(screen.getByTestId('today-find'), { target: { value: 'walt' } })
    await expect.poll(() => announcer.message).toBe('1 of today’s 1 visitor matches')
    expect(container.querySelectorAll('[role="status"], [role="log"], [aria-live]')).toHaveLength(0)
  })

  it('P does what the keys line says: it opens the visitor’s badge on Badges, ready to print', async () => {
    scripted([[rowOf(walter)]])
    router.go('today')
    render(TodayScreen)
    const name = await screen.findByRole('button', { name: 'Walter Inn' })
    const keys = screen.getByText(/^Keys:/)
    expect(keys).toHaveTextContent('P opens their badge on Badges, ready to print')
    // Not disabled, so nothing describes it: a tooltip is never where a button's reason is kept.
    expect(screen.getByRole('button', { name: 'Print badge for Walter Inn' })).not.toHaveAccessibleDescription()
    await fireEvent.keyDown(name, { key: 'p' })
    expect(router.current).toBe('badges')
    expect(badgeDesk.visitorId).toBe('v-new')
  })

  it('a walk-in booked for another day is said as booked for that day, not in today’s list, and its Print badge… still opens Badges for it', async () => {
    // The console keeps the visit for tomorrow (the form's times): the list read after the save does not hold it.
    const tomorrow = now + 86_400
    scripted([[]], { ...walter, start_time: tomorrow, end_time: tomorrow + 3600 })
    router.go('today')
    render(TodayScreen)
    await screen.findByTestId('today-list')
    await fireEvent.click(screen.getByRole('button', { name: /^Add walk-in…/ }))
    const form = await screen.findByTestId('visitor-form')
    await fireEvent.input(within(form).getByLabelText('First name'), { target: { value: 'Walter' } })
    await fireEvent.input(within(form).getByLabelText('Last name'), { target: { value: 'Inn' } })
    await fireEvent.change(within(form).getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
    await fireEvent.click(within(form).getByRole('button', { name: 'Create visitor' }))
    const print = await screen.findByRole('button', { name: 'Print Walter Inn’s badge…' })
    // What is true: booked for that day, not in today's list — never "expected now".
    const day = deskFormats().weekdayDayMonth(tomorrow * 1000)
    const said = `Walter Inn was added, booked for ${day}: not in today’s list`
    await expect.poll(() => announcer.message).toBe(said)
    expect(screen.getByTestId('walk-in-added')).toHaveTextContent(`${said}.`)
    expect(screen.getByTestId('walk-in-added')).not.toHaveTextContent(/expected now/)
    expect(document.activeElement).toBe(print)
    await fireEvent.click(print)
    expect(router.current).toBe('badges')
    expect(badgeDesk.visitorId).toBe('v-new')
  })

  // The walk: these actions said nothing at all.
  it('the walk-in form’s Cancel is said (closed, nothing saved), the focus back on Add walk-in…', async () => {
    scripted([[]])
    render(TodayScreen)
    await screen.findByTestId('today-list')
    const add = screen.getByRole('button', { name: /^Add walk-in…/ })
    await fireEvent.click(add)
    const form = await screen.findByTestId('visitor-form')
    await fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    await expect.poll(() => announcer.message).toBe('Walk-in form closed, nothing saved')
    expect(screen.queryByTestId('visitor-form')).toBeNull()
    expect(document.activeElement).toBe(add)
  })

  it('walk-in doors changed are said with the doors kept, the focus back on Change walk-in doors…', async () => {
    scripted([[]])
    render(TodayScreen)
    await screen.findByTestId('today-list')
    const change = screen.getByRole('button', { name: 'Change walk-in doors…' })
    await fireEvent.click(change)
    await fireEvent.click(await screen.findByRole('button', { name: 'Keep these doors' }))
    await expect.poll(() => announcer.message).toMatch(/^Walk-in doors saved: /)
    // The doors as the line on screen names them now.
    const shown = within(screen.getByTestId('walk-in-doors')).getByRole('strong').textContent
    expect(announcer.message).toBe(`Walk-in doors saved: ${shown}`)
    expect(document.activeElement).toBe(change)
  })
})
