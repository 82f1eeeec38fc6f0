import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { overflowing } from '../support/overflowing'
import { screenshotPath } from '../support/screenshots'

/**
 * "Not saved yet — open to save or put back:" lists each record left with typing, one bullet each. A
 * long name typed (over the pass name's limit, kept whole) makes its entry wrap over lines: the bullet
 * stays beside the entry's first line, as in any list, and the entry's lines start at one edge — the
 * bullet once sat by the last line, under and left of the wrapped link (Chromium 1366×768).
 */
describe('"Not saved yet" with a long entry', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('the bullet sits by the first line of a wrapped entry', async () => {
    const { page } = job
    await job.open('Touch Passes')
    const table = page.getByTestId('passes-table')
    await table.locator('tbody tr').first().waitFor()
    const [a, b] = (await table.locator('tbody tr td.id button').allTextContents()).map((id) => id.trim())
    const typed = 'Night shift spare pass for the loading dock and the east stairwell '.repeat(4).trim()
    expect(typed.length).toBeGreaterThan(100)

    await table.getByRole('button', { name: a!, exact: true }).click()
    const details = page.getByTestId('pass-details')
    await expect.poll(() => details.locator('#pass-title').textContent()).toBe(a)
    await details.getByLabel('Name on the pass').fill(typed)
    await table.getByRole('button', { name: b!, exact: true }).click()
    await expect.poll(() => details.locator('#pass-title').textContent()).toBe(b)
    const kept = page.getByTestId('unsaved-drafts')
    const entry = kept.getByRole('button', { name: new RegExp(`^${a}: name`) })
    await entry.waitFor()
    await job.settled()

    const placed = await entry.evaluate((button) => {
      const item = button.closest('li')!
      // Where the item's first line (the bullet's line) is: a probe at the item's start, on that line.
      const probe = document.createElement('span')
      probe.textContent = '\u200b'
      item.insertBefore(probe, item.firstChild)
      const line = probe.getBoundingClientRect()
      probe.remove()
      const r = button.getBoundingClientRect()
      const lineHeight = parseFloat(getComputedStyle(button).lineHeight) || 20
      return {
        lines: Math.round(r.height / lineHeight),
        bulletLineFromTop: Math.round(line.top - r.top),
        lineHeight: Math.round(lineHeight)
      }
    })
    await kept.screenshot({ path: screenshotPath('unsaved-drafts-long-entry.png') })
    expect(placed.lines).toBeGreaterThan(1)
    // The bullet's line is the entry's first: within one line of the entry's top.
    expect(Math.abs(placed.bulletLineFromTop)).toBeLessThan(placed.lineHeight)
    expect(await overflowing(page, '[data-testid="unsaved-drafts"]')).toEqual([])
  }, 90_000)
})
