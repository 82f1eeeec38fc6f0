/**
 * The focus leaves the screen on show before that screen is removed: onto the sidebar's entry of the
 * screen asked for, as a mouse click on it already puts it. An element removed while it holds the focus
 * makes Chromium lay the page out in the middle of the removal — in the task that draws the next
 * screen (20–35 ms of Cards' open under load, traced). Moved now, while the page's layout is still
 * current, the focus costs nothing. It only waits there: the new screen's title takes it once its first
 * frame is painted (App.svelte `focusTitle`), as after a click on the sidebar, and a screen that puts the
 * focus on its next step (Badges' Print badge) counts a focus still waiting there as left by the screen
 * change (`focusLeftByScreenChange`). A focus outside the screen (the sidebar, a dialog of the shell) stays.
 */
let parked: HTMLElement | null = null

export function focusOffLeavingScreen(next: string): void {
  if (typeof document === 'undefined') return
  const active = document.activeElement
  if (!active || !active.closest('main')) return
  const entry = document.querySelector<HTMLElement>(`nav button[data-screen="${next}"]`)
  entry?.focus({ preventScroll: true })
  parked = entry
}

/** The focus is still where the screen change put it to wait (nobody moved it since). */
export function focusWaitingForScreen(): boolean {
  return parked !== null && typeof document !== 'undefined' && document.activeElement === parked
}

/**
 * Where a screen change leaves the focus, untouched by the person: nothing, the body, <main> itself (the
 * button pressed went with its screen), or the sidebar entry it waits on (`focusWaitingForScreen`).
 */
export function focusLeftByScreenChange(): boolean {
  const active = document.activeElement
  return !active || active === document.body || active.tagName === 'MAIN' || focusWaitingForScreen()
}
