import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { seriousA11yFindings } from '../support/axe'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started, type WebModeInfo } from '../support/processes'
import { tempDir } from '../support/temp'
import { screenshotPath } from '../support/screenshots'

describe('the app shell in Chromium (web mode)', () => {
  let web: Started<WebModeInfo>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>
  let port: number
  const secret = randomBytes(24).toString('base64url')

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path, { port: 0, secret })
    port = Number(new URL(web.info.url).port)
    browser = await launchChromium({ width: 1366, height: 768 })
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('opens on Start, which says what each job is and where it begins, reachable by keyboard', async () => {
    const { page } = browser
    await openDemoApp(page, web.info.url)
    await page.getByRole('heading', { name: 'Home' }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Screens' })
    expect(await nav.getByRole('button', { name: 'Home', exact: true }).getAttribute('aria-current')).toBe('page')
    for (const job of ['Reception desk', 'Installer', 'Card admin', 'Your console']) {
      await page.getByRole('heading', { name: job }).waitFor()
    }
    expect(await page.getByTestId('start-console').textContent()).toMatch(/demo console.*Settings/s)
    // "Demo console" once in the sidebar, not as both the name and the badge.
    const sidebar = (await page.getByTestId('active-connection').textContent())!
    expect(sidebar.match(/Demo console/g)).toHaveLength(1)
    // The console was checked at start: the sidebar says it answers.
    await expect.poll(() => page.getByTestId('console-answers').textContent()).toContain('Connected')
    await page.screenshot({ path: screenshotPath('start.png') })
    expect(await seriousA11yFindings(page)).toEqual([])

    // Keyboard: Tab from the top reaches "Open Today" (the reception's home screen), Enter opens it.
    await page.locator('body').click({ position: { x: 700, y: 5 } })
    let reached = false
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Open Today')
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => nav.getByRole('button', { name: 'Today', exact: true }).getAttribute('aria-current'))
      .toBe('page')
    expect(browser.errors).toEqual([])
  })

  it('keeps the sidebar in view on a long screen, and starts each screen at its top', async () => {
    const { page } = browser
    const nav = page.getByRole('navigation', { name: 'Screens' })
    await nav.getByRole('button', { name: 'Cards', exact: true }).click()
    await page.getByRole('heading', { name: 'Cards', level: 1 }).waitFor()
    // Whatever the screen's length, its content grows beyond the window (it scrolls, the window does not).
    await page.evaluate(() => {
      const filler = document.createElement('div')
      filler.style.height = '3000px'
      filler.dataset['testid'] = 'filler'
      document.querySelector('main')!.append(filler)
    })
    // Scroll the screen's content (a wheel over the Cards table would scroll the table's own rows).
    const contentTop = () => page.evaluate(() => document.querySelector('.shell > main')!.scrollTop)
    await page.evaluate(() => document.querySelector('.shell > main')!.scrollBy(0, 2000))
    await expect.poll(contentTop).toBeGreaterThan(1000)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const box = (await nav.boundingBox())!
    expect(box.y).toBe(0)
    expect(box.height).toBe(768)
    expect(await nav.getByRole('button', { name: 'Settings', exact: true }).isVisible()).toBe(true)
    await page.screenshot({ path: '/tmp/bridge-scrolled.png' })
    await nav.getByRole('button', { name: 'Home', exact: true }).click()
    await page.getByRole('heading', { name: 'Home' }).waitFor()
    expect(await contentTop()).toBe(0)
  })

  it('uses the width of a 1920-px screen', async () => {
    const { page } = browser
    await page.setViewportSize({ width: 1920, height: 1080 })
    const nav = page.getByRole('navigation', { name: 'Screens' })
    await nav.getByRole('button', { name: 'Cards', exact: true }).click()
    const heading = page.getByRole('heading', { name: 'Cards', level: 1 })
    await heading.waitFor()
    const main = (await page.locator('main').boundingBox())!
    expect(main.x + main.width).toBeGreaterThan(1900)
    const screen = (await heading.locator('xpath=..').boundingBox())!
    expect(screen.width).toBeGreaterThan(1600)
    await page.screenshot({ path: '/tmp/bridge-1920.png' })
    await page.setViewportSize({ width: 1366, height: 768 })
  })

  it('refuses a message too large to send with a clear error, and the bridge keeps working', async () => {
    const { page } = browser
    // What a ~20 MB UTF-16 CSV read as text becomes: every other character a NUL, ~70 MB of JSON.
    const answer = await page.evaluate(() =>
      window.api!.batches.previewCsv({ text: 'a\u0000'.repeat(10 * 1024 * 1024) })
    )
    expect(answer.ok).toBe(false)
    if (!answer.ok) {
      expect(answer.error.message).toMatch(/too large to send: 70 MB; at most 64 MB/)
      expect(answer.error.hint).toMatch(/smaller/)
    }
    const after = await page.evaluate(() => window.api!.pins.generate())
    expect(after).toMatchObject({ ok: true, result: { pin: expect.stringMatching(/^\d{8}$/) } })
  })

  it('says plainly when the local service is gone, fails calls at once, and recovers when it is back', async () => {
    const { page } = browser
    const banner = page.getByTestId('service-banner')
    expect(await banner.textContent()).toBe('')
    web.child.kill('SIGKILL')
    await banner.getByText("The connection to Access Desk's local service is lost.").waitFor()
    // The command that restarts this service, with its data folder (web/restart-command.ts).
    expect(await banner.textContent()).toMatch(/npm run web -- --data \S+/)
    await page.screenshot({ path: '/tmp/bridge-lost.png' })
    expect(await seriousA11yFindings(page)).toEqual([])
    const failed = await page.evaluate(() => window.api!.pins.generate())
    expect(failed).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringMatching(/lost/) } })

    // Restarted with another secret (a plain `npm start`): this tab cannot get in, and says what to do.
    web = await startWebMode(data.path, { port, secret: randomBytes(24).toString('base64url') })
    await banner.getByText(/was restarted, so this page can no longer reach it/).waitFor({ timeout: 15_000 })
    await web.stop()

    // The same service back (same address and secret): the tab reconnects by itself.
    web = await startWebMode(data.path, { port, secret })
    await banner.getByText(/Connected to Access Desk's local service again/).waitFor({ timeout: 15_000 })
    await page
      .getByTestId('active-connection')
      .getByTitle(/simulated console/)
      .waitFor()
    const again = await page.evaluate(() => window.api!.pins.generate())
    expect(again).toMatchObject({ ok: true })
  })
})
