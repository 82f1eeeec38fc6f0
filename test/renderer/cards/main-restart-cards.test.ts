// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest'
import { CardsStore, cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { reestablishAll } from '../../../src/renderer/src/lib/main-restarts'
import { card, cardsMain, range } from './cards-main'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Issue 31 F1: main restarted (web mode) holds no cards; a card opened from "Not saved yet" asked
 * main for its row at once and the list became "0 of 0 cards". The store reads the cards into main
 * again (lib/main-restarts.ts) and asks for rows only once main holds them.
 */
describe('Cards after a restart of main', () => {
  const stores: CardsStore[] = []
  afterEach(() => stores.splice(0).forEach((s) => s.reset()))

  it('reads the cards into main again; a card opened meanwhile opens once they are there', async () => {
    const main = cardsMain()
    // The app's store: the one registered with lib/main-restarts.ts.
    const store = cardsStore
    stores.push(store)
    store.showRange(0, 20)
    const first = store.load()
    await settle()
    main.done(range(1, 3))
    await first
    expect(store.view.matched).toBe(3)

    // Main restarted: it holds no card (no list, no read under way).
    main.state.held = []
    main.state.complete = false
    main.state.arrived = []
    void reestablishAll()
    store.open(card(2))
    await settle()
    expect(main.loads).toHaveLength(2)
    // The window read before stays while main reads the cards again: never "0 of 0 cards".
    expect(store.view.matched).toBe(3)
    expect(store.view.total).toBe(3)

    main.done(range(1, 3))
    await expect.poll(() => store.view.selected?.token).toBe('tok-2')
    expect(store.view.matched).toBe(3)
    expect(store.selected?.token).toBe('tok-2')
    expect(store.selectedIndex).toBe(1)
    expect(store.error).toBeNull()
  })

  it('a store that never read its cards asks main for nothing', async () => {
    const main = cardsMain(range(1, 3))
    const store = new CardsStore()
    stores.push(store)
    await store.reestablish()
    expect(main.calls).toEqual([])
  })
})
