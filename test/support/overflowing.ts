import type { Page } from 'playwright-core'

/**
 * Every visible element under `root` whose text does not fit its box: wider content than the box
 * (where the box clips or the text cannot wrap), taller than a box that clips, past the window's
 * edge, or the page itself scrolling sideways. Measured, not judged by eye: what the pseudo-locale
 * checks (issue 36) ask of each screen. `skip`: a part not measured (the kiosk's hidden badge for printing).
 */
export function overflowing(page: Page, root: string, skip?: string): Promise<string[]> {
  return page.evaluate(
    ({ root, skip }) => {
      const found: string[] = []
      if (document.documentElement.scrollWidth > window.innerWidth)
        found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${window.innerWidth})`)
      const scope = document.querySelector(root)
      if (!scope) return [`nothing matches ${root}`]
      const boxes = scope.querySelectorAll<HTMLElement>(
        'button, label, legend, h1, h2, p, dt, dd, input, select, li, td, th, strong, span, a, nav'
      )
      for (const el of boxes) {
        const r = el.getBoundingClientRect()
        if (r.width === 0 || r.height === 0) continue
        if (skip && el.closest(skip)) continue
        if (el.classList.contains('visually-hidden')) continue
        const wide = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
        const tall =
          el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0 && getComputedStyle(el).overflowY !== 'visible'
        const outside = r.right > window.innerWidth + 1 || r.left < -1
        if (wide || tall || outside)
          found.push(
            `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}” ${Math.round(r.width)}px`
          )
      }
      return found
    },
    { root, skip }
  )
}

/**
 * How the desk's shell sits in the window: whether the window itself scrolls (the document taller than
 * the window), where the sidebar (nav) starts and ends, and where the screen's part (main) starts, in
 * CSS pixels of the window, rounded.
 */
export function shellLayout(
  page: Page
): Promise<{ pageScrolls: boolean; nav: { top: number; bottom: number }; mainTop: number }> {
  return page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement
    const nav = document.querySelector('nav')!.getBoundingClientRect()
    const main = document.querySelector('main')!.getBoundingClientRect()
    return {
      pageScrolls: doc.scrollHeight > window.innerHeight + 1 || window.scrollY !== 0,
      nav: { top: Math.round(nav.top), bottom: Math.round(nav.bottom) },
      mainTop: Math.round(main.top)
    }
  })
}
