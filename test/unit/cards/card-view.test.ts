import { describe, expect, it } from 'vitest'
import { CardInventory } from '../../../src/main/services/cards/card-inventory'
import { sortOrder } from '../../../src/main/services/cards/card-view'
import type { CardViewQuery } from '../../../src/shared/nfc/card-view'
import type { EventPayload } from '../../../src/shared/ipc/contract'
import type { Connections } from '../../../src/main/services/connections/connections'
import { control } from '../access/support'
import { useAppServices } from '../../support/app-services'

/** The demo console's cards as its control API holds them: what every list must add up to. */
async function consoleCards(app: ReturnType<typeof useAppServices>) {
  const demo = await app.services.connections.demoConsole()
  const { body } = await control<{ data: { token: string; display_id: string; status: string }[] }>(
    demo,
    'GET',
    '/__demo/state/cards'
  )
  return body.data
}
const tokensOf = (cards: { token: string }[]) => cards.map((c) => c.token)

const everything: CardViewQuery = {
  filter: '',
  status: 'all',
  sortKey: 'display_id',
  descending: false,
  offset: 0,
  limit: 500
}

describe('the Cards screen answered by main: the cards stay there, the screen asks for a window', () => {
  const app = useAppServices()
  const { call, events } = app
  const partsOf = (stream: string) =>
    events
      .filter((e) => e.event === 'cards.part' && (e.payload as { stream: string }).stream === stream)
      .map((e) => e.payload as EventPayload<'cards.part'>)

  it('cards.load reads every card into main and says each part; cards.view gives them, as main holds them in its inventory', async () => {
    const answer = await call('cards.load', { stream: 'first' })
    const onConsole = await consoleCards(app)
    expect(answer.total).toBe(onConsole.length)
    expect(partsOf('first').length).toBeGreaterThan(0)
    // No card crosses with the load: the events say which part arrived, nothing more.
    expect(partsOf('first').every((p) => p.view === undefined)).toBe(true)
    const view = await call('cards.view', everything)
    expect(view).toMatchObject({ total: onConsole.length, matched: onConsole.length, complete: true, offset: 0 })
    const all = (await app.services.cards.all()).cards
    const byDisplayId = [...all].sort((a, b) => Number(a.display_id) - Number(b.display_id) || 0)
    expect(view.rows).toEqual(byDisplayId.slice(0, 500))
    expect(new Set(tokensOf(all))).toEqual(new Set(tokensOf(onConsole)))
  })

  it('a filter, a status, an order and a window; the counts per status; the selected card and its place', async () => {
    await call('cards.load', { stream: 's' })
    const onConsole = await consoleCards(app)
    const pending = onConsole.filter((c) => c.status === 'pending')
    const view = await call('cards.view', { ...everything, status: 'pending', limit: 3, offset: 1 })
    expect(view.matched).toBe(pending.length)
    expect(view.rows).toHaveLength(Math.min(3, pending.length - 1))
    expect(view.rows.every((c: { status: string }) => c.status === 'pending')).toBe(true)
    expect(view.counts.pending).toBe(pending.length)
    expect(Object.values(view.counts).reduce((a: number, b) => a + Number(b), 0)).toBe(onConsole.length)

    const down = await call('cards.view', { ...everything, descending: true, limit: 2 })
    const up = await call('cards.view', { ...everything, limit: onConsole.length > 500 ? 500 : onConsole.length })
    expect(down.rows[0]).toEqual(up.rows.at(-1))

    const one = onConsole[7]!
    const found = await call('cards.view', { ...everything, filter: ` ${one.display_id.toUpperCase()} `, limit: 50 })
    expect(tokensOf(found.rows)).toContain(one.token)
    expect(found.filter).toBe(` ${one.display_id.toUpperCase()} `)
    const selected = await call('cards.view', { ...everything, filter: one.display_id, selected: one.token })
    expect(selected.selected?.token).toBe(one.token)
    expect(selected.rows[selected.selectedIndex]?.token).toBe(one.token)
    // Filtered out: still the selected card, at no place in the list; gone from the console: null.
    const hidden = await call('cards.view', { ...everything, filter: 'no card has this', selected: one.token })
    expect(hidden).toMatchObject({ matched: 0, rows: [], selectedIndex: -1 })
    expect(hidden.selected?.token).toBe(one.token)
    await call('cards.delete', { token: one.token })
    const gone = await call('cards.view', { ...everything, selected: one.token })
    expect(gone.selected).toBeNull()
    expect(gone.total).toBe(onConsole.length - 1)
  })

  it("a filter finds what the screen shows, never by a piece of a card's hidden token; the whole token finds its card", async () => {
    await call('cards.load', { stream: 't' })
    const onConsole = await consoleCards(app)
    const one = onConsole[3]!
    // A short name that is also hex ("ada", "bee") matched any card whose 64-character token held it.
    const piece = one.token.slice(20, 28).toLowerCase()
    const shown = (c: { display_id: string; alias?: string; user_name?: string }) =>
      `${c.display_id} ${c.alias ?? ''} ${c.user_name ?? ''}`.toLowerCase()
    const found = await call('cards.view', { ...everything, filter: piece })
    for (const card of found.rows as { token: string; display_id: string; alias?: string; user_name?: string }[])
      if (card.token === one.token) expect(shown(card)).toContain(piece)
    const whole = await call('cards.view', { ...everything, filter: one.token.toUpperCase() })
    expect(tokensOf(whole.rows)).toEqual([one.token])
  })

  it('the first part of a load carries the rows the screen asked for', async () => {
    const answer = await call('cards.load', { stream: 'v', refresh: true, view: { ...everything, limit: 5 } })
    const [first, ...rest] = partsOf('v')
    expect(first?.view?.rows).toHaveLength(5)
    expect(first?.view?.filter).toBe('')
    expect(first?.view?.total).toBeLessThanOrEqual(answer.total)
    expect(rest.length).toBeGreaterThan(0)
    expect(rest.every((p) => p.view === undefined)).toBe(true)
  })

  it('refuses a load without a stream id, and a window larger than a few screenfuls', async () => {
    await expect(call('cards.load', {})).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(call('cards.view', { ...everything, limit: 501 })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })

  it('a refresh keeps the cards that did not change as the objects held (their search texts stay built)', async () => {
    const inventory = new CardInventory(app.services.connections, () => undefined, 25)
    const first = await inventory.load(true)
    // Nothing changed: the very list held (the orders and counts made for it stay too).
    const before = await inventory.load(true)
    expect(before.cards).toBe(first.cards)
    const token = before.cards[3]!.token
    await (await app.services.connections.client()).nfcCards.update(token, { alias: 'Changed elsewhere' })
    const after = await inventory.load(true)
    expect(after.cards).not.toBe(before.cards)
    expect(after.cards[0]).toBe(before.cards[0])
    expect(after.cards[3]).not.toBe(before.cards[3])
    expect(after.cards[3]!.alias).toBe('Changed elsewhere')
    const view = await inventory.view({ ...everything, filter: 'changed elsewhere' })
    expect(tokensOf(view.rows)).toEqual([token])
  })

  it('the first cards alone first, then the pages; while they arrive the view holds what came', async () => {
    const parts: number[] = []
    const inventory = new CardInventory(app.services.connections, () => undefined, 25, 10)
    const during: { total: number; complete: boolean }[] = []
    const fetched = await inventory.load(true, (index) => {
      parts.push(index)
      if (index === 0) void inventory.view(everything).then(({ total, complete }) => during.push({ total, complete }))
    })
    const onConsole = await consoleCards(app)
    expect(parts.slice().sort((a, b) => a - b)).toEqual([...Array(1 + Math.ceil(onConsole.length / 25)).keys()])
    expect(tokensOf(fetched.cards)).toEqual(tokensOf(onConsole))
    expect(during[0]?.complete).toBe(false)
    expect(during[0]?.total).toBeGreaterThanOrEqual(10)
    expect(during[0]?.total).toBeLessThan(onConsole.length)
    // The kept list once complete, and without a fetch when asked again.
    expect(await inventory.load(false)).toBe(fetched)
    expect((await inventory.view(everything)).complete).toBe(true)
  })

  it('a caller joining a fetch in progress hears of the parts it missed, then the rest', async () => {
    const inventory = new CardInventory(app.services.connections, () => undefined, 25)
    const first: number[] = []
    const second: number[] = []
    let joined: Promise<unknown> | undefined
    const leader = inventory.load(true, (index) => {
      first.push(index)
      joined ??= inventory.load(false, (i) => second.push(i))
    })
    const [a, b] = await Promise.all([leader, leader.then(() => joined!)])
    expect(b).toBe(a)
    expect(second.slice().sort((x, y) => x - y)).toEqual(first.slice().sort((x, y) => x - y))
  })

  it('a list that shifted between the first cards and page 1: each card once', async () => {
    const { connections } = app.services
    const real = await connections.client()
    let removed: string | undefined
    // The first card is deleted on the console right after the first cards were read: page 1 then
    // starts one card later than the first part did.
    const shifting = {
      list: () => connections.list(),
      client: async () => ({
        ...real,
        nfcCards: {
          ...real.nfcCards,
          list: async (...args: Parameters<typeof real.nfcCards.list>) => {
            const page = await real.nfcCards.list(...args)
            removed = page.items[0]!.token
            await real.nfcCards.remove(removed)
            return page
          }
        }
      })
    } as unknown as Connections
    const inventory = new CardInventory(shifting, () => undefined, 25, 10)
    const fetched = await inventory.load(true)
    const now = tokensOf(await consoleCards(app))
    expect(now).not.toContain(removed)
    // The list as read: the first cards (the deleted one among them), then the rest, each once.
    expect(tokensOf(fetched.cards)).toEqual([removed, ...now])
  })
})

describe('the order of the cards', () => {
  it('numbers by value, other text by the collator, stable, either way', () => {
    const keys = ['10', '9', 'b', '0010', 'A', '9']
    expect(sortOrder(keys).map((i) => keys[i])).toEqual(['9', '9', '10', '0010', 'A', 'b'])
    expect(sortOrder(keys, -1).map((i) => keys[i])).toEqual(['b', 'A', '10', '0010', '9', '9'])
  })

  it('a list of plain numbers already in order keeps its positions; one out of order is sorted, either way round', () => {
    const inOrder = Array.from({ length: 1000 }, (_, i) => String(100000 + i))
    expect(sortOrder(inOrder)).toEqual([...inOrder.keys()])
    const swapped = inOrder.slice()
    ;[swapped[500], swapped[501]] = [swapped[501]!, swapped[500]!]
    expect(sortOrder(swapped).map((i) => swapped[i])).toEqual(inOrder)
    const down = inOrder.slice().reverse()
    expect(sortOrder(down, -1)).toEqual([...down.keys()])
    expect(sortOrder(inOrder, -1).map((i) => inOrder[i])).toEqual(down)
    // Equal numbers written differently keep their places (the numeric collator's order).
    const ties = ['7', '007', '8', '08']
    expect(sortOrder(ties).map((i) => ties[i])).toEqual(['7', '007', '8', '08'])
  })
})

/** The Cards filter ignores accents both ways, as every search by name does (shared/text/search-words.ts). */
describe('the Cards filter and accents', () => {
  const app = useAppServices()
  it('finds “Küche Nord” by “kuche”, “KÜCHE” and “küche”, and a plain alias by an accented word', async () => {
    const onConsole = await consoleCards(app)
    const [a, b] = onConsole
    // Another writer names two cards on the console.
    const client = await app.services.connections.client()
    await client.nfcCards.update(a!.token, { alias: 'Küche Nord' })
    await client.nfcCards.update(b!.token, { alias: 'Cafe Sud' })
    await app.call('cards.load', { stream: 'accents' })
    const found = async (filter: string) =>
      (await app.call('cards.view', { ...everything, filter })).rows.map((c: { token: string }) => c.token)
    for (const typed of ['kuche', 'KÜCHE', 'küche', 'Kuche nord']) expect(await found(typed), typed).toEqual([a!.token])
    expect(await found('café')).toEqual([b!.token])
  })
})
