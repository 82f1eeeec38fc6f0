import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { request } from '../unit/demo-console/support'
import { findDemoConsole, type FoundDemo } from '../support/demo-found'
import { screenshotPath } from '../support/screenshots'
import { seriousA11yFindings } from '../support/axe'

/** The list's total as the pager states it (the console's `pagination.total`). */
async function listTotal(page: Page): Promise<number> {
  await page.locator('[data-testid="passes-table"][aria-busy="false"]').waitFor()
  const summary = page.getByTestId('pager-summary')
  return Number(await summary.getAttribute('data-total'))
}

describe('Touch Passes in Chromium (web mode, demo console)', () => {
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>
  /** The demo console behind web mode, found as an operator would: the app's address for it, its data dir. */
  let demo: FoundDemo
  /** The passes the console holds: the judge of what was bought, not the screen. */
  const heldPasses = async (): Promise<
    { id: string; status: string; user_id: string; card_id: string; card_name: string }[]
  > => {
    const answer = await request(demo.url, demo.ca, 'GET', '/__demo/state/touchPasses', { token: demo.token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data
  }

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium()
    await openDemoApp(browser.page, web.info.url)
    demo = await findDemoConsole(browser.page, data.path)
    await browser.page.getByRole('button', { name: 'Touch Passes', exact: true }).click()
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('buys exactly two passes after an explicit confirmation, however often Buy is clicked', async () => {
    const { page } = browser
    const before = (await heldPasses()).length
    expect(before).toBeGreaterThan(0)
    expect(await listTotal(page)).toBe(before)

    await page.getByRole('button', { name: 'Buy passes…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Buy Touch Passes' })
    await dialog.getByLabel('Number of passes').fill('2')
    await expect.poll(() => dialog.getByTestId('purchase-statement').textContent()).toContain('2 Touch Passes')
    const buy = dialog.getByRole('button', { name: /Buy 2 and charge/ })
    expect(await buy.isDisabled()).toBe(true)
    await dialog.getByRole('checkbox').check()
    // A double click, then Enter on the button: one purchase.
    await buy.dblclick()
    await page.keyboard.press('Enter')
    await dialog.getByTestId('purchase-done').waitFor()
    // The console holds exactly two more, both unassigned, from one purchase sent once.
    const bought = (await heldPasses()).slice(before)
    expect(bought.map((p) => [p.status, p.user_id])).toEqual([
      ['INACTIVE', ''],
      ['INACTIVE', '']
    ])
    expect(browser.sentChannels.filter((c) => c === 'touchPasses.purchase')).toHaveLength(1)
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()

    // The list on screen says the same, and nothing more was bought meanwhile.
    await expect.poll(() => listTotal(page)).toBe(before + 2)
    expect(await heldPasses()).toHaveLength(before + 2)
    expect(browser.sentChannels.filter((c) => c === 'touchPasses.purchase')).toHaveLength(1)
    // And the new ones are INACTIVE (said "Unassigned"): filter to see them.
    await page.getByLabel('Status').selectOption('INACTIVE')
    const statuses = () => page.getByTestId('passes-table').locator('tbody tr td:nth-child(3)').allTextContents()
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['Unassigned']))
    const inactive = (await statuses()).length

    // The assignable list (E11): free passes only, the new ones among them, none with a device.
    await page.getByLabel('Status').selectOption('ASSIGNABLE')
    await expect
      .poll(
        async () =>
          new Set(await page.getByTestId('passes-table').locator('tbody tr td:nth-child(3)').allTextContents())
      )
      .toEqual(new Set(['Unassigned', 'Suspended']))
    const rows = page.getByTestId('passes-table').locator('tbody tr')
    expect(await rows.count()).toBeGreaterThanOrEqual(inactive)
    expect(new Set(await rows.locator('td:nth-child(5)').allTextContents())).toEqual(new Set(['0']))
  })

  it('suspends an active pass and removes one of its devices after confirming', async () => {
    const { page } = browser
    await page.getByLabel('Status').selectOption('ACTIVE')
    const firstActive = page
      .getByTestId('passes-table')
      .locator('tbody tr')
      .filter({ hasNot: page.locator('td:nth-child(5):text-is("0")') })
      .first()
    await firstActive.getByRole('button').click()
    const details = page.getByTestId('pass-details')
    await details.waitFor()
    const cardId = (await details.locator('#pass-title').textContent())!.trim()

    const rows = details.locator('tbody tr')
    const bundlesBefore = await rows.count()
    expect(bundlesBefore).toBeGreaterThan(0)
    const device = (await rows.first().locator('td').first().textContent())!.trim()
    await rows.first().getByRole('button', { name: 'Remove device…' }).click()
    const confirm = page.getByRole('dialog', { name: 'Remove this device from the pass?' })
    await expect.poll(() => confirm.textContent()).toContain(device)
    await confirm.getByRole('button', { name: 'Remove device' }).click()
    await confirm.waitFor({ state: 'detached' })
    await expect.poll(() => rows.count()).toBe(bundlesBefore - 1)

    await details.getByRole('button', { name: 'Suspend' }).click()
    await details.getByRole('button', { name: 'Activate' }).waitFor()
    await expect.poll(() => details.textContent()).toContain('Suspended')

    // Read back from the console: search by the card id.
    await page.getByLabel('Search by card id or user name').fill(cardId.slice(0, 9))
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const row = page.getByTestId('passes-table').locator('tbody tr', { hasText: cardId })
    await expect.poll(() => row.textContent()).toContain('Suspended')
    await expect.poll(() => row.locator('td').nth(4).textContent()).toBe(String(bundlesBefore - 1))

    await page.getByRole('button', { name: 'Show all' }).click()
    await page.getByLabel('Status').selectOption('')
    await page.getByTestId('pager-summary').waitFor()
    await page.screenshot({ path: screenshotPath('touch-passes.png'), fullPage: true })
    expect(browser.errors).toEqual([])
  })

  it('takes a pass back and clears the name that named its holder ("Kofi\'s phone"), the console free and nameless after', async () => {
    const { page } = browser
    await page.getByLabel('Status').selectOption('PENDING')
    // The waiting passes' page is on screen (not the page shown before the filter) before one is opened.
    const statuses = () => page.getByTestId('passes-table').locator('tbody tr td:nth-child(3)').allTextContents()
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['Waiting for the user']))
    const first = page.getByTestId('passes-table').locator('tbody tr').first().getByRole('button')
    const cardId = (await first.textContent())!.trim()
    await first.click()
    // The panel is this pass's once read (the one shown before is never left on offer meanwhile).
    const details = page.getByTestId('pass-details')
    await expect.poll(async () => (await details.locator('#pass-title').textContent())?.trim()).toBe(cardId)
    const holderName = (await details.getByTestId('pass-holder').textContent())!.split(' · ')[0]!.trim()
    const named = `${holderName.split(' ')[0]}'s phone`
    await details.getByLabel('Name on the pass').fill(named)
    await details.getByRole('button', { name: 'Rename' }).click()
    await expect.poll(() => details.getByTestId('pass-done').textContent()).toContain('Name saved')

    await details.getByRole('button', { name: 'Take back from user…' }).click()
    const dialog = page.getByRole('dialog', { name: `Take this pass back from ${holderName}?` })
    const clear = dialog.getByRole('checkbox', { name: `Also clear the name “${named}”` })
    expect(await clear.isChecked()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(
      true
    )
    expect(await seriousA11yFindings(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Take back the pass' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(() => details.getByTestId('pass-done').textContent())
      .toBe(`Pass taken back from ${holderName}; its name “${named}” was cleared`)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pass-holder')
    expect((await heldPasses()).find((p) => p.card_id === cardId)).toMatchObject({ user_id: '', card_name: '' })
    await page.getByLabel('Status').selectOption('')
    expect(browser.errors).toEqual([])
  })

  it('with a slow console, opens with its loading line after a moment, never waits for the console', async () => {
    const { page } = browser
    const faults = (method: string, body?: unknown) =>
      request(demo.url, demo.ca, method, '/__demo/faults', { token: demo.token, ...(body ? { body } : {}) })
    // A fresh tab on Home: no page of passes held, so the screen waits for its first page (up to 100 ms).
    await page.getByRole('button', { name: 'Home', exact: true }).click()
    await page.getByRole('heading', { name: 'Home' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: 'Home' }).waitFor()
    expect((await faults('PUT', { latencyMs: 1500 })).status).toBe(200)
    try {
      // What the tab shows from the click on, in order: the loading line must come before the rows.
      await page.evaluate(() => {
        const seen: string[] = []
        ;(window as unknown as { seen: string[] }).seen = seen
        new MutationObserver(() => {
          const state = document.querySelector('[data-testid=passes-table] tbody tr')
            ? 'rows'
            : /Loading Touch Passes/.test(document.querySelector('main')?.textContent ?? '')
              ? 'loading'
              : document.querySelector('#start-title')
                ? 'home'
                : 'other'
          if (seen.at(-1) !== state) seen.push(state)
        }).observe(document.body, { subtree: true, childList: true, characterData: true })
      })
      await page.getByRole('button', { name: 'Touch Passes', exact: true }).click()
      await page.getByText('Loading Touch Passes…').waitFor()
      expect(await page.getByRole('button', { name: 'Touch Passes', exact: true }).getAttribute('aria-current')).toBe(
        'page'
      )
      await page.getByTestId('passes-table').locator('tbody tr').first().waitFor({ timeout: 10_000 })
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
      expect(seen.filter((s) => s !== 'home' && s !== 'other')).toEqual(['loading', 'rows'])
      expect(await listTotal(page)).toBe((await heldPasses()).length)
    } finally {
      await faults('DELETE')
    }
    expect(browser.errors).toEqual([])
  })
})
