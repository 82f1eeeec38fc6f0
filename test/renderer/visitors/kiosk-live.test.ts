import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { BadgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { buildApi } from '../../../src/preload/api'
import type { ChannelName, EventName } from '../../../src/shared/ipc/contract'
import type { Envelope } from '../../../src/shared/ipc/define'
import type { Visitor } from '../../../src/shared/access/visitors'

const aroha: Visitor = {
  id: 'v1',
  first_name: 'Aroha',
  last_name: 'Kowhai',
  status: 'ACTIVE',
  // Open now: a visit whose window has ended without an arrival is a No-show (shared/today/groups.ts).
  start_time: Math.floor(Date.now() / 1000) - 3600,
  end_time: Math.floor(Date.now() / 1000) + 8 * 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}
const checkin = {
  id: 'c1',
  at: new Date().toISOString(),
  visitorId: 'v1',
  name: 'Aroha Kowhai',
  company: '',
  host: '',
  printed: true,
  output: 'browser-print'
}

/** A bridge whose answers the test changes as the console and main would, and whose events it pushes. */
function liveBridge(answers: Partial<Record<ChannelName, () => unknown>>) {
  const listeners = new Map<EventName, ((payload: unknown) => void)[]>()
  const bridge = buildApi(
    async (channel): Promise<Envelope> => {
      const answer = answers[channel]
      if (!answer) return { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } }
      return { ok: true, result: answer() }
    },
    (event, listener) => {
      const list = listeners.get(event) ?? []
      listeners.set(event, [...list, listener as (payload: unknown) => void])
      return () =>
        listeners.set(
          event,
          (listeners.get(event) ?? []).filter((l) => l !== listener)
        )
    }
  )
  const emit = (event: EventName, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload))
  return { bridge, emit }
}

/**
 * A walk found an open Visitors tab still saying Expected 4+ minutes after the visitor checked in at
 * the kiosk, and Badges' history without the kiosk's badge, while Today moved her to Here at once.
 * Both follow the kiosk's check-in event (`kiosk.checkedIn`), as Today does.
 */
describe('Visitors and Badges follow a kiosk check-in', () => {
  it('Visitors: her row and details say Here after the check-in, without a re-read by hand', async () => {
    visitors.reset()
    let arrived = false
    const now = () => ({ ...aroha, deskArrival: arrived ? { at: checkin.at, where: 'kiosk' } : null })
    const { bridge, emit } = liveBridge({
      'visitors.list': () => ({ items: [now()], total: 1 }),
      'visitors.get': () => now(),
      'visitors.capabilities': () => ({ canEdit: true })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    const row = () => within(table).getByRole('button', { name: 'Aroha Kowhai' }).closest('tr')!
    await fireEvent.click(within(table).getByRole('button', { name: 'Aroha Kowhai' }))
    expect(await screen.findByTestId('visitor-details')).toHaveTextContent('Expected')
    expect(row()).toHaveTextContent('Expected')

    arrived = true
    emit('kiosk.checkedIn', checkin)
    await expect.poll(() => row().textContent).toContain('Here')
    await expect.poll(() => screen.getByTestId('visitor-details').textContent).toContain('Here')
  })

  it('Badges: the history shows the badge the kiosk printed', async () => {
    let history: unknown[] = []
    const { bridge, emit } = liveBridge({ 'badges.history': () => ({ items: history }) })
    setApiForTests(bridge)
    const desk = new BadgeDesk()
    await desk.refreshHistory()
    expect(desk.history).toEqual([])
    const stop = desk.followKiosk()
    history = [
      {
        id: 'h1',
        visitorId: 'v1',
        printedAt: checkin.at,
        output: 'browser-print'
      }
    ]
    emit('kiosk.checkedIn', checkin)
    await expect.poll(() => desk.history.length).toBe(1)
    stop()
  })
})
