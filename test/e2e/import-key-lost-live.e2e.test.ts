import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * Import while a batch is shown: the token loses edit:credential on the console (another admin edits its
 * scopes). Once the one connection state names the key missing (the banner says so), Upload is off at
 * once with that reason — not only after leaving Import and coming back — and a press sends nothing, so
 * the console never refuses an upload. And the "New batch…" form gives the focus back to its opener.
 */
describe('Import: a key lost while a batch is shown, and the new batch form’s focus (Chromium 1366×768)', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const focused = () => job.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

  it('Escape and Cancel on “New batch…” give the focus back to the button that opened it', async () => {
    const { page } = job
    await job.open('Import')
    await page.getByTestId('no-batches').waitFor()
    const opener = page.getByRole('button', { name: 'New batch…' })
    const form = page.getByRole('form', { name: 'New batch' })

    await opener.click()
    await form.getByLabel('Name').waitFor()
    await form.getByLabel('Name').press('Escape')
    await form.waitFor({ state: 'detached' })
    await expect.poll(focused).toBe('New batch…')

    await opener.press('Enter')
    await form.getByRole('button', { name: 'Cancel' }).click()
    await form.waitFor({ state: 'detached' })
    await expect.poll(focused).toBe('New batch…')
  })

  it('Upload turns off as soon as the banner names edit:credential; a press sends nothing to the console', async () => {
    const { page, browser } = job
    await job.open('Import')
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Key lost')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Key lost')
    await page.getByRole('textbox', { name: 'NFC ID to add' }).fill('04C0FFEE')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => page.getByTestId('batch-row').count()).toBe(1)
    const upload = page.getByRole('button', { name: 'Upload 1 card to the console' })
    expect(await upload.getAttribute('aria-disabled')).toBe('false')

    // Another admin takes edit:credential from the desk's token; the desk's token check finds it.
    const keys = [
      'view:credential',
      'view:user',
      'edit:user',
      'view:visitor',
      'edit:visitor',
      'view:space',
      'edit:space',
      'view:device',
      'edit:device'
    ]
    await job.control('PUT', '/scopes', { token: 'full', keys })
    await job.desk('connections', 'test')
    const note = page.getByTestId('permission-note')
    await expect
      .poll(async () => ((await note.count()) ? await note.textContent() : ''), { timeout: 15_000 })
      .toMatch(/edit:credential/)

    // Still on Import, the batch still shown: Upload is off, with the reason read with it.
    await expect.poll(() => upload.getAttribute('aria-disabled')).toBe('true')
    const described = await upload.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    )
    expect(described).toMatch(/edit:credential/)
    const sentBefore = browser.sentChannels.length
    await upload.click({ force: true })
    await upload.focus()
    await page.keyboard.press('Enter')
    await job.settled()
    expect(browser.sentChannels.slice(sentBefore)).not.toContain('batches.upload')

    // The console was asked for no upload: it holds no such card, and the desk's journal (one entry per
    // write sent, refused ones included) has no import.
    expect(JSON.stringify(await job.state('cards'))).not.toMatch(/04C0FFEE/i)
    expect((await job.audit()).filter((entry) => entry.action === 'import')).toEqual([])
    expect(await page.getByTestId('batch-row').first().getAttribute('data-status')).toBe('pending')
  })
})
