import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { enrollStore } from '../../../src/renderer/src/stores/enroll.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { CardViews } from '../../../src/main/services/cards/card-view'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { CardViewQuery } from '../../../src/shared/nfc/card-view'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'
import { cardsMain, range } from '../cards/cards-main'
import { eventBridge, ok } from '../enroll/event-bridge'
import { frontReader } from '../enroll/reader-fixture'
import { passOf } from '../touch-passes/pass-fixture'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { openRoster, rows, totals } from '../roster/fixtures'

afterEach(() => {
  cleanup()
  cardsStore.reset()
  enrollStore.reset()
  touchPasses.reset()
})

const ana = { id: 'u-ana', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz', email: 'ana@example.com' }
const people = () => ok({ items: [ana], total: 1 })
const noVisitors = () => ok({ items: [], total: 0 })

/** A picker that leads to a write, opened: where it is, the words to type, the write's channel calls so far, its button. */
interface Opened {
  root: HTMLElement
  term: string
  writes: () => number
  send: string
}

const count = (calls: unknown[][], channel: string) => () => calls.filter(([c]) => c === channel).length

const pickers: Record<string, () => Promise<Opened>> = {
  async 'PINs: Assign PIN'() {
    const { bridge, calls } = scriptedBridge({
      'pins.capabilities': () => ok({ missingPermissions: [] }),
      'pins.generate': () => ok({ pin: '12345678' }),
      'pins.held': () => ok({ held: false }),
      'pins.assign': () => ok({ assigned: true }),
      'users.search': people,
      'visitors.list': noVisitors
    })
    setApiForTests(bridge)
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    const root = await screen.findByRole('region', { name: 'Assign this PIN' })
    return { root, term: 'ana', writes: count(calls, 'pins.assign'), send: 'Assign PIN' }
  },
  async 'Touch Passes: Give the pass'() {
    const pass = passOf('7', 'SUSPENDED')
    const { bridge, calls } = scriptedBridge({
      'users.search': people,
      'users.list': people,
      'touchPasses.assign': () => ok({ ...pass, user_id: ana.id, user_name: 'Ana Ruiz' })
    })
    setApiForTests(bridge)
    render(TouchPassDetails, { pass })
    await fireEvent.click(screen.getByRole('button', { name: 'Assign to a user…' }))
    return {
      root: screen.getByRole('dialog'),
      term: 'ana',
      writes: count(calls, 'touchPasses.assign'),
      send: 'Give the pass'
    }
  },
  async 'Cards: Give the card'() {
    const main = cardsMain(range(1, 2), { answerAtOnce: true })
    main.state.people = [ana]
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    cardsStore.selectAt(0)
    const root = await screen.findByRole('complementary', { name: 'Card details' })
    await fireEvent.click(within(root).getByRole('button', { name: 'Assign to a person…' }))
    return { root, term: 'ana', writes: count(main.calls, 'cards.assign'), send: 'Give the card' }
  },
  async 'a visitor’s card: Give the card'() {
    const views = new CardViews()
    const spare: NfcCard = { ...range(100005, 100005)[0]!, alias: 'Spare' }
    const { bridge, calls } = scriptedBridge({
      'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
      'cards.view': (query) => ok(views.answer([spare], true, query as CardViewQuery)),
      'visitors.assignNfc': () => ok({ assigned: true })
    })
    setApiForTests(bridge)
    render(VisitorCredentials, { visitor: visitorFixture('v1', 'Rosa', 'Jensen'), onchanged: () => undefined })
    await fireEvent.click(await screen.findByRole('button', { name: /Pick a card/ }))
    const root = await screen.findByRole('dialog')
    return { root, term: 'spare', writes: count(calls, 'visitors.assignNfc'), send: 'Give the card' }
  },
  async 'Enroll: Give the card'() {
    const { bridge, emit, calls } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e1' }),
      'users.search': people,
      'visitors.list': noVisitors,
      'enroll.assign': () => ok({ assigned: true })
    })
    setApiForTests(bridge)
    forgetConsoleData()
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await waitFor(() => expect(enrollStore.phase).toBe('running'))
    emit('enroll.progress', {
      enrollmentId: 'e1',
      deviceId: 'd1',
      state: 'done',
      secondsLeft: 40,
      card: { token: 't1', cardId: '100042' }
    })
    const root = await screen.findByTestId('assign-card')
    return { root, term: 'ana', writes: count(calls, 'enroll.assign'), send: 'Give the card' }
  },
  async 'Roster: Use this person'() {
    const missing: PlanRow = {
      ...rows[0]!,
      match: { state: 'missing', reason: 'Nobody has the email zed@old.example' }
    }
    const { calls } = await openRoster(
      'planned',
      {
        'users.search': people,
        'visitors.list': noVisitors,
        'roster.resolve': () => ok({ row: missing, rows: [missing, ...rows.slice(1)], totals: totals({}) })
      },
      [missing, ...rows.slice(1)]
    )
    render(RosterScreen)
    const root = await screen.findByTestId('plan-row')
    return { root, term: 'ana', writes: count(calls, 'roster.resolve'), send: 'Use this person' }
  }
}

/**
 * The one rule of every picker that leads to a write: Enter (or a click) on a result only chooses it,
 * and the write is sent by the button that says it, once. ↓ then Enter never sends.
 */
describe('Enter picks, a button sends: in every picker', () => {
  for (const [name, open] of Object.entries(pickers)) {
    it(name, async () => {
      const { root, term, writes, send } = await open()
      const field = within(root).getByRole('searchbox')
      await fireEvent.input(field, { target: { value: term } })
      await fireEvent.keyDown(field, { key: 'Enter' })
      await waitFor(() => expect(root.querySelector('[data-row]')).not.toBeNull(), { timeout: 2000 })
      field.focus()
      await fireEvent.keyDown(field, { key: 'ArrowDown' })
      const row = document.activeElement as HTMLElement
      expect(row).toHaveAttribute('data-row')
      await fireEvent.keyDown(row, { key: 'Enter' })
      const button = await within(root).findByRole('button', { name: send })
      // The pick moved the focus to the send button, and nothing went to main.
      await expect.poll(() => document.activeElement).toBe(button)
      expect(writes()).toBe(0)
      await fireEvent.click(button)
      await expect.poll(writes).toBe(1)
    })
  }
})
