import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousA11yFindings } from '../support/axe'
import { focusUnseen } from '../support/focus-seen'
import { startRestartableWeb, type RestartableWeb } from '../support/restartable-web'

/**
 * Main killed (SIGKILL) under a screen scrolled down, and started again on the same data folder: the tab
 * reconnects by itself, and wherever the focus is then, the person sees it — never the page body, never an
 * element scrolled out of the window (Import's title focused 122 px above the window's top while the batch
 * was shown further down). Held on every screen that scrolls (1366×768).
 */
describe('after a restart of main the focus is seen, on a screen scrolled down (web mode, Chromium)', () => {
  let app: RestartableWeb

  beforeAll(async () => {
    app = await startRestartableWeb({ prefix: 'access-desk-focus-restart-' })
    // A busy day: Visitors' list and Today's groups run below the window.
    const demo = await app.demo()
    const now = Math.floor(Date.now() / 1000)
    for (let i = 0; i < 30; i++) {
      const answer = await demo.call('POST', '/api/v1/developer/visitors', {
        first_name: 'Restart',
        last_name: `Visitor ${String(i + 1).padStart(2, '0')}`,
        visit_reason: 'Business',
        start_time: now - 600,
        end_time: now + 4 * 3600
      })
      expect(answer.status).toBe(200)
    }
  }, 120_000)
  afterAll(async () => {
    await app?.close()
  })

  const page = () => app.browser.page
  const open = (screen: string) =>
    page().getByRole('navigation').getByRole('button', { name: screen, exact: true }).click()

  /**
   * The screen's box scrolled to its end, as a person reads down a batch: the focus stays
   * where opening the screen put it (its title), now above the window's top.
   */
  async function scrollDown(): Promise<void> {
    await page().evaluate(() => {
      const content = document.querySelector<HTMLElement>('.shell > main')!
      content.scrollTop = content.scrollHeight
    })
    await expect
      .poll(() => page().evaluate(() => document.querySelector<HTMLElement>('.shell > main')!.scrollTop))
      .toBeGreaterThan(40)
    expect(await focusUnseen(page()), 'the focus out of view before the restart').not.toBe('')
  }

  async function killAndRestart(): Promise<void> {
    await app.kill()
    await app.restart()
    // What the reconnect re-reads and redraws has settled.
    await page()
      .waitForLoadState('networkidle')
      .catch(() => undefined)
    await page().waitForTimeout(1500)
  }

  it('Import with a batch open and scrolled down', async () => {
    await open('Import')
    await page().getByRole('button', { name: 'New batch…' }).click()
    const form = page().getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Restart focus')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page().getByTestId('batch-title').textContent()).toBe('Restart focus')
    const id = page().getByLabel('NFC ID to add')
    for (let i = 0; i < 20; i++) {
      await id.fill(`04AB${String(i).padStart(4, '0')}`)
      await id.press('Enter')
      await page()
        .getByText(`Added 04AB${String(i).padStart(4, '0')}`)
        .waitFor()
    }
    await page().locator('main h1').focus()
    await scrollDown()
    await killAndRestart()
    await expect.poll(() => focusUnseen(page()), { timeout: 10_000 }).toBe('')
    expect(await seriousA11yFindings(page()), 'Import after a restart of main').toEqual([])
  })

  for (const screen of ['Today', 'Visitors', 'Settings']) {
    it(`${screen} scrolled down`, async () => {
      await open(screen)
      await page().waitForTimeout(1000)
      await page().locator('main h1').focus()
      await scrollDown()
      await killAndRestart()
      await expect.poll(() => focusUnseen(page()), { timeout: 10_000 }).toBe('')
    })
  }
})
