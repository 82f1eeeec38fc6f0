import type { Page } from 'playwright-core'

/**
 * Where the focus is, and why it is not seen ('' when it is seen): the focused element, and what it is seen
 * with — the row it is in, or the block marked `data-with-result` (its result line and buttons) — are both
 * inside the window and inside every box that scrolls around them.
 */
export async function focusUnseen(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body || el === document.documentElement) return 'on the page body'
    // The window itself never scrolls (lib/screen-scroll.ts): the screen's box does.
    if (window.scrollY !== 0 || window.scrollX !== 0) return `the window scrolled (${window.scrollY})`
    const unseen = (it: HTMLElement, name: string): string => {
      const r = it.getBoundingClientRect()
      if (r.width === 0 && r.height === 0) return `${name} takes no room`
      const out = (b: { top: number; bottom: number; left: number; right: number }) =>
        r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1
      if (out({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth }))
        return `${name} outside the window (top ${Math.round(r.top)}, bottom ${Math.round(r.bottom)} of ${window.innerHeight})`
      for (let box = it.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box)
        if (!/(auto|scroll)/.test(style.overflowY + style.overflowX)) continue
        if (out(box.getBoundingClientRect()))
          return `${name} outside the box it scrolls in (${box.tagName.toLowerCase()}.${box.className})`
      }
      return ''
    }
    const name = `${el.tagName.toLowerCase()} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}”`
    const whole = el.parentElement?.closest<HTMLElement>('tr, [role="row"], [data-with-result]')
    return unseen(el, name) || (whole ? unseen(whole, `the row (or result) of ${name}`) : '')
  })
}
