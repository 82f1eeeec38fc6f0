import { giveFocus } from './action-outcome.svelte'
import { afterPaint } from './after-paint'

/**
 * After a restart of main (web mode), once every store has re-established what the screen shows: the
 * focus is where the person sees it. Left on the page body, or on an element scrolled out of the window
 * (Import's title 122 px above the window's top while the batch was shown further down), it goes to
 * what the reconnect says — the screen's own note about the restart (an element marked
 * `data-restart-note`: Import's "the upload stopped…"), else the banner's "Connected again" line — and
 * is brought into view with it. A focus the person sees (a field they were typing in) stays where it is.
 */
export async function focusAfterReconnect(doc: Document = document): Promise<void> {
  // The screen redrawn from what the stores read again first (a note may appear, rows move).
  await afterPaint()
  // jsdom lays nothing out: whether an element is seen cannot be told there.
  if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)) return
  const active = doc.activeElement as HTMLElement | null
  if (active && active !== doc.body && active !== doc.documentElement && seen(active)) return
  const said =
    doc.querySelector<HTMLElement>('main [data-restart-note]') ??
    doc.querySelector<HTMLElement>('[data-testid="service-banner"] .banner') ??
    doc.querySelector<HTMLElement>('main h1')
  giveFocus(said)
}

/** Whether `el` takes room inside the window and inside every box it scrolls in. */
function seen(el: HTMLElement): boolean {
  const r = el.getBoundingClientRect()
  if (r.width === 0 && r.height === 0) return false
  const inside = (b: { top: number; bottom: number }) => r.bottom > b.top && r.top < b.bottom
  if (!inside({ top: 0, bottom: window.innerHeight })) return false
  for (let box = el.parentElement; box && box !== el.ownerDocument.body; box = box.parentElement) {
    const style = getComputedStyle(box)
    if (/(auto|scroll|hidden)/.test(style.overflowY) && !inside(box.getBoundingClientRect())) return false
  }
  return true
}
