import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanup, render } from '@testing-library/svelte'
import CardTable from '../../../src/renderer/src/components/cards/CardTable.svelte'
import { cardFixture } from '../../support/card-fixture'

/**
 * A virtualised table never makes the browser lay the page out while it mounts: its box comes from a
 * ResizeObserver's entry (after layout), not from reading offsetWidth/offsetHeight, and a new box is not
 * scrolled to where it already is (lib/virtual-no-forced-layout.ts). On the Cards screen such a read laid
 * the screen out in the middle of drawing it, on every open. One rule for every table: each
 * `createVirtualizer` in the renderer spreads `noForcedLayout`, and the Cards table is mounted here with
 * the reads that would force a layout counted (jsdom lays nothing out).
 */
// Tests run from the repository's root (jsdom's import.meta.url is not a file address).
const rendererSrc = join(process.cwd(), 'src/renderer/src')

function sourcesWithVirtualizer(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(svelte|ts)$/.test(file))
    .filter((file) => /\bcreateVirtualizer\s*[<(]/.test(readFileSync(join(dir, file), 'utf8')))
}

describe('every virtualised table learns its box after layout', () => {
  it('each createVirtualizer spreads noForcedLayout', () => {
    const tables = sourcesWithVirtualizer(rendererSrc)
    // The walk finds the tables (a renamed folder would make the check below pass on nothing).
    expect(tables.some((file) => file.endsWith('CardTable.svelte'))).toBe(true)
    const without = tables.filter(
      (file) => !/\.\.\.noForcedLayout(<\w+>)?\(/.test(readFileSync(join(rendererSrc, file), 'utf8'))
    )
    expect(without).toEqual([])
  })
})

const observers: { callback: ResizeObserverCallback; watched: Set<Element> }[] = []
class FakeResizeObserver {
  private readonly own: { callback: ResizeObserverCallback; watched: Set<Element> }
  constructor(callback: ResizeObserverCallback) {
    this.own = { callback, watched: new Set() }
    observers.push(this.own)
  }
  observe(element: Element) {
    this.own.watched.add(element)
  }
  unobserve(element: Element) {
    this.own.watched.delete(element)
  }
  disconnect() {
    this.own.watched.clear()
  }
}

/** Report `element` at `height` px to the observer that watches it, as the browser does after layout. */
function reportSize(element: Element, height: number) {
  const entry = {
    target: element,
    borderBoxSize: [{ blockSize: height, inlineSize: 1000 }],
    contentBoxSize: [{ blockSize: height, inlineSize: 1000 }],
    contentRect: { height, width: 1000 }
  } as unknown as ResizeObserverEntry
  for (const o of observers) if (o.watched.has(element)) o.callback([entry], o as unknown as ResizeObserver)
}

let layoutReads: string[] = []
const spies: { mockRestore(): void }[] = []
const originalScrollTo = Element.prototype.scrollTo
beforeEach(() => {
  observers.length = 0
  layoutReads = []
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  for (const name of ['offsetWidth', 'offsetHeight', 'clientHeight', 'clientWidth'] as const)
    spies.push(
      vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function (this: HTMLElement) {
        layoutReads.push(`${this.tagName.toLowerCase()}.${name}`)
        return 0
      })
    )
  Element.prototype.scrollTo = function (this: Element) {
    layoutReads.push(`${this.tagName.toLowerCase()}.scrollTo`)
  } as Element['scrollTo']
})
afterEach(() => {
  cleanup()
  for (const spy of spies.splice(0)) spy.mockRestore()
  Element.prototype.scrollTo = originalScrollTo
  vi.unstubAllGlobals()
})

const drawn = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-testid=card-rows] [role=row]')].map((row) =>
    Number(row.getAttribute('aria-rowindex'))
  )

describe('the Cards table', () => {
  it('mounts with no size read and its first rows drawn, then fills the box the observer reports', async () => {
    const cards = Array.from({ length: 20_000 }, (_, i) => cardFixture(String(100000 + i), `Card ${i}`))
    const { container } = render(CardTable, {
      props: {
        count: cards.length,
        rowAt: (index: number) => cards[index],
        selectedToken: null,
        selectedIndex: -1,
        sortKey: 'display_id',
        sortDescending: false,
        onselect: () => undefined,
        onsort: () => undefined,
        onopen: () => undefined,
        onrange: () => undefined
      }
    })
    // The first rows come with the table (a screenful assumed), before the observer has said anything.
    await vi.waitFor(() => expect(drawn(container).length).toBeGreaterThan(10))
    expect(layoutReads).toEqual([])

    // The box turns out 1,000 px tall: the rows that fill it (34 px each) are drawn.
    reportSize(container.querySelector('[data-testid=card-rows]')!, 1000)
    await vi.waitFor(() => expect(Math.max(...drawn(container))).toBeGreaterThanOrEqual(Math.ceil(1000 / 34)))
    expect(layoutReads).toEqual([])
  })
})
