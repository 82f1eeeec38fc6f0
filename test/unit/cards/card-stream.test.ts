import { describe, expect, it } from 'vitest'
import { CardInventory } from '../../../src/main/services/cards/card-inventory'
import { unpackNfcCard } from '../../../src/shared/access/nfc-card-pack'
import type { EventPayload } from '../../../src/shared/ipc/contract'
import type { Connections } from '../../../src/main/services/connections/connections'
import { control } from '../access/support'
import { useAppServices } from '../../support/app-services'

/** The demo console's cards as its control API holds them: what every stream must add up to. */
async function consoleTokens(app: ReturnType<typeof useAppServices>): Promise<string[]> {
  const demo = await app.services.connections.demoConsole()
  const { body } = await control<{ data: { token: string }[] }>(demo, 'GET', '/__demo/state/cards')
  return body.data.map((c) => c.token)
}

describe('cards streamed to the screen as they arrive', () => {
  const app = useAppServices()
  const { call, events } = app
  const pagesOf = (stream: string) =>
    events
      .filter((e) => e.event === 'cards.page' && (e.payload as { stream: string }).stream === stream)
      .map((e) => e.payload as EventPayload<'cards.page'>)
      .map((p) => ({ index: p.index, cards: p.cards.map(unpackNfcCard) }))

  it('cards.load sends every card as cards.page events of its stream, then says how many', async () => {
    const answer = await call('cards.load', { stream: 'first' })
    const pages = pagesOf('first')
    expect(pages).toHaveLength(answer.parts)
    expect(answer.cards).toBeUndefined()
    const streamed = pages.sort((a, b) => a.index - b.index).flatMap((p) => p.cards)
    expect(streamed.map((c) => c.token)).toEqual(await consoleTokens(app))
    expect(answer.total).toBe(streamed.length)
    // The same cards as cards.all, fields and all.
    expect(streamed).toEqual((await call('cards.all')).cards)
  })

  it('a refresh behind the list on screen: nothing is sent while the console holds those very cards', async () => {
    const cardsOf = (stream: string) =>
      pagesOf(stream)
        .sort((a, b) => a.index - b.index)
        .flatMap((p) => p.cards)
    const shown = await call('cards.load', { stream: 'shown' })

    // The console still holds them: no part, and the answer says so (with the new list's version).
    const same = await call('cards.load', { stream: 'same', refresh: true, held: shown.version })
    expect(same).toMatchObject({ unchanged: true, parts: 0, total: shown.total })
    expect(same.version).not.toBe(shown.version)
    expect(pagesOf('same')).toHaveLength(0)

    // Changed on the console behind the app's back: every card is sent again, the change with them.
    const token = cardsOf('shown')[3]!.token
    await (await app.services.connections.client()).nfcCards.update(token, { alias: 'Changed elsewhere' })
    const changed = await call('cards.load', { stream: 'changed', refresh: true, held: same.version })
    expect(changed.unchanged).toBeUndefined()
    expect(pagesOf('changed')).toHaveLength(changed.parts)
    expect(cardsOf('changed').find((c) => c.token === token)?.alias).toBe('Changed elsewhere')
    expect(cardsOf('changed')).toEqual((await call('cards.all')).cards)

    // Edited through the app since: the list on screen is no longer the kept one, so it is sent again.
    await call('cards.rename', { token, alias: 'Renamed here' })
    const edited = await call('cards.load', { stream: 'edited', refresh: true, held: changed.version })
    expect(edited.unchanged).toBeUndefined()
    expect(cardsOf('edited').find((c) => c.token === token)?.alias).toBe('Renamed here')
    expect(cardsOf('edited').map((c) => c.token)).toEqual(await consoleTokens(app))
  })

  it('refuses a load without a stream id: its events could not be told apart', async () => {
    await expect(call('cards.load', {})).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })

  it('a fetch in several pages: each part once, with its index; the cache is sent again in slices', async () => {
    const parts: [number, string[]][] = []
    const inventory = new CardInventory(app.services.connections, () => undefined, 25)
    const fetched = await inventory.stream(true, (index, cards) => parts.push([index, cards.map((c) => c.token)]))
    const tokens = await consoleTokens(app)
    expect(tokens.length).toBeGreaterThan(100)
    expect(fetched.parts).toBe(Math.ceil(tokens.length / 25))
    expect(fetched.exact).toBe(true)
    expect(parts.map(([i]) => i).sort((a, b) => a - b)).toEqual([...Array(fetched.parts).keys()])
    expect(parts.sort((a, b) => a[0] - b[0]).flatMap(([, t]) => t)).toEqual(tokens)
    expect(fetched.snapshot.cards.map((c) => c.token)).toEqual(tokens)

    const again: [number, number][] = []
    const cached = await inventory.stream(false, (index, cards) => again.push([index, cards.length]))
    expect(cached.snapshot).toBe(fetched.snapshot)
    expect(again.map(([i]) => i)).toEqual([...Array(fetched.parts).keys()])
    expect(again.reduce((n, [, count]) => n + count, 0)).toBe(tokens.length)
  })

  it('the first cards alone first, then the pages without them: the parts add up to the list, in order', async () => {
    const parts: [number, string[]][] = []
    const inventory = new CardInventory(app.services.connections, () => undefined, 25, 10)
    const fetched = await inventory.stream(true, (index, cards) => parts.push([index, cards.map((c) => c.token)]))
    const tokens = await consoleTokens(app)
    const byIndex = parts.sort((a, b) => a[0] - b[0])
    // Part 0: the first 10 alone; part 1: page 1 (25) without them; then pages 2, 3, … whole.
    expect(byIndex.slice(0, 3).map(([, t]) => t.length)).toEqual([10, 15, 25])
    expect(byIndex.map(([i]) => i)).toEqual([...Array(fetched.parts).keys()])
    expect(fetched.parts).toBe(1 + Math.ceil(tokens.length / 25))
    expect(byIndex.flatMap(([, t]) => t)).toEqual(tokens)
    expect(fetched.exact).toBe(true)
    expect(fetched.snapshot.cards.map((c) => c.token)).toEqual(tokens)
  })

  it('a list shorter than the first part is read in one request', async () => {
    const parts: number[] = []
    const inventory = new CardInventory(app.services.connections, () => undefined, 1000, 500)
    const fetched = await inventory.stream(true, (_index, cards) => parts.push(cards.length))
    const tokens = await consoleTokens(app)
    expect(tokens.length).toBeLessThan(500)
    expect(parts).toEqual([tokens.length])
    expect(fetched.exact).toBe(true)
  })

  it('a caller joining a fetch in progress is handed the parts it missed, then the rest', async () => {
    const inventory = new CardInventory(app.services.connections, () => undefined, 25)
    const first: number[] = []
    const second: number[] = []
    let joined: ReturnType<CardInventory['stream']> | undefined
    const leader = inventory.stream(true, (index) => {
      first.push(index)
      // Join after the first part arrived.
      joined ??= inventory.stream(false, (i) => second.push(i))
    })
    const [a, b] = await Promise.all([leader, leader.then(() => joined!)])
    expect(b.snapshot).toBe(a.snapshot)
    expect(second.slice().sort((x, y) => x - y)).toEqual(first.slice().sort((x, y) => x - y))
    expect(b.parts).toBe(a.parts)
  })

  it('a list that shifted between the first cards and page 1: each card once, the parts add up to it', async () => {
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
    const parts: [number, string[]][] = []
    const inventory = new CardInventory(shifting, () => undefined, 25, 10)
    const fetched = await inventory.stream(true, (index, cards) => parts.push([index, cards.map((c) => c.token)]))
    const now = await consoleTokens(app)
    expect(now).not.toContain(removed)
    // The list as read: the first cards (the deleted one among them), then the rest, each once.
    const kept = fetched.snapshot.cards.map((c) => c.token)
    expect(kept).toEqual([removed, ...now])
    expect(fetched.exact).toBe(true)
    expect(parts.sort((a, b) => a[0] - b[0]).flatMap(([, t]) => t)).toEqual(kept)
  })
})
