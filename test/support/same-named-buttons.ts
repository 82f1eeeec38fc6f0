import type { Page } from 'playwright-core'

/**
 * The accessible names that two or more shown buttons share under `root` (each with how many), as a
 * screen reader's list of buttons reads them: a per-item button named without its item ("Remove…" on
 * each console) cannot be told from its neighbours there. The name is computed as browsers do for a
 * button in the common cases: aria-labelledby, else aria-label, else its text (hidden parts left out).
 */
export function sameNamedButtons(page: Page, root = 'main'): Promise<string[]> {
  return page.evaluate((root) => {
    const textOf = (el: Element): string => {
      let text = ''
      for (const node of el.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? ''
        else if (node instanceof HTMLElement) {
          if (node.hidden || node.getAttribute('aria-hidden') === 'true') continue
          text += node.getAttribute('aria-label') ?? textOf(node)
        }
      }
      return text
    }
    const nameOf = (button: HTMLElement): string => {
      const by = button.getAttribute('aria-labelledby')
      const named = by
        ? by
            .split(/\s+/)
            .map((id) => document.getElementById(id))
            .filter((el): el is HTMLElement => el !== null)
            .map(textOf)
            .join(' ')
        : (button.getAttribute('aria-label') ?? textOf(button))
      return named.replace(/\s+/g, ' ').trim()
    }
    const counts = new Map<string, number>()
    for (const scope of document.querySelectorAll<HTMLElement>(root)) {
      for (const button of scope.querySelectorAll<HTMLElement>('button, [role="button"]')) {
        if (button.getClientRects().length === 0 || button.closest('[hidden], [inert], [aria-hidden="true"]')) continue
        const name = nameOf(button)
        counts.set(name, (counts.get(name) ?? 0) + 1)
      }
    }
    return [...counts].filter(([, n]) => n > 1).map(([name, n]) => `${n} × “${name}”`)
  }, root)
}
