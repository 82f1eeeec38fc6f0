import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startJob, type Job } from '../support/job'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../support/processes'
import { tempDir } from '../support/temp'

/**
 * Settings → Add a console in Chromium over web mode, against a second demo console (its own process):
 * a refused token keeps everything typed and says why, nothing saved; the right token saves the console
 * and the form is empty again (the token above all), also when Settings is left and opened again.
 * What main holds is read through the app's own connection list and its data dir.
 */
describe('Settings → Add a console: the form after a save', () => {
  let job: Job
  let site: Started<DemoConsoleInfo>
  let removeDir: () => Promise<void>
  const NAME = 'Branch office'
  const WRONG = 'Zm9vYmFyLW5vdC1hLWtleQ'

  async function savedProfiles() {
    const listed = await job.page.evaluate(() => window.api!.connections.list())
    if (!listed.ok) throw new Error(listed.error.message)
    return listed.result
  }
  const form = () => job.page.getByRole('form', { name: 'Add a console' })
  const value = (name: 'Name' | 'Address' | 'API token') =>
    (name === 'API token' ? form().getByLabel('API token') : form().getByRole('textbox', { name })).inputValue()
  const focusOnBody = () => job.page.evaluate(() => document.activeElement === document.body)

  beforeAll(async () => {
    const dir = await tempDir('access-desk-branch-')
    removeDir = dir.remove
    ;[job, site] = await Promise.all([startJob(), startDemoConsoleProcess(dir.path)])
  })
  afterAll(async () => {
    await job?.close()
    await site?.stop()
    await removeDir?.()
  })

  it('a refused token keeps what was typed and says why; nothing is saved', async () => {
    const { page } = job
    await job.open('Settings')
    await form().getByRole('textbox', { name: 'Name' }).fill(NAME)
    await form().getByRole('textbox', { name: 'Address' }).fill(site.info.url)
    await form().getByLabel('API token').fill(WRONG)
    await form().getByRole('button', { name: 'Check certificate' }).click()
    await form()
      .getByRole('checkbox', { name: /I compared the fingerprint/ })
      .check()
    await form().getByRole('button', { name: 'Save and use' }).click()
    await expect.poll(() => form().getByRole('alert').textContent()).toContain('refused this API token')
    await job.settled()
    expect(await value('Name')).toBe(NAME)
    expect(await value('Address')).toBe(site.info.url)
    expect(await value('API token')).toBe(WRONG)
    // The reason has the focus, not Save.
    expect(
      await form()
        .getByRole('alert')
        .evaluate((el) => el.contains(document.activeElement))
    ).toBe(true)
    const held = await savedProfiles()
    expect(held.profiles.map((p) => p.url)).not.toContain(site.info.url)
    expect(await page.getByTestId('active-connection').textContent()).toContain('Demo console')
  })

  it('the right token: saved and made active, the form empty (the token above all), also after leaving Settings', async () => {
    const { page } = job
    await form().getByLabel('API token').fill(site.info.tokens.full)
    await form().getByRole('button', { name: 'Save and use' }).click()
    const card = page.getByRole('listitem', { name: NAME })
    await expect
      .poll(() => card.getByTestId('test-result').textContent())
      .toContain(`Saved "${NAME}" and made it active`)
    await job.settled()

    // Main holds the console, active, with its token kept (not in the profiles file).
    const held = await savedProfiles()
    const saved = held.profiles.find((p) => p.url === site.info.url)
    expect(saved).toMatchObject({ name: NAME, fingerprint256: site.info.fingerprint256, hasToken: true })
    expect(held.activeId).toBe(saved!.id)
    expect(held.profiles).toHaveLength(2)
    expect(await readFile(join(job.dataDir, 'profiles.json'), 'utf8')).not.toContain(site.info.tokens.full)

    expect(await value('API token')).toBe('')
    expect(await value('Name')).toBe('')
    expect(await value('Address')).toBe('https://')
    expect(await form().getByText('Not saved yet').count()).toBe(0)
    expect(await focusOnBody()).toBe(false)

    // Nothing of it comes back with Settings.
    await job.open('Consoles')
    await job.open('Settings')
    await job.settled()
    expect(await value('API token')).toBe('')
    expect(await value('Name')).toBe('')
    expect(await form().getByText('Not saved yet').count()).toBe(0)
    await job.expectAccessible('Settings, a console added')
  })
})
