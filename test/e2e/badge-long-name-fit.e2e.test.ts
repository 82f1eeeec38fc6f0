import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { bookVisitor } from '../support/book-visitor'

const LONG = {
  first_name: 'Maximiliane Theodora',
  last_name: 'Wolfeschlegelsteinhausenbergerdorff-Castellanos de la Vega y Montenegro',
  visitor_company:
    'Internationale Gesellschaft für Anlagenbau und Zutrittskontrollsysteme mbH & Co. KG Niederlassung Süd'
}
const PX_PER_MM = 96 / 25.4

/**
 * The badge on screen (and the page printed from it) for a visitor with a long name and company, on every
 * label stock: the QR code stays whole on the label and at least 20 mm, and the name is not cut — the text
 * is set smaller instead (components/badges/badge-fit.ts). It was pushed off the label's bottom edge.
 */
describe('Badges: a long name never pushes the QR code off the badge', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
    const now = Math.floor(Date.now() / 1000)
    await bookVisitor(job, LONG, { start: now - 3600, end: now + 4 * 3600 })
  })
  afterAll(async () => {
    await job?.close()
  })

  it('on every label stock: the code whole on the label, 20 mm or more, the name whole', async () => {
    const { page } = job
    await job.open('Badges')
    await page.getByLabel('Visitor', { exact: true }).fill('Maximiliane')
    await page.getByLabel('Visitor', { exact: true }).press('Enter')
    await page.getByRole('list', { name: 'Visitors found' }).getByRole('button').first().click()
    await page.getByTestId('badge-preview').waitFor()
    const stocks = await page
      .getByTestId('badge-stock')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    expect(stocks.length).toBeGreaterThanOrEqual(4)
    for (const stock of stocks) {
      await page.getByTestId('badge-stock').selectOption(stock)
      await expect.poll(() => page.locator(`[data-testid="badge-preview"] .stock-${stock}`).count()).toBe(1)
      const shape = await page.getByTestId('badge-preview').evaluate((preview) => {
        const badge = preview.querySelector<HTMLElement>('.visitor-badge')!
        const code = badge.querySelector<HTMLElement>('.b-qr, .b-qr-missing')!
        const name = badge.querySelector<HTMLElement>('.b-name')!
        const b = badge.getBoundingClientRect()
        const c = code.getBoundingClientRect()
        return {
          inside:
            c.top >= b.top - 0.5 && c.bottom <= b.bottom + 0.5 && c.left >= b.left - 0.5 && c.right <= b.right + 0.5,
          side: Math.min(c.width, c.height),
          nameCut: name.scrollWidth > name.clientWidth + 0.5 || name.getBoundingClientRect().bottom > b.bottom,
          name: name.textContent
        }
      })
      expect({ stock, ...shape }).toMatchObject({ stock, inside: true, nameCut: false })
      expect(shape.side).toBeGreaterThanOrEqual(20 * PX_PER_MM - 0.5)
      expect(shape.name).toBe(`${LONG.first_name} ${LONG.last_name}`)
    }
    expect(job.browser.errors).toEqual([])
  })
})
