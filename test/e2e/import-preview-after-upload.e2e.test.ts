import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * A CSV preview's console facts are as of when the console's cards were read, and it says when: a
 * preview left open while its lines are added and uploaded never goes on saying that none of them is on
 * the console. The upload makes the preview read the console again (the store's one place for it).
 */
describe('Import: the CSV preview after Add and Upload (web mode, Chromium, demo console)', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const IDS = ['04E7A501', '04E7A502', '04E7A503', '04E7A504', '04E7A505']

  it('says when it read the console, and after the upload no longer says the cards are not there', async () => {
    const { page } = job
    await job.open('Import')
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Five new')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Five new')

    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'five.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(IDS.map((id, i) => `${id},Five-${i + 1}`).join('\n') + '\n', 'utf8')
    })
    const counts = page.getByTestId('csv-counts')
    await expect.poll(() => counts.textContent(), { timeout: 15_000 }).toContain('5 ok')
    const notes = page.getByTestId('csv-notes')
    const asOf = page.getByTestId('csv-console-as-of')
    // Read from the console now: said with the time of that reading.
    await expect.poll(() => asOf.textContent()).toMatch(/^Compared with the console's cards as read at \d/)
    expect(await notes.textContent()).toMatch(/Lines not marked as on the console/)

    await page.getByRole('button', { name: 'Add 5 valid rows to the batch' }).click()
    await expect.poll(() => page.getByTestId('batch-row').count()).toBe(5)
    await page.getByRole('button', { name: 'Upload 5 cards to the console' }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 30_000 })
      .toMatch(/Sent 5: 5 imported\./)

    // The console holds the five cards now.
    const cards: { nfc_id: string }[] = await job.state('cards')
    expect(
      cards
        .filter((c) => IDS.includes(c.nfc_id))
        .map((c) => c.nfc_id)
        .sort()
    ).toEqual(IDS)

    // The preview still shown says nothing that is no longer true: no line "ok" to add, no note that
    // its cards are not on the console, and its console facts as read after the upload.
    await expect.poll(() => counts.textContent(), { timeout: 15_000 }).toContain('0 ok')
    expect(await page.getByTestId('csv-preview').locator('tr[data-status="ok"]').count()).toBe(0)
    expect((await notes.count()) === 0 ? '' : await notes.textContent()).not.toMatch(
      /Lines not marked as on the console/
    )
    await expect.poll(() => asOf.textContent()).toMatch(/^Compared with the console's cards as read at \d/)
    await job.expectAccessible('Import, the CSV preview after the upload')
  }, 180_000)
})
