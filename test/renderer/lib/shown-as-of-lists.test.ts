import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { shownAsOf } from '../../../src/renderer/src/lib/shown-as-of'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { cardsMain, range } from '../cards/cards-main'
import { row, todayBridge, viewOf } from '../today/today-bridge'
import { passOf } from '../touch-passes/pass-fixture'

afterEach(() => {
  cleanup()
  cardsStore.reset()
  today.reset()
  visitors.reset()
  touchPasses.reset()
})

/** A read that fails for a reason that is no outage: the list held stays, and only it says how old it is. */
const failed: Envelope = {
  ok: false,
  error: { kind: 'server', message: 'The console answered with an error (HTTP 500).', retryable: true }
}

/** Whatever the screen, the words that say a list is the one read before: the one helper's, with its time. */
const AS_OF = /— as read at \d{1,2}:\d{2}( [AP]M)?, not read again now\./

const rosa: Visitor = {
  id: 'v1',
  first_name: 'Rosa',
  last_name: 'Jensen',
  status: 'ACTIVE',
  start_time: 1_767_254_400,
  end_time: 1_767_297_599,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}

/**
 * Every list screen holds the list it read before when a read again fails, and says so in one wording —
 * lib/shown-as-of, the one every "shown as of a time, not live" goes through (main's states while web
 * mode's service is down too, lib/last-known): Cards said "as read at … — not read again now", Today
 * "showing the list as of …", Visitors and Touch Passes dropped the list for the notice.
 */
describe('a list held after a failed read is said as of its read, in one wording, on every list screen', () => {
  it('Cards', async () => {
    const main = cardsMain(range(1, 3), { answerAtOnce: true })
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    ;(main.answers as Record<string, () => Envelope>)['cards.load'] = () => failed
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent(AS_OF))
    expect(screen.getByTestId('card-count')).toHaveTextContent(shownAsOf('3 of 3 cards', 'read', cardsStore.readAt))
  })

  it('Today', async () => {
    let up = true
    const { bridge } = todayBridge({
      'today.list': () => {
        if (!up) throw new Error('The console answered with an error (HTTP 500).')
        return viewOf([row({ id: 'a', name: 'Ann Berg' })])
      }
    })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    up = false
    await today.load()
    const held = await screen.findByTestId('today-held')
    expect(held).toHaveTextContent(AS_OF)
    expect(held).toHaveTextContent(shownAsOf('Today’s visitors', 'read', today.readAt))
    expect(screen.getByRole('button', { name: 'Ann Berg' })).toBeInTheDocument()
  })

  it('Visitors', async () => {
    let up = true
    const { bridge } = scriptedBridge({
      'visitors.list': () => (up ? { ok: true, result: { items: [rosa], total: 1 } } : failed),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    await screen.findByTestId('visitors-table')
    up = false
    await visitors.load()
    const asOf = await screen.findByTestId('list-as-of')
    expect(asOf).toHaveTextContent(AS_OF)
    expect(asOf).toHaveTextContent(shownAsOf('1 visitor', 'read', visitors.readAt))
    expect(screen.getByTestId('visitors-table')).toHaveTextContent('Rosa')
  })

  it('Touch Passes', async () => {
    let up = true
    const { bridge } = scriptedBridge({
      'touchPasses.list': () => (up ? { ok: true, result: { items: [passOf('1', 'ACTIVE')], total: 1 } } : failed),
      'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true, canAssign: true } })
    })
    setApiForTests(bridge)
    touchPasses.status = ''
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    up = false
    await touchPasses.load()
    const asOf = await screen.findByTestId('list-as-of')
    expect(asOf).toHaveTextContent(AS_OF)
    expect(asOf).toHaveTextContent(shownAsOf('1 Touch Pass', 'read', touchPasses.readAt))
    expect(screen.getByTestId('passes-table')).toBeInTheDocument()
  })
})
