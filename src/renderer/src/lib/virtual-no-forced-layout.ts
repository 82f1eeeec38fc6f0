import { elementScroll, type VirtualizerOptions } from '@tanstack/svelte-virtual'

/** A table's scroll box is a div; its rows are table rows, or divs where a table draws its rows as divs. */
type Options<Row extends Element> = VirtualizerOptions<HTMLDivElement, Row>

/**
 * A virtualised table that never makes the browser lay the page out while it mounts. The
 * virtualizer's defaults do three times: they read the scroll box's offsetWidth/offsetHeight, each
 * row's offsetHeight as it mounts, and scroll the new box to 0 (where it already is). Each forces the
 * layout of the whole page there and then, in the middle of drawing the screen, which is then laid
 * out again for the frame: for a 10,000-line CSV preview under load, the box read cost ~45 ms and the
 * scroll ~24 ms of a preview whose target is twice the validator's ~15 ms (issue 33).
 *
 * Here the sizes come from a ResizeObserver's entries (after layout, every drawn row at once); until
 * the first entry the table works from its `initialRect` and the estimated row height. Every
 * virtualised table uses it (the Cards table, the roster's rows, the Import rows and the CSV preview;
 * test/renderer/common/virtual-tables-after-layout.test.ts holds each `createVirtualizer` to it):
 * `{ ...noForcedLayout(ROW), initialRect, ... }` in its createVirtualizer options.
 */
export function noForcedLayout<Row extends Element = HTMLTableRowElement>(
  estimate: number
): Pick<Options<Row>, 'observeElementRect' | 'measureElement' | 'scrollToFn'> {
  /** Boxes already attached: the first scroll asked for is to where a box just drawn already is. */
  const attached = new WeakSet<Element>()
  return {
    observeElementRect: (instance, cb) => {
      const element = instance.scrollElement
      const view = instance.targetWindow
      if (!element || !view) return
      // Without a ResizeObserver (a test's DOM) the box is read once: nothing would ever report it.
      if (!view.ResizeObserver) {
        cb({ width: element.offsetWidth, height: element.offsetHeight })
        return () => undefined
      }
      const observer = new view.ResizeObserver((entries) => {
        const box = entries[0]?.borderBoxSize?.[0]
        // Inside the observer's callback layout is done: reading the box here costs no layout.
        if (box) cb({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) })
        else cb({ width: element.offsetWidth, height: element.offsetHeight })
      })
      observer.observe(element, { box: 'border-box' })
      return () => observer.unobserve(element)
    },
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize?.[0]
      if (box) return Math.round(box.blockSize)
      // Mounting (no entry yet): the size known for this row, else the estimate; the observer's
      // entry follows after layout with the real one.
      return instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? estimate
    },
    scrollToFn: (offset, options, instance) => {
      const element = instance.scrollElement
      // The virtualizer scrolls a box to its initial offset (0) as it attaches it: a new box is there.
      const first = element !== null && !attached.has(element)
      if (element) attached.add(element)
      if (first && offset + (options.adjustments ?? 0) === 0 && !options.behavior) return
      elementScroll(offset, options, instance)
    }
  }
}
