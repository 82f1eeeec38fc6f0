import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousA11yFindings } from '../support/axe'
import { launchChromium } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'

/**
 * Finding: web mode's address opened without its key (`#k=…`, e.g. typed from memory or
 * bookmarked after the tab removed it from the address bar) said twice that "the service was
 * restarted". It says what is missing and where the right address is instead.
 */
describe('web mode opened without its key (Chromium)', () => {
  let web: Started<{ url: string; dataDir: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium({ width: 1366, height: 768 })
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('says the address lacks its key and which address to open; never that the service restarted', async () => {
    const { page } = browser
    const bare = new URL(web.info.url)
    bare.hash = ''
    await page.goto(bare.href)
    const banner = page.getByTestId('service-banner')
    await banner.getByText('This address lacks its key, so this page cannot reach Access Desk.').waitFor()
    expect(await banner.textContent()).toMatch(/npm run web.*npm start.*printed when it started.*#k=/s)
    // A call fails at once with the same words, and no socket was ever tried without a key.
    const call = await page.evaluate(() => window.api!.pins.generate())
    expect(call).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/lacks its key/), hint: expect.stringMatching(/#k=/) }
    })
    expect(browser.sentChannels).toEqual([])
    expect(await page.locator('body').textContent()).not.toMatch(/restarted/)
    expect(await seriousA11yFindings(page)).toEqual([])

    // The full address works in the same tab (only the fragment differs: a reload loads it).
    await page.goto(web.info.url)
    await page.reload()
    await page
      .getByTestId('active-connection')
      .getByTitle(/simulated console/)
      .waitFor()
    expect(await banner.textContent()).toBe('')
  })
})
