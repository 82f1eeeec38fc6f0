import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { request } from '../unit/demo-console/support'
import { findDemoConsole, type FoundDemo } from '../support/demo-found'

/**
 * The one rule of every list beside a record's details (Cards' grid, Touch Passes' and Visitors' rows):
 * Enter on a row opens that record and nothing else. The field the details open on holds an unsaved
 * edit (lib/record-drafts) when the record comes back: the Enter that opened it must not reach the
 * details' form as its implicit submission (it saved the alias typed and not saved, walk C).
 * Judged by what the demo console holds, not only by the screen.
 */
describe('Enter on a list row opens the record, never saves what is typed in it (Chromium, demo console)', () => {
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>
  let demo: FoundDemo
  const held = async <T>(resource: 'cards' | 'touchPasses'): Promise<T[]> => {
    const answer = await request(demo.url, demo.ca, 'GET', `/__demo/state/${resource}`, { token: demo.token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data
  }

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium()
    await openDemoApp(browser.page, web.info.url)
    demo = await findDemoConsole(browser.page, data.path)
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('Cards: "/", ↓ and Enter on a card with an unsaved alias open it with the alias still unsaved', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'Cards', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    const rows = page.locator('[data-testid=card-rows] [role=row]')
    const details = page.getByRole('complementary', { name: 'Card details' })
    const alias = page.getByRole('textbox', { name: 'Alias' })
    const save = page.getByRole('button', { name: 'Save alias' })

    // An alias typed on the first card, not saved; the second card opened.
    await rows.nth(0).click()
    const first = (await details.locator('h2').textContent())!.replace('Card ', '')
    const typed = `Dock-${Date.now().toString(36)}`
    await alias.fill(typed)
    await rows.nth(1).click()
    await expect.poll(() => details.locator('h2').textContent()).not.toBe(`Card ${first}`)

    // Back to the first card by keyboard only, as the walk did.
    await page.getByRole('searchbox', { name: 'Filter cards' }).focus()
    await page.getByRole('searchbox', { name: 'Filter cards' }).fill(first)
    await expect.poll(() => rows.count()).toBe(1)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => details.locator('h2').textContent()).toBe(`Card ${first}`)
    // Opened with the typing, still to be saved: Save is offered (a save sent by the Enter leaves it off).
    await expect.poll(() => alias.inputValue()).toBe(typed)
    await expect.poll(() => save.isEnabled()).toBe(true)
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('alias')
    const before = await held<{ display_id: string; alias: string }>('cards')
    expect(before.find((c) => c.display_id === first)?.alias).not.toBe(typed)

    // Enter on the open card's own row: still nothing saved.
    await page.getByRole('grid', { name: 'NFC cards' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('alias')
    expect(await save.isEnabled()).toBe(true)
    expect(
      (await held<{ display_id: string; alias: string }>('cards')).find((c) => c.display_id === first)?.alias
    ).not.toBe(typed)

    // Saved when the person saves: the typing was kept for them.
    await save.click()
    await page.getByTestId('action-announcer').filter({ hasText: 'Alias saved.' }).waitFor()
    expect(
      (await held<{ display_id: string; alias: string }>('cards')).find((c) => c.display_id === first)?.alias
    ).toBe(typed)
    expect(browser.errors).toEqual([])
  })

  it('Touch Passes: Enter on a pass with an unsaved name opens it with the name still unsaved', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'Touch Passes', exact: true }).click()
    await page.locator('[data-testid="passes-table"][aria-busy="false"]').waitFor()
    const opens = page.getByTestId('passes-table').locator('tbody tr button.link')
    const details = page.getByTestId('pass-details')
    const name = page.getByRole('textbox', { name: 'Name on the pass' })
    const rename = details.getByRole('button', { name: 'Rename' })

    await opens.nth(0).click()
    const firstId = (await opens.nth(0).textContent())!.trim()
    await expect.poll(() => details.textContent()).toContain(firstId)
    const typed = `Spare-${Date.now().toString(36)}`
    await name.fill(typed)
    await opens.nth(1).click()
    await expect.poll(() => name.inputValue()).not.toBe(typed)

    await opens.nth(0).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => name.inputValue()).toBe(typed)
    await expect.poll(() => rename.isEnabled()).toBe(true)
    const passes = await held<{ card_id: string; card_name: string }>('touchPasses')
    expect(passes.find((p) => p.card_id === firstId)?.card_name).not.toBe(typed)
    expect(browser.errors).toEqual([])
  })
})
