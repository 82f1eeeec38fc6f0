import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'

/**
 * Cards' Owner column at 1366×768 shows each owner whole: the name and its user/visitor tag ("Omar
 * Kowalski user"), with the card's details open beside the table as they are while one works. Measured
 * in Chromium as the pseudo-locale walk measures clipping: nothing in an owner cell overflows it.
 */
describe("Cards' Owner column at 1366×768 (Chromium, demo console)", () => {
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium({ width: 1366, height: 768 })
    await openDemoApp(browser.page, web.info.url)
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('shows every owner name and its tag without cutting them, details open', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'Cards', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    // The longest owner the demo holds, and the details of a card open beside the table.
    await page.getByRole('searchbox', { name: 'Filter cards' }).fill('Kowalski')
    const rows = page.locator('[data-testid=card-rows] [role=row]:not([data-pending])')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await rows.first().click()
    await page.getByRole('complementary', { name: 'Card details' }).waitFor()

    const cells = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid=card-rows] [role=row]:not([data-pending])')].map((row) => {
        const cell = row.querySelectorAll('[role=gridcell]')[4] as HTMLElement
        const tag = cell.querySelector('.small') as HTMLElement | null
        const box = cell.getBoundingClientRect()
        const tagBox = tag?.getBoundingClientRect()
        return {
          text: cell.textContent ?? '',
          scroll: cell.scrollWidth,
          client: cell.clientWidth,
          tagInside: !tagBox || (tagBox.right <= box.right + 0.5 && tagBox.width > 0)
        }
      })
    )
    const owned = cells.filter((c) => /Kowalski/.test(c.text))
    expect(owned.length).toBeGreaterThan(0)
    for (const c of owned) {
      expect(c.scroll, JSON.stringify(c)).toBeLessThanOrEqual(c.client)
      expect(c.tagInside, JSON.stringify(c)).toBe(true)
      expect(c.text).toMatch(/Kowalski\s+(user|visitor)/)
    }
    expect(browser.errors).toEqual([])
  })
})
