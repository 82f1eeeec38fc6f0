import type { Page } from 'playwright-core'

/**
 * Every word under `root`'s table cells that is split across two lines in the middle ("Zugangsmit|tel"):
 * a word's box (a Range over it) lies on two lines. A break at a hyphen the word has ("QR-|Code") is
 * a word break, not a split: each part is measured alone. Measured, as `overflowing` is: a column too
 * narrow for a language's longest word either splits it (overflow-wrap) or overflows (found there).
 */
export function splitWords(page: Page, root: string): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = []
    const scope = document.querySelector(root)
    if (!scope) return [`nothing matches ${root}`]
    for (const cell of scope.querySelectorAll<HTMLElement>('td, th')) {
      if (cell.getBoundingClientRect().width === 0) continue
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const match of text.matchAll(/[^\s\-–—/,;:()]+/g)) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (lines.size > 1) found.push(`“${match[0]}” in “${(cell.textContent ?? '').trim().slice(0, 40)}”`)
        }
      }
    }
    return found
  }, root)
}
