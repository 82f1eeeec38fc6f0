import { afterEach, describe, expect, it } from 'vitest'
import { screenToTop } from '../../../src/renderer/src/lib/screen-scroll'

/**
 * A new screen starts at its top (App.svelte calls screenToTop as the screen changes), but a scroll
 * position written lays the page out at once, mid-draw of the new screen: it is written only when the
 * content is scrolled, which its scroll events say. Counted here by the writes to scrollTop/scrollLeft.
 */
function shell(): { content: HTMLElement; writes: () => number; scrollTo: (top: number) => void } {
  document.body.innerHTML = '<div class="shell"><nav></nav><main></main></div>'
  const content = document.querySelector<HTMLElement>('.shell > main')!
  let top = 0
  let left = 0
  let writes = 0
  Object.defineProperty(content, 'scrollTop', {
    get: () => top,
    set: (v: number) => {
      writes++
      top = v
    }
  })
  Object.defineProperty(content, 'scrollLeft', {
    get: () => left,
    set: (v: number) => {
      writes++
      left = v
    }
  })
  return {
    content,
    writes: () => writes,
    // As a person's wheel does: the position moves, then the scroll event says so.
    scrollTo: (to: number) => {
      top = to
      content.dispatchEvent(new Event('scroll'))
    }
  }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('screenToTop', () => {
  it('writes no scroll position while the content is at its top, and brings a scrolled one back', () => {
    const { content, writes, scrollTo } = shell()
    screenToTop()
    screenToTop()
    expect(writes()).toBe(0)

    scrollTo(640)
    screenToTop()
    expect(content.scrollTop).toBe(0)
    const afterReset = writes()
    expect(afterReset).toBeGreaterThan(0)

    // Back at the top: the next screen writes nothing again.
    screenToTop()
    expect(writes()).toBe(afterReset)
  })
})
