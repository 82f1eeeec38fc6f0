import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'

describe('first start in Chromium (web mode)', () => {
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('selects the built-in demo console and generates a PIN', async () => {
    const { page } = browser
    await page.goto(web.info.url)
    await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Demo console')
    // The first screen is Start; PINs is one click away in the sidebar.
    await page.getByRole('heading', { name: 'Where to start' }).waitFor()
    await page.getByRole('navigation').getByRole('button', { name: 'PINs', exact: true }).click()
    await page.getByRole('button', { name: 'Generate PIN' }).click()
    const pin = page.getByTestId('generated-pin')
    await pin.waitFor()
    expect(await pin.textContent()).toMatch(/^\d{8}$/)
    // The secret left the address bar once read.
    expect(page.url()).not.toContain('#k=')
    expect(browser.errors).toEqual([])
  })

  it('assigns the PIN to a user found by search, and says it will not be shown again', async () => {
    const { page } = browser
    const pin = (await page.getByTestId('generated-pin').textContent())!
    await page.getByRole('searchbox', { name: 'Find a user or visitor' }).fill('Ng')
    const first = page.getByRole('option').first()
    await first.waitFor()
    const name = (await first.locator('strong').textContent())!
    await first.click()
    await page.screenshot({ path: 'docs/screens/pins.png' })
    await page.getByRole('button', { name: 'Assign PIN' }).click()
    const status = page.getByRole('status').filter({ hasText: `PIN ${pin} assigned to ${name}` })
    await status.waitFor()
    expect(await status.textContent()).toContain('will not show it again')
    expect(browser.errors).toEqual([])
  })

  it("removes that person's PIN", async () => {
    const { page } = browser
    await page.getByText("Remove someone's PIN").click()
    await page.getByRole('searchbox', { name: 'Whose PIN' }).fill('Ng')
    const first = page.getByRole('option').first()
    await first.waitFor()
    const name = (await first.locator('strong').textContent())!
    await first.click()
    await page.getByRole('button', { name: 'Remove PIN' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `${name} has no PIN any more.` })
      .waitFor()
    expect(browser.errors).toEqual([])
  })
})
