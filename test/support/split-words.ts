import type { Page } from 'playwright-core'

/**
 * Every word under `root`'s table cells (or the `cells` it names) that is split across two lines in the middle ("Zugangsmit|tel"):
 * a word's box (a Range over it) lies on two lines. A break at a hyphen the word has ("QR-|Code") is
 * a word break, not a split: each part is measured alone. Measured, as `overflowing` is: a column too
 * narrow for a language's longest word either splits it (overflow-wrap) or overflows (found there).
 */
export function splitWords(page: Page, root: string, cells = 'td, th'): Promise<string[]> {
  return page.evaluate(
    ([root, cells]) => {
      const found: string[] = []
      const scope = document.querySelector(root)
      if (!scope) return [`nothing matches ${root}`]
      for (const cell of scope.querySelectorAll<HTMLElement>(cells)) {
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
    },
    [root, cells] as const
  )
}

/**
 * The column headings of the whole page whose words are split mid-word ("Credencial|es"): a heading
 * names its column and is read whole in every language, so this is held on every screen, dialog and
 * language by the accessibility check (axe.ts). Debian's Chromium has no hyphenation dictionaries, so
 * `hyphens: auto` adds no hyphen there: a column too narrow for its heading's longest word is widened.
 * (A cell's data — an ID, an address — may break anywhere; only `splitWords` on a chosen root holds those.)
 */
export function splitHeadingWords(page: Page): Promise<string[]> {
  return splitWords(page, 'body', 'th, [role="columnheader"]')
}
