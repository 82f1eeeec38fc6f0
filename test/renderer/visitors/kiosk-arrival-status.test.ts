import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { formatClock } from '../../../src/renderer/src/lib/local-time'
import { row as row_, todayBridge, viewOf } from '../today/today-bridge'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

const visitor = (id: string, first: string): Visitor => ({
  id,
  first_name: first,
  last_name: 'Kowhai',
  status: 'ACTIVE',
  // A window open now: one over without an arrival is a no-show (shared/today/groups.ts).
  start_time: Math.floor(Date.now() / 1000) - 3600,
  end_time: Math.floor(Date.now() / 1000) + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
})

/**
 * A visitor checked in at the kiosk stays ACTIVE on the console; main's list carries her arrival at
 * this desk, and the screen says "Here" by Today's rule (shared/today/groups.ts), in the list and details.
 */
describe('Visitors: a kiosk check-in is Here, as on Today', () => {
  it('says Here for the visitor who checked in and Expected for the one who did not', async () => {
    visitors.reset()
    const arrived = { ...visitor('v1', 'Aroha'), deskArrival: { at: new Date().toISOString(), where: 'kiosk' } }
    const waiting = { ...visitor('v2', 'Manu'), deskArrival: null }
    const { bridge } = scriptedBridge({
      'visitors.list': () => ({ ok: true, result: { items: [arrived, waiting], total: 2 } }),
      'visitors.get': () => ({ ok: true, result: arrived }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    const rowOf = (name: string) => within(table).getByRole('button', { name }).closest('tr')!
    expect(rowOf('Aroha Kowhai')).toHaveTextContent('Here')
    expect(rowOf('Aroha Kowhai')).not.toHaveTextContent('Expected')
    expect(rowOf('Manu Kowhai')).toHaveTextContent('Expected')
    await fireEvent.click(within(table).getByRole('button', { name: 'Aroha Kowhai' }))
    expect(await screen.findByTestId('visitor-details')).toHaveTextContent('Here')
  })
})

/**
 * Who checked the visitor in is said alike on both screens, by one rule (lib/i18n/state-words
 * arrivalWords): Visitors' row and details say what Today's row says, never a bare "Here".
 */
describe('a kiosk check-in is said with its source on Visitors and on Today alike', () => {
  it('says "Checked in at the kiosk at …" on both screens, the same words', async () => {
    const at = new Date()
    at.setSeconds(0, 0)
    const time = formatClock(at.getTime() / 1000)
    const words = `Checked in at the kiosk at ${time}`

    visitors.reset()
    const arrived = { ...visitor('v1', 'Aroha'), deskArrival: { at: at.toISOString(), where: 'kiosk' } }
    const { bridge } = scriptedBridge({
      'visitors.list': () => ({ ok: true, result: { items: [arrived], total: 1 } }),
      'visitors.get': () => ({ ok: true, result: arrived }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    const visitorsScreen = render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    const row = within(table).getByRole('button', { name: 'Aroha Kowhai' }).closest('tr')!
    expect(within(row).getByTestId('visitor-arrival')).toHaveTextContent(words)
    await fireEvent.click(within(table).getByRole('button', { name: 'Aroha Kowhai' }))
    const details = await screen.findByTestId('visitor-details')
    expect(within(details).getByTestId('visitor-arrival')).toHaveTextContent(words)
    visitorsScreen.unmount()

    const start = Math.floor(at.getTime() / 1000) - 3600
    const { bridge: todayMain } = todayBridge({
      'today.list': () =>
        viewOf([
          row_({
            id: 'v1',
            name: 'Aroha Kowhai',
            group: 'here',
            start,
            end: start + 7200,
            arrival: { at: at.toISOString(), where: 'kiosk' }
          })
        ])
    })
    setApiForTests(todayMain)
    render(TodayScreen)
    await waitFor(() => expect(screen.getByTestId('today-arrival')).toHaveTextContent(words), { timeout: 5000 })
    today.reset()
  })
})
