import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { keepUnchanged } from '../../../src/renderer/src/stores/card-stream'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { packNfcCard } from '../../../src/shared/access/nfc-card-pack'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from '../enroll/event-bridge'

const card = (n: number, alias = ''): NfcCard => ({
  token: `tok-${n}`,
  display_id: String(n).padStart(4, '0'),
  status: 'pending',
  alias,
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null
})
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => card(from + i))

/** A main that answers cards.load when told to, and sends parts of the stream when told to. */
function scriptedMain() {
  const loads: { stream: string; refresh?: boolean; held?: number; answer: (e: Envelope) => void }[] = []
  const bridge = eventBridge({
    'cards.load': (input) =>
      new Promise<Envelope>((answer) => loads.push({ ...(input as { stream: string; refresh?: boolean }), answer })),
    'cards.capabilities': () => ok({ canEdit: true }),
    'cards.rename': (input) => ok({ ...card(2), alias: (input as { alias: string }).alias })
  })
  setApiForTests(bridge.bridge)
  const part = (index: number, cards: NfcCard[], stream = loads.at(-1)!.stream) =>
    bridge.emit('cards.page', { stream, index, cards: cards.map(packNfcCard) })
  const done = (parts: number, total: number, extra: object = {}) =>
    loads.at(-1)!.answer(ok({ fetchedAt: 1, parts, total, ...extra }))
  return { loads, part, done, calls: bridge.calls }
}

const count = () => screen.getByTestId('card-count').textContent

afterEach(() => cardsStore.reset())

describe('cards as they stream in', () => {
  it('shows the first part at once, says the rest is being read, and puts late parts in list order', async () => {
    const main = scriptedMain()
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, range(1, 3))
    await waitFor(() => expect(count()).toBe('3 of the 3 cards shown so far'))
    expect(screen.getByTestId('cards-loading')).toHaveTextContent('Reading the rest from the console…')
    expect(screen.getByRole('region', { name: 'NFC cards' })).toHaveAttribute('aria-busy', 'true')
    // The table is there with those rows (jsdom lays nothing out, so the virtual rows are not drawn).
    expect(screen.getByRole('grid', { name: 'NFC cards' })).toHaveAttribute('aria-rowcount', '3')
    // Part 2 before part 1 (pages in flight at once), then the answer.
    main.part(2, range(7, 9))
    main.part(1, range(4, 6))
    main.done(3, 9)
    await waitFor(() => expect(count()).toBe('9 of 9 cards'))
    expect(cardsStore.cards.map((c) => c.token)).toEqual(range(1, 9).map((c) => c.token))
    expect(screen.queryByTestId('cards-loading')).toBeNull()
    expect(screen.getByRole('region', { name: 'NFC cards' })).toHaveAttribute('aria-busy', 'false')
  })

  it('waits for parts still on their way when the answer comes first, and ignores other streams', async () => {
    const main = scriptedMain()
    const loading = cardsStore.load()
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, range(1, 2))
    main.part(1, [card(99)], 'another-tab')
    main.done(2, 4)
    await new Promise((r) => setTimeout(r, 0))
    expect(cardsStore.loaded).toBe(false)
    main.part(1, range(3, 4))
    await loading
    expect(cardsStore.cards.map((c) => c.token)).toEqual(['tok-1', 'tok-2', 'tok-3', 'tok-4'])
  })

  it('takes the list from the answer when main says its parts held a card twice', async () => {
    const main = scriptedMain()
    const loading = cardsStore.load()
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, range(1, 2))
    main.part(1, range(2, 3))
    main.done(2, 3, { cards: range(1, 3) })
    await loading
    expect(cardsStore.cards.map((c) => c.token)).toEqual(['tok-1', 'tok-2', 'tok-3'])
  })

  it('a failed first load leaves no part of a list on screen, and says what happened', async () => {
    const main = scriptedMain()
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, range(1, 3))
    await waitFor(() => expect(count()).toBe('3 of the 3 cards shown so far'))
    main.loads[0]!.answer({
      ok: false,
      error: { kind: 'network', message: 'The console stopped answering.', hint: 'Try again.', retryable: true }
    })
    await screen.findByText('The console stopped answering.')
    expect(cardsStore.cards).toEqual([])
    expect(screen.queryByRole('grid', { name: 'NFC cards' })).toBeNull()
  })
})

describe('a second open', () => {
  it('shows the cards held at once, reads them again behind them, and swaps in the changes', async () => {
    const main = scriptedMain()
    const first = render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, range(1, 3))
    main.done(1, 3)
    await waitFor(() => expect(count()).toBe('3 of 3 cards'))
    first.unmount()

    render(CardsScreen)
    // At once, before main answers anything: the cards held.
    expect(count()).toBe('3 of 3 cards')
    expect(screen.getByTestId('cards-loading')).toHaveTextContent('Checking the console for changes…')
    await waitFor(() => expect(main.loads).toHaveLength(2))
    expect(main.loads[1]!.refresh).toBe(true)
    // Parts of the refresh do not replace the list one by one.
    const held = cardsStore.cards
    main.part(0, [card(1), card(2, 'Renamed')])
    await new Promise((r) => setTimeout(r, 150))
    expect(cardsStore.cards).toBe(held)
    main.part(1, [card(3), card(4)])
    main.done(2, 4)
    await waitFor(() => expect(count()).toBe('4 of 4 cards'))
    // Unchanged cards stay the same objects (their search texts are kept); the renamed one is new.
    expect(cardsStore.cards[0]).toBe(held[0])
    expect(cardsStore.cards[1]).not.toBe(held[1])
    expect(cardsStore.cards[1]!.alias).toBe('Renamed')
    expect(cardsStore.cards[2]).toBe(held[2])
  })

  it('says which list it shows: main answers "unchanged" and sends nothing; after an edit here it asks for all', async () => {
    const main = scriptedMain()
    const first = render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    expect(main.loads[0]!.held).toBeUndefined()
    main.part(0, range(1, 3))
    main.done(1, 3, { version: 7 })
    await waitFor(() => expect(count()).toBe('3 of 3 cards'))
    const held = cardsStore.cards
    first.unmount()

    const second = render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(2))
    expect(main.loads[1]).toMatchObject({ refresh: true, held: 7 })
    main.done(0, 3, { version: 8, unchanged: true })
    await waitFor(() => expect(screen.queryByTestId('cards-loading')).toBeNull())
    // The very list on screen stays: nothing was sent, nothing is sorted or drawn again.
    expect(cardsStore.cards).toBe(held)
    expect(count()).toBe('3 of 3 cards')
    second.unmount()

    // An edit here makes the list on screen another than main's: the next refresh asks for every card.
    await cardsStore.rename('tok-2', 'Front desk')
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(3))
    expect(main.loads[2]!.refresh).toBe(true)
    expect(main.loads[2]!.held).toBeUndefined()
  })

  it('an unchanged refresh keeps the very list on screen: nothing is sorted or drawn again', () => {
    const before = range(1, 5)
    expect(keepUnchanged(before, range(1, 5))).toBe(before)
    const moved = keepUnchanged(before, [...range(2, 5), card(1)])
    expect(moved).not.toBe(before)
    expect(moved[4]).toBe(before[0])
    const owner = { ...card(2), user: { id: 'u1', name: 'Ada Ng' } }
    expect(keepUnchanged(before, [card(1), owner, ...range(3, 5)])[1]).toBe(owner)
  })
})
