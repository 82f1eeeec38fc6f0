import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { request } from '../unit/demo-console/support'
import { findDemoConsole, type FoundDemo } from '../support/demo-found'

/**
 * Cards' Display ID column holds the whole number at 1366×768: a card imported by a 7-byte UID is
 * numbered by the console with 16 or 17 digits ("13205134928773…" was cut). Measured in Chromium: each
 * Display ID cell shows all its text (nothing overflows it), and the head's column is as wide as the rows'.
 */
describe("Cards' Display ID column at 1366×768 (Chromium, demo console)", () => {
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>
  let demo: FoundDemo

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium({ width: 1366, height: 768 })
    await openDemoApp(browser.page, web.info.url)
    demo = await findDemoConsole(browser.page, data.path)
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('shows 16- and 17-digit display ids whole', async () => {
    const { page } = browser
    // The largest 7-byte UID is numbered 72057594037927935 (17 digits); 04B1C2D3E4F5A6 with 16.
    const uids = ['FFFFFFFFFFFFFF', '04B1C2D3E4F5A6']
    const made = await page.evaluate(async (uids) => {
      const api = window.api!
      const batch = await api.batches.create({ name: 'Long numbers' })
      if (!batch.ok) return batch.error.message
      for (const uid of uids) {
        const added = await api.batches.addScan({ batchId: batch.result.id, uid, source: 'typed' })
        if (!added.ok) return added.error.message
      }
      const sent = await api.batches.upload({ batchId: batch.result.id })
      return sent.ok ? sent.result.imported : sent.error.message
    }, uids)
    expect(made).toBe(2)
    const held = await request(demo.url, demo.ca, 'GET', '/__demo/state/cards', { token: demo.token })
    const ids = (held.body.data as { nfc_id: string; display_id: string }[])
      .filter((c) => uids.includes(c.nfc_id))
      .map((c) => c.display_id)
    expect(ids.map((id) => id.length).sort()).toEqual([16, 17])

    await page.getByRole('button', { name: 'Cards', exact: true }).click()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    for (const id of ids) {
      await page.getByRole('searchbox', { name: 'Filter cards' }).fill(id)
      const cell = page.locator('[data-testid=card-rows] [role=row] [role=gridcell]').first()
      await expect.poll(() => cell.textContent(), { timeout: 20_000 }).toBe(id)
      const fit = await cell.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
      expect(fit.scroll, `${id}: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(fit.client)
      // The head's Display ID column lines up with the rows' (each row is a grid of its own).
      const widths = await page.evaluate(() => {
        const head = document.querySelector('[role=grid] [role=columnheader]')!.getBoundingClientRect()
        const body = document.querySelector('[data-testid=card-rows] [role=gridcell]')!.getBoundingClientRect()
        return { head: Math.round(head.width), body: Math.round(body.width) }
      })
      expect(widths.head).toBe(widths.body)
    }
    expect(browser.errors).toEqual([])
  })
})
