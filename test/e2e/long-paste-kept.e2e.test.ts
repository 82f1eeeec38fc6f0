import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { CARD_ALIAS_MAX } from '../../src/shared/text/field-limits'

/**
 * A card's alias pasted over its limit in Chromium: the browser keeps every character (no maxlength),
 * the limit is said under the field, Save alias is refused with the focus on the field, and the console
 * keeps the card's alias as it was.
 */
describe('an alias pasted over its limit', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('is kept whole and said, and Save alias sends nothing', async () => {
    const { page } = job
    await job.open('Cards')
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    const details = page.getByRole('complementary', { name: 'Card details' })
    const displayId = (await details.locator('h2').textContent())!.replace('Card ', '')
    const cards = () => job.state('cards') as Promise<{ display_id: string; alias?: string }[]>
    const before = (await cards()).find((c) => c.display_id === displayId)!.alias

    const alias = page.getByRole('textbox', { name: 'Alias' })
    const pasted = `${'Lobby spare '.repeat(9)}and the end that a maxlength dropped`
    expect(pasted.length).toBeGreaterThan(CARD_ALIAS_MAX)
    await alias.click()
    await alias.press('Control+A')
    // As a paste arrives: one insertion of the whole text, which a maxlength would cut.
    await page.keyboard.insertText(pasted)
    expect(await alias.inputValue()).toBe(pasted)
    await expect.poll(() => alias.getAttribute('aria-invalid')).toBe('true')
    const message = page.locator(`#${(await alias.getAttribute('aria-describedby'))!.split(' ')[0]}`)
    expect(await message.textContent()).toContain(`Too long: keep it to ${CARD_ALIAS_MAX} characters.`)

    await page.getByRole('button', { name: 'Save alias' }).click()
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('alias')
    await job.settled()
    expect(await alias.inputValue()).toBe(pasted)
    expect((await cards()).find((c) => c.display_id === displayId)!.alias).toBe(before)
    await job.expectAccessible('Cards, an alias over its limit')
  })
})
