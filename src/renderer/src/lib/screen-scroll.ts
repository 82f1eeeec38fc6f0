/**
 * The desk's screens scroll inside the shell's content (App.svelte's `main`), never the window: the
 * sidebar stays the window's full height and the top of a screen (its banner) is never scrolled out
 * with the window. A screen that starts again at its top (another screen, another step) scrolls that.
 */
export function screenToTop(): void {
  const content = document.querySelector<HTMLElement>('.shell > main')
  if (!content) return window.scrollTo(0, 0)
  // Written only when it is scrolled: a scroll position set (or read) lays the page out at once, and
  // this runs as a new screen has just been drawn, before its first frame — every open of a screen paid
  // a layout of it mid-draw (~5 ms for Cards on a quiet machine, repeated by the frame when the screen
  // changed again before it). Where it is scrolled is learnt from its scroll events, which come when
  // the layout is current. Set, not scrollTo(): the same in every engine, the tests' DOM included.
  const state = scrollState(content)
  if (!state.off) return
  content.scrollTop = 0
  content.scrollLeft = 0
  state.off = false
}

/** The scroll containers seen, each with whether it was last off its top-left corner. */
const seen = new WeakMap<HTMLElement, { off: boolean }>()

function scrollState(content: HTMLElement): { off: boolean } {
  let state = seen.get(content)
  if (!state) {
    // First seen: where it is is read once (the shell's first screen, or a content mounted anew).
    state = { off: content.scrollTop !== 0 || content.scrollLeft !== 0 }
    seen.set(content, state)
    const known = state
    content.addEventListener(
      'scroll',
      () => {
        known.off = content.scrollTop !== 0 || content.scrollLeft !== 0
      },
      { passive: true }
    )
  }
  return state
}
