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
      // The screen's part scrolls on its own (the shell's main): wider content scrolls it, not the page.
      for (const box of new Set([scope, scope.closest('main')])) {
        if (box && box.scrollWidth > box.clientWidth + 1)
          found.push(`${box.tagName.toLowerCase()} scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`)
      }
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

/**
 * Every visible field under `root` whose placeholder is cut: the width its placeholder needs in the
 * field's own font, against the room inside its padding. A placeholder is words the field shows
 * (an example, what to type) and is not in its scroll size, so `overflowing` cannot see it cut.
 * Named by the field's label.
 */
export function placeholdersCut(page: Page, root: string): Promise<string[]> {
  return page.evaluate((root) => {
    const scope = document.querySelector(root)
    if (!scope) return [`nothing matches ${root}`]
    const canvas = document.createElement('canvas').getContext('2d')!
    const found: string[] = []
    for (const el of scope.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (!el.placeholder || el.offsetParent === null) continue
      const style = getComputedStyle(el)
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const needs = canvas.measureText(el.placeholder).width
      if (needs > room + 0.5) {
        const name = el.getAttribute('aria-label') ?? el.closest('label')?.textContent?.trim() ?? el.name
        found.push(`${name}: “${el.placeholder}” needs ${Math.ceil(needs)}px, has ${Math.floor(room)}px`)
      }
    }
    return found
  }, root)
}

/**
 * Every visible button under `root` that a click at its middle would not reach: another part drawn over
 * it (a heading that ran across a panel's edge), or the button out of the window. Each is scrolled into
 * view first, as a person would. Named by its text.
 */
export async function buttonsCovered(page: Page, root: string): Promise<string[]> {
  const found: string[] = []
  const buttons = page.locator(`${root} button:visible`)
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i)
    await button.scrollIntoViewIfNeeded()
    const hit = await button.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const x = r.left + r.width / 2
      const y = r.top + r.height / 2
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return 'out of the window'
      const top = document.elementFromPoint(x, y)
      return top && el.contains(top)
        ? null
        : `under ${top?.tagName.toLowerCase()} “${(top?.textContent ?? '').trim().slice(0, 30)}”`
    })
    if (hit) found.push(`button “${((await button.textContent()) ?? '').trim().slice(0, 40)}” ${hit}`)
  }
  return found
}
