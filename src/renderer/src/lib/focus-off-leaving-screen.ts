/**
 * The focus leaves the screen on show before that screen is removed: onto the sidebar's entry of the
 * screen asked for, as a mouse click on it already puts it. An element removed while it holds the focus
 * makes Chromium lay the page out in the middle of the removal — in the task that draws the next
 * screen (20–35 ms of Cards' open under load, traced). Moved now, while the page's layout is still
 * current, the focus costs nothing; the new screen's title takes it once its first frame is painted
 * (App.svelte `focusTitle`). A focus outside the screen (the sidebar, a dialog of the shell) stays.
 */
export function focusOffLeavingScreen(next: string): void {
  if (typeof document === 'undefined') return
  const active = document.activeElement
  if (!active || !active.closest('main')) return
  const entry = document.querySelector<HTMLElement>(`nav button[data-screen="${next}"]`)
  entry?.focus({ preventScroll: true })
}
