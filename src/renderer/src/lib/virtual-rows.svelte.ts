import { untrack } from 'svelte'
import { get, type Readable } from 'svelte/store'
import type { SvelteVirtualizer } from '@tanstack/svelte-virtual'

type Scroller = () => HTMLDivElement | null

/**
 * Where a virtualised list of rows starts when its rows come after it mounts (the Cards table, the
 * roster's rows): none counted until `followRows` gives the first count, and a screenful of box assumed
 * until the ResizeObserver reports the real one (lib/virtual-no-forced-layout.ts), so the first rows
 * are drawn with the list, not a frame later. Spread beside `...noForcedLayout(row)`.
 */
export function rowsFromEmpty(row: number, scroller: Scroller) {
  return {
    count: 0,
    initialRect: { width: 0, height: 480 },
    getScrollElement: scroller,
    estimateSize: () => row
  }
}

/**
 * Keeps a virtualizer's row count and scroll box with the list's, from the component's set-up on: the
 * one rule for every virtualised table whose count changes (a filter, a page of rows coming in).
 */
export function followRows<Row extends Element>(
  virtualizer: Readable<SvelteVirtualizer<HTMLDivElement, Row>>,
  count: () => number,
  scroller: Scroller
): void {
  $effect(() => {
    const rowCount = count()
    const element = scroller()
    // Read the store without subscribing: setOptions publishes to it, which would re-run this effect.
    untrack(() => get(virtualizer).setOptions({ count: rowCount, getScrollElement: () => element }))
  })
}
