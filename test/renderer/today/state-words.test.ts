import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { visitorStatuses, type DayVisitor, type Visitor, type VisitorStatus } from '../../../src/shared/access/visitors'
import { todayRows } from '../../../src/main/services/today/today-list'
import { localDay } from '../../../src/main/services/today/desk-day'
import { scriptedBridge } from '../../support/fake-bridge'
import { envelopedTodayView } from '../../support/today-window'

/**
 * One word per visitor state, on every screen: the word Visitors shows for a visitor (its list, its
 * details) is the heading Today lists them under, for each of the console's six states. Today's rows
 * are made by main's own grouping (todayRows), as the screen gets them.
 */
const now = new Date()
const day = localDay(now)
const visitorIn = (status: VisitorStatus): Visitor => ({
  id: `v-${status}`,
  first_name: 'Rosa',
  last_name: status,
  status,
  visit_reason: 'Business',
  start_time: day.start + 3600,
  // To the day's last second: a window over by now is a no-show on both screens (shared/today/groups.ts).
  end_time: day.end,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
})

function answering(visitor: Visitor) {
  const rows = todayRows(
    [visitor as DayVisitor],
    day,
    () => ({
      doors: [],
      badgePrinted: false,
      badgeQrRevokedAt: null
    }),
    Date.now()
  )
  const ok = (result: unknown) => ({ ok: true as const, result })
  const { bridge } = scriptedBridge({
    'visitors.list': () => ok({ items: [visitor], total: 1 }),
    'visitors.get': () => ok(visitor),
    'visitors.capabilities': () => ok({ canEdit: true }),
    'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
    'today.view': envelopedTodayView(() =>
      ok({ day: day.day, dayStart: day.start, dayEnd: day.end, rows, readAt: Date.now(), source: { kind: 'off' } })
    ),
    'today.watch': () => ok({ kind: 'polling', everySeconds: 15, reason: 'test', why: { key: 'closed', code: 1006 } }),
    'today.unwatch': () => ok({ stopped: true }),
    'today.settings': () => ok({ walkInDoors: [] }),
    'today.capabilities': () => ok({ missing: [] }),
    'sites.topology': () => ok({ groups: [] })
  })
  setApiForTests(bridge)
}

afterEach(() => {
  cleanup()
  today.reset()
  visitors.reset()
})

describe('a visitor state has one word on Visitors and Today', () => {
  it.each(visitorStatuses.map((s) => [s]))('%s', async (status) => {
    const visitor = visitorIn(status)
    answering(visitor)

    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    const listed = within(table).getAllByRole('cell')[2]!.textContent!.trim()
    await fireEvent.click(within(table).getByRole('button', { name: `Rosa ${status}` }))
    const details = await screen.findByTestId('visitor-details')
    expect(details).toHaveTextContent(listed)
    cleanup()

    render(TodayScreen)
    const row = await screen.findByTestId('today-row')
    const group = row.closest('section')!
    const heading = within(group).getByRole('heading', { level: 2 }).firstChild!.textContent!.trim()
    expect({ status, visitors: listed, today: heading }).toEqual({ status, visitors: heading, today: heading })
  })
})
