import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { formatClock } from '../../../src/renderer/src/lib/local-time'
import type { KioskCheckin } from '../../../src/shared/kiosk/schemas'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
})

const checkin = (fields: Partial<KioskCheckin> & Pick<KioskCheckin, 'id' | 'name'>): KioskCheckin => ({
  at: new Date().toISOString(),
  visitorId: `v-${fields.id}`,
  company: '',
  host: '',
  printed: true,
  offline: false,
  ...fields
})

/**
 * Today while the console is down: the list it knew stays, said as of when; the kiosk's check-ins and
 * refusals at this computer go on showing; the banner follows the sidebar's one connection state.
 */
describe('Today during a console outage', () => {
  it('keeps the list as of its last read, the kiosk’s check-ins and refusals, and a banner that follows the sidebar', async () => {
    const readAt = new Date(2026, 10, 23, 10, 42).getTime()
    let consoleUp = true
    const { bridge, push } = todayBridge({
      'today.list': () => {
        if (!consoleUp) throw new Error('Could not reach the console: nothing answers at that address.')
        return viewOf([row({ id: 'a', name: 'Ann Berg' })], readAt)
      },
      'kiosk.checkins': () => ({ items: [checkin({ id: 'k1', name: 'Ola Ek' })] })
    })
    setApiForTests(bridge)
    const stop = connection.listen()
    await connection.load()
    try {
      render(TodayScreen)
      await screen.findByRole('button', { name: 'Ann Berg' })
      await waitFor(() => expect(screen.getByTestId('today-source')).toHaveTextContent('Live: console notifications'))

      // The sidebar learns the console is down (from any call's answer): the banner says so at once,
      // although main's live source has not changed yet.
      push('connections.reach', { profileId: 'site', state: 'unreachable', checkedAt: 2, message: 'No answer.' })
      await waitFor(() => expect(screen.getByTestId('today-source')).toHaveTextContent('Not updating'))
      expect(screen.getByTestId('today-source')).toHaveTextContent(`as of ${formatClock(readAt / 1000)}`)
      expect(screen.getByTestId('today-source')).not.toHaveTextContent('Live')

      // The desk goes to another screen and back while the console is down: the list read before stays.
      consoleUp = false
      cleanup()
      render(TodayScreen)
      const held = await screen.findByTestId('today-held')
      expect(held).toHaveTextContent(`Today’s visitors — as read at ${formatClock(readAt / 1000)}`)
      // Said once: the live line says the list is not updating, the held note says as of when.
      expect(screen.getByTestId('today-source')).toHaveTextContent('Not updating')
      expect(screen.getByTestId('today-source')).not.toHaveTextContent(formatClock(readAt / 1000))
      expect(screen.getByRole('button', { name: 'Ann Berg' })).toBeInTheDocument()
      const kiosk = screen.getByTestId('kiosk-checkins')
      expect(await within(kiosk).findByText(/Ola Ek/)).toBeInTheDocument()

      // The kiosk at this computer sends a visitor to the desk meanwhile: Today shows it, with why.
      push(
        'kiosk.checkedIn',
        checkin({ id: 'k2', name: 'Ida Holm', printed: false, offline: true, refusal: { reason: 'cancelled' } })
      )
      expect(await within(kiosk).findByTestId('kiosk-refusal')).toHaveTextContent(
        'Sent to the desk: The visit was cancelled'
      )

      // Back: the banner follows the sidebar again.
      push('connections.reach', { profileId: 'site', state: 'reachable', checkedAt: 3 })
      await waitFor(() => expect(screen.getByTestId('today-source')).toHaveTextContent('Live: console notifications'))
    } finally {
      stop()
    }
  })

  it('with no list read yet, says why and still shows the kiosk’s check-ins', async () => {
    const { bridge } = todayBridge({
      'today.list': () => {
        throw new Error('Could not reach the console.')
      },
      'kiosk.checkins': () => ({ items: [checkin({ id: 'k1', name: 'Ola Ek' })] })
    })
    setApiForTests(bridge)
    render(TodayScreen)
    expect(await within(screen.getByTestId('kiosk-checkins')).findByText(/Ola Ek/)).toBeInTheDocument()
    // What is happening, that no list is held (so none is shown), and what to do meanwhile.
    const note = await screen.findByTestId('today-none-held')
    expect(note).toHaveTextContent(/Could not reach the console/)
    expect(note).toHaveTextContent('No list of today is held on this computer yet')
    expect(note).toHaveTextContent('read again by itself as soon as the console answers')
    expect(within(note).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('a fresh tab during an outage shows the list main holds, said as of when it was read and why not newer', async () => {
    const readAt = new Date(2026, 10, 23, 10, 42).getTime()
    const { bridge } = todayBridge({
      'today.list': () => ({
        ...viewOf([row({ id: 'a', name: 'Ann Berg' })], readAt),
        notReadNow: { at: readAt + 60_000, message: 'Could not reach the console: nothing answers at that address.' }
      })
    })
    setApiForTests(bridge)
    render(TodayScreen)
    const held = await screen.findByTestId('today-held')
    expect(held).toHaveTextContent(`Today’s visitors — as read at ${formatClock(readAt / 1000)}`)
    expect(held).toHaveTextContent('nothing answers at that address')
    expect(screen.getByRole('button', { name: 'Ann Berg' })).toBeInTheDocument()
    expect(screen.queryByTestId('today-none-held')).toBeNull()
  })
})

/** "List read at" is when the list was last read, not when it last changed. */
describe('Today’s “List read at”', () => {
  it('moves on with every read that worked, an unchanged one too', async () => {
    const first = new Date(2026, 10, 23, 10, 0, 0).getTime()
    const later = new Date(2026, 10, 23, 10, 15, 0).getTime()
    const { bridge, push } = todayBridge({ 'today.list': () => viewOf([row({ id: 'a', name: 'Ann Berg' })], first) })
    setApiForTests(bridge)
    render(TodayScreen)
    const line = await screen.findByTestId('today-read-at')
    expect(line).toHaveTextContent(`List read at ${new Date(first).toLocaleTimeString()}`)
    push('today.reads', { failingSince: null, lastFailedAt: null, message: null, readAt: later })
    await waitFor(() => expect(line).toHaveTextContent(`List read at ${new Date(later).toLocaleTimeString()}`))
  })
})
