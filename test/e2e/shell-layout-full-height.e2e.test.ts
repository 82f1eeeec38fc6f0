import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { allPermissionKeys } from '../../src/demo-console/tokens'
import { shellLayout } from '../support/overflowing'

/**
 * The desk's shell at 1366×768 with a long sidebar and banner (a token that lost three keys: the
 * sidebar names them, Cards says what it cannot do): the window itself never scrolls, so the top of
 * the screen (its banner) stays in view; the dark sidebar fills the window's height; only the screen's
 * content scrolls (a shorter window, its content scrolled to the end, too). Measured in Chromium, not judged by eye.
 */
describe('the shell keeps its sidebar full height and scrolls only the content', () => {
  let job: Job
  const gone = ['edit:credential', 'edit:user', 'edit:visitor']
  beforeAll(async () => {
    job = await startJob()
    await job.page.setViewportSize({ width: 1366, height: 768 })
  }, 120_000)
  afterAll(async () => {
    await job?.control('PUT', '/scopes', { token: 'full', keys: allPermissionKeys }).catch(() => undefined)
    await job?.close()
  })

  async function expectWhole(page: Page, where: string, height = 768): Promise<void> {
    const layout = await shellLayout(page)
    expect(layout.pageScrolls, `${where}: the window scrolls`).toBe(false)
    expect(layout.nav, `${where}: the sidebar fills the window`).toEqual({ top: 0, bottom: height })
    expect(layout.mainTop, `${where}: the screen starts at the window's top`).toBe(0)
  }

  it('on Cards with three keys gone, and when its content is scrolled to the end', async () => {
    const { page } = job
    await job.open('Cards')
    await page.locator('main h1').first().waitFor()
    await job.control('PUT', '/scopes', {
      token: 'full',
      keys: allPermissionKeys.filter((k) => !gone.includes(k))
    })
    // Cards' Refresh asks the console for its keys: one refused, the connection state asks every key again
    // and names all three (a person's refused write would do the same, but the screen may have learnt the
    // keys first and made the field read-only: Refresh is the one path that does not race it).
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 20_000 })
      .toContain('edit:visitor')
    // A card's details open beside the rows (read-only now): the content is taller than the window.
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    await page.getByRole('complementary', { name: 'Card details' }).waitFor()
    await expectWhole(page, 'Cards')
    // A shorter window, the content scrolled as far as it goes: the sidebar stays whole, the window does not move.
    await page.setViewportSize({ width: 1366, height: 560 })
    const scrolled = await page.evaluate(() => {
      const content = document.querySelector('.shell > main')!
      content.scrollTo(0, content.scrollHeight)
      return content.scrollTop
    })
    expect(scrolled, 'the content scrolls (it is taller than the window)').toBeGreaterThan(0)
    await expectWhole(page, 'Cards scrolled', 560)
    await job.expectAccessible('Cards with three keys gone')
  }, 90_000)
})
