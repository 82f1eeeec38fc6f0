import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { placeholdersCut } from '../support/overflowing'

/**
 * Import at 1366×768 in each of the desk's four languages, a batch open and the new batch form open
 * beside it: every field's placeholder (the NFC ID field's "as a reader shows it", the alias, the
 * batch's name and its alias pattern example) is shown whole, measured in the field's own font. The
 * NFC ID field's French and German words were cut.
 */
describe('Import’s placeholders fit their fields in every language (Chromium 1366×768)', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
    await job.desk('batches', 'create', { name: 'Lobby' })
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it.each([
    ['en', 'New batch…', 'Lobby'],
    ['fr', 'Nouveau lot…', 'Lobby'],
    ['de', 'Neuer Stapel…', 'Lobby'],
    ['es', 'Nuevo lote…', 'Lobby']
  ])(
    '%s: no placeholder is cut',
    async (language, newBatch, batch) => {
      const { page } = job
      await job.chooseLanguage(language)
      expect(await job.lang()).toBe(language)
      await job.open('Import')
      await page
        .getByRole('button', { name: new RegExp(`^${batch}`) })
        .first()
        .click()
      await page.getByTestId('batch-title').waitFor()
      await page.getByRole('button', { name: newBatch }).click()
      await page.getByTestId('batch-name').waitFor()
      const fields = await page.locator('main input[placeholder]').count()
      // The NFC ID and alias fields of the open batch, the new batch's name and its pattern.
      expect(fields).toBeGreaterThanOrEqual(4)
      expect(await placeholdersCut(page, 'main')).toEqual([])
    },
    60_000
  )

  it('passes axe with the form open (French)', async () => {
    await job.chooseLanguage('fr')
    await job.open('Import')
    await job.page.getByRole('button', { name: 'Nouveau lot…' }).click()
    await job.expectAccessible('Import in French, the new batch form open')
  }, 60_000)
})
