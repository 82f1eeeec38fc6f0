import type { VirtualizerOptions } from '@tanstack/svelte-virtual'

type Options = VirtualizerOptions<HTMLDivElement, HTMLTableRowElement>

/**
 * The sizes a virtualised table learns from the page, taken from a ResizeObserver's entries (after
 * layout, every element at once) and never by reading an element's offsetWidth/offsetHeight as it
 * mounts. Such a read forces the browser to lay the whole page out there and then, before the rest
 * of the screen is drawn: the table's box read at mount cost ~45 ms of a 10,000-line CSV preview
 * under load, and each row read as it mounted cost a layout per row (issue 33). Until the first
 * entry comes, the table works from its `initialRect` and its estimated row height.
 *
 * Every virtualised table of rows that may change height uses both (the Import rows and the CSV
 * preview): `{ ...sizedAfterLayout(ROW), ... }` in its createVirtualizer options.
 */
export function sizedAfterLayout(estimate: number): Pick<Options, 'observeElementRect' | 'measureElement'> {
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
    }
  }
}
