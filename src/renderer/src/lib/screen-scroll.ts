/**
 * The desk's screens scroll inside the shell's content (App.svelte's `main`), never the window: the
 * sidebar stays the window's full height and the top of a screen (its banner) is never scrolled out
 * with the window. A screen that starts again at its top (another screen, another step) scrolls that.
 */
export function screenToTop(): void {
  const content = document.querySelector<HTMLElement>('.shell > main')
  // Set, not scrollTo(): the same in every engine, the tests' DOM included (it has no Element.scrollTo).
  if (content) {
    content.scrollTop = 0
    content.scrollLeft = 0
  } else window.scrollTo(0, 0)
}
