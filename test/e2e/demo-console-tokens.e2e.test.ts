import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startJob, type Job } from '../support/job'

/**
 * The built-in demo console's own tokens in Settings → Change token: a person who wants to see what a
 * view-only desk looks like chooses its view-only token, and Cards' edits are off, naming the key;
 * the full token again, and they are on. Each choice is checked in what main keeps (secrets.json).
 */
describe('Change token on the demo console: view-only, then full again', () => {
  let job: Job
  let tokens: { full: string; view: string; none: string }

  beforeAll(async () => {
    job = await startJob()
    tokens = JSON.parse(await readFile(join(job.dataDir, 'demo-console', 'tokens.json'), 'utf8'))
  })
  afterAll(async () => {
    await job?.close()
  })

  const secrets = () => readFile(join(job.dataDir, 'secrets.json'), 'utf8').catch(() => '')

  async function chooseToken(name: RegExp) {
    const { page } = job
    await job.open('Settings')
    const card = page.getByRole('listitem', { name: 'Demo console' })
    await card.getByRole('button', { name: /^Change token of / }).click()
    const dialog = page.getByRole('dialog', { name: 'Change the API token of Demo console' })
    await dialog.getByRole('group', { name: "The demo console's own tokens" }).getByRole('radio', { name }).check()
    await job.expectAccessible('Change token dialog, demo console')
    await dialog.getByRole('button', { name: 'Check and save token' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => card.getByTestId('test-result').textContent()).toContain('accepted the new token')
  }

  /** The first card open in Cards: its Alias field, and the notes shown beside it. */
  async function firstCardAlias() {
    const { page } = job
    await job.open('Cards')
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    return page.getByRole('complementary', { name: 'Card details' }).getByRole('textbox', { name: 'Alias' })
  }

  it('view-only: kept by main, Cards refuses edits naming edit:credential; full again: edits on', async () => {
    const { page } = job
    await chooseToken(/^View only/)
    expect(await secrets()).toContain(tokens.view)
    expect(await readFile(join(job.dataDir, 'profiles.json'), 'utf8')).not.toContain(tokens.view)
    expect(await page.content()).not.toContain(tokens.view)

    const alias = await firstCardAlias()
    await expect.poll(() => page.getByRole('note').first().textContent()).toContain('edit:credential')
    expect(await alias.isEditable()).toBe(false)

    await chooseToken(/^Full access/)
    expect(await secrets()).toContain(tokens.full)
    expect(await secrets()).not.toContain(tokens.view)
    const again = await firstCardAlias()
    await expect.poll(() => again.isEditable()).toBe(true)
  })
})
