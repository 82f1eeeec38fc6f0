/**
 * The desk's screens scroll inside the shell's content (App.svelte's `main`), never the window: the
 * sidebar stays the window's full height and the top of a screen (its banner) is never scrolled out
 * with the window. A screen that starts again at its top (another screen, another step) scrolls that.
 */
export function screenToTop(): void {
  const content = document.querySelector<HTMLElement>('.shell > main')
  if (content) content.scrollTo(0, 0)
  else window.scrollTo(0, 0)
}
