import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { startJob, type Job } from '../support/job'

/**
 * Every write's answer lost after the console carried it out (the demo console's `afterCommit.reset` on
 * every POST; reads answered): Touch Passes → buy 1. The dialog reads the list back and says the pass was
 * bought; that read-back is an answer of the console, so the sidebar says Connected at once and both of
 * Touch Passes' buttons are on — not "Not answering" until a later periodic check.
 */
describe('a read-back the console answered after a lost answer: the sidebar and the buttons follow it', () => {
  let job: Job
  const line = (): Locator => job.page.getByTestId('console-answers')

  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.control('DELETE', '/faults').catch(() => undefined)
    await job?.close()
  })

  it('buy 1 with its answer lost: "read back on the console", Connected, Buy and Give on', async () => {
    const { page } = job
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('reachable')
    await job.open('Touch Passes')
    const before = ((await job.state('touchPasses')) as unknown[]).length
    await job.control('PUT', '/faults', { afterCommit: { reset: 1, paths: ['POST /*'] } })

    await page.getByRole('button', { name: 'Buy passes…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Buy Touch Passes' })
    await dialog.getByLabel('Number of passes').fill('1')
    await dialog.getByRole('checkbox').check()
    await dialog.getByRole('button', { name: /Buy 1 and charge/ }).click()
    const said = dialog.getByTestId('purchase-counted')
    await said.waitFor({ timeout: 20_000 })
    expect(await said.textContent()).toMatch(/1 pass was bought.*read back from the console/)
    // The console holds the one pass bought.
    expect((await job.state('touchPasses')) as unknown[]).toHaveLength(before + 1)

    // The read-back answered: Connected, and it stays so once the check the lost answer started has ended
    // (well before the first periodic check, 15 s after a failure).
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 5_000 }).toBe('reachable')
    await page.waitForTimeout(3_000)
    expect(await line().getAttribute('data-state')).toBe('reachable')
    expect(await line().textContent()).toContain('Connected')
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    for (const name of ['Buy passes…', 'Give passes to users…']) {
      const button = page.getByRole('button', { name, exact: true })
      expect(await button.isDisabled(), name).toBe(false)
    }
    expect(await page.getByText('Off while the console cannot be used').count()).toBe(0)
    await job.expectAccessible('Touch Passes after a lost purchase answer')
  })
})
