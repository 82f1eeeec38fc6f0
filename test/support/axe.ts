import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { cellsOutsideRows } from './cells-in-rows'
import { splitHeadingWords } from './split-words'

const require = createRequire(import.meta.url)
// axe-core's own bundle, evaluated in the page through the DevTools protocol: the app's CSP
// (script-src 'self') stays on, as it is for users.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeFinding {
  id: string
  impact: string
  help: string
  targets: string[]
}

/**
 * axe-core's serious and critical findings on what the page shows now (WCAG 2.x A/AA and best
 * practice rules), and two rules of the app's own that axe does not see: no table cell laid over the
 * next row (its words hidden, its clicks taken; cells-in-rows.ts), and no column heading with a word
 * split mid-word (split-words.ts). Call it on every screen and open
 * dialog; `[]` is the only passing answer.
 */
export async function seriousA11yFindings(page: Page): Promise<AxeFinding[]> {
  const overlaid = await cellsOutsideRows(page)
  const split = await splitHeadingWords(page)
  const own: AxeFinding[] = [
    ...(overlaid.length
      ? [{ id: 'cell-over-next-row', impact: 'serious', help: 'A cell reaches outside its row', targets: overlaid }]
      : []),
    ...(split.length
      ? [
          {
            id: 'heading-word-broken',
            impact: 'serious',
            help: 'A column heading splits a word over two lines',
            targets: split
          }
        ]
      : [])
  ]
  return [...own, ...(await axeFindings(page))]
}

async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
  if (!loaded) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, options: unknown): Promise<AxeResults> } }).axe
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
    }
    const results = await axe.run(document, { resultTypes: ['violations'] })
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact!, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
  })
}
