import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/chromium'
import { startDemoConsoleProcess, startWebMode, type DemoConsoleInfo, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { screenshotPath } from '../support/screenshots'

describe('Cards screen in Chromium (web mode, demo console)', () => {
  let web: Started<{ url: string }>
  let viewOnly: Started<DemoConsoleInfo>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = []

  beforeAll(async () => {
    const [data, other] = [await tempDir(), await tempDir()]
    dirs.push(data, other)
    ;[web, viewOnly] = await Promise.all([startWebMode(data.path), startDemoConsoleProcess(other.path)])
    browser = await launchChromium()
    await browser.page.goto(web.info.url)
  })
  afterAll(async () => {
    await browser?.close()
    await Promise.all([web?.stop(), viewOnly?.stop()])
    await Promise.all(dirs.map((d) => d.remove()))
  })

  it('lists every card, filters instantly and renames a card inline', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'Cards' }).click()
    const count = page.getByTestId('card-count')
    await expect.poll(() => count.textContent(), { timeout: 20_000 }).toMatch(/of [\d,]+ cards/)
    const total = Number((await count.textContent())!.match(/of ([\d,]+) cards/)![1]!.replace(/,/g, ''))
    expect(total).toBeGreaterThanOrEqual(100)

    await page.getByRole('combobox', { name: 'Status' }).selectOption('assigned')
    // The filter is main's answer (cards.view), a round trip later: wait until every row shown is an assigned one
    // (rows of every status were already on screen, so "some assigned row" would pass before the filter did).
    await expect
      .poll(async () => [...new Set(await page.locator('[data-testid=card-rows] .status').allTextContents())])
      .toEqual(['Assigned'])

    // Select the first assigned card and rename it.
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    const displayId = (await page
      .getByRole('complementary', { name: 'Card details' })
      .locator('h2')
      .textContent())!.replace('Card ', '')
    const alias = page.getByRole('textbox', { name: 'Alias' })
    await alias.fill('Lobby spare 42')
    await page.getByRole('button', { name: 'Save alias' }).click()
    await page.getByTestId('action-announcer').filter({ hasText: 'Alias saved.' }).waitFor()
    // The result and next step: the Alias field has the focus (not "Delete card…", where Save handed it while disabled).
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('alias')

    await page.getByRole('searchbox', { name: 'Filter cards' }).fill('lobby spare 42')
    await expect.poll(() => count.textContent()).toMatch(/^1 of/)
    await expect.poll(() => page.locator('[data-testid=card-rows] [role=row]').count()).toBe(1)
    expect(await page.locator('[data-testid=card-rows]').textContent()).toContain(displayId)
    expect(browser.errors).toEqual([])
    await page.screenshot({ path: screenshotPath('cards.png') })
  })

  it('deletes a card after a confirmation that names the card and its owner', async () => {
    const { page } = browser
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    await page.getByRole('button', { name: 'Delete card…' }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.textContent()).toMatch(/Delete card \S+ \(Lobby spare 42\)\?/)
    expect(await dialog.textContent()).toMatch(/It belongs to .+ \((user|visitor)\)/)
    await dialog.getByRole('button', { name: 'Delete card' }).click()
    await expect.poll(() => page.getByTestId('card-count').textContent()).toMatch(/^0 of/)
    // The console agrees: a refresh does not bring it back.
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => page.getByTestId('card-count').textContent()).toMatch(/^0 of/)
  })

  it('takes a card back from its owner and gives it to someone found by search', async () => {
    const { page } = browser
    await page.getByRole('searchbox', { name: 'Filter cards' }).fill('')
    await page.getByRole('combobox', { name: 'Status' }).selectOption('assigned')
    await expect
      .poll(async () => [...new Set(await page.locator('[data-testid=card-rows] .status').allTextContents())])
      .toEqual(['Assigned'])
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    const details = page.getByRole('complementary', { name: 'Card details' })
    await details.getByRole('button', { name: /^Take back from / }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Take the card back' }).click()
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: /Card \S+ taken back from / })
      .waitFor()
    expect(await details.textContent()).toContain('Not assigned')

    await details.getByRole('button', { name: 'Assign to a person…' }).click()
    await details.getByRole('searchbox', { name: 'Give this card to' }).fill('Okafor')
    const first = details.getByRole('option').first()
    await first.waitFor()
    const picked = (await first.locator('strong').textContent())!
    await first.click()
    await details.getByRole('button', { name: 'Give the card' }).click()
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: `Card given to ${picked}` })
      .waitFor()
    expect(await details.textContent()).toContain(picked)
    expect(browser.errors).toEqual([])
  })

  it('with a view-only token, edits are disabled and name the missing permission', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('textbox', { name: 'Name' }).fill('Front desk (view only)')
    await page.getByRole('textbox', { name: 'Address' }).fill(viewOnly.info.url)
    await page.getByLabel('API token').fill(viewOnly.info.tokens.view)
    await page.getByRole('button', { name: 'Check certificate' }).click()
    await expect
      .poll(() =>
        page
          .getByLabel(/SHA-256 fingerprint/)
          .last()
          .getAttribute('aria-label')
      )
      .toContain(viewOnly.info.fingerprint256)
    await page.getByRole('checkbox', { name: /I compared the fingerprint/ }).check()
    await page.getByRole('button', { name: 'Save and use' }).click()
    await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Front desk (view only)')
    await page.screenshot({ path: screenshotPath('settings.png') })

    // The switch dropped the first console's cards: this list is the second console's (same seed),
    // without the alias given and the card deleted on the first one, and no Refresh was needed.
    await page.getByRole('button', { name: 'Cards' }).click()
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    await page.getByRole('combobox', { name: 'Status' }).selectOption('all')
    await page.getByRole('searchbox', { name: 'Filter cards' }).fill('lobby spare 42')
    await expect.poll(() => page.getByTestId('card-count').textContent()).toMatch(/^0 of 120 cards/)
    await page.getByRole('searchbox', { name: 'Filter cards' }).fill('')
    await page.getByRole('combobox', { name: 'Status' }).selectOption('all')
    // The screen names the missing key at the top before any card is opened, as Visitors and Touch Passes do…
    await expect.poll(() => page.getByTestId('permission-note').textContent()).toContain('edit:credential')
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    // …and the card's details say it beside the actions it turns off.
    await expect
      .poll(async () => (await page.getByRole('note').allTextContents()).filter((t) => t.includes('edit:credential')))
      .toHaveLength(2)
    expect(await page.getByRole('button', { name: 'Delete card…' }).isDisabled()).toBe(true)
    // Read-only, not disabled (lib/write-only-field): it keeps its place in the Tab order and its reason.
    expect(await page.getByRole('textbox', { name: 'Alias' }).isEditable()).toBe(false)
    expect(browser.errors).toEqual([])
  })
})
