import type { Page } from 'playwright-core'

/**
 * Every cell of every virtual table row on the page that reaches outside its row's box (more than a
 * pixel): a cell whose words need more lines than its row holds would lie over the next row, hiding
 * its words and taking its clicks. Each is named by its row's place and its text.
 */
export function cellsOutsideRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const outside: string[] = []
    for (const row of document.querySelectorAll<HTMLElement>('.vt-row')) {
      const box = row.getBoundingClientRect()
      for (const cell of row.querySelectorAll<HTMLElement>('[role="gridcell"], [role="columnheader"]')) {
        const r = cell.getBoundingClientRect()
        if (r.top < box.top - 1 || r.bottom > box.bottom + 1)
          outside.push(`row ${row.getAttribute('aria-rowindex')}: ${cell.textContent?.trim().slice(0, 60)}`)
      }
    }
    return outside
  })
}
