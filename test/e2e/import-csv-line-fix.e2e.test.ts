import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * A CSV line the preview refuses is corrected in the preview, by keyboard, and the rest added and
 * uploaded: the console then holds the corrected card, and nothing of the file is lost.
 */
describe('Import: a refused CSV line corrected in the preview (web mode, Chromium, demo console)', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('the corrected NFC ID is what the console holds after the upload', async () => {
    const { page } = job
    await job.open('Import')
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Fixed lines')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Fixed lines')

    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'hall.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('04F1C501,Hall-01\n04F1C5ZZ,Hall-02\n04F1C503,Hall-03\n', 'utf8')
    })
    const line2 = page.getByTestId('csv-preview').locator('tr[data-index="1"]')
    await expect.poll(() => line2.getAttribute('data-status')).toBe('refused')

    // By keyboard: the line's Fix button, the NFC ID typed again, Enter checks it.
    const fix = page.getByRole('button', { name: 'Fix line 2' })
    await fix.focus()
    await page.keyboard.press('Enter')
    const nfcId = page.getByTestId('csv-line-fix').getByRole('textbox', { name: 'NFC ID' })
    await expect.poll(() => nfcId.evaluate((el) => el === document.activeElement)).toBe(true)
    await job.expectAccessible('Import: a CSV line being fixed')
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('04F1C502')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('action-announcer').textContent()).toBe('Line 2 checked again: ok.')
    await expect.poll(() => line2.getAttribute('data-status')).toBe('ok')
    expect(await line2.evaluate((el) => el === document.activeElement)).toBe(true)

    await page.getByRole('button', { name: 'Add 3 valid rows to the batch' }).click()
    await expect.poll(() => page.getByTestId('batch-row').count()).toBe(3)
    await page.getByRole('button', { name: 'Upload 3 cards to the console' }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 30_000 })
      .toMatch(/Sent 3: 3 imported\./)

    const cards: { nfc_id: string; alias: string }[] = await job.state('cards')
    const held = cards
      .filter((c) => c.nfc_id.startsWith('04F1C5'))
      .map((c) => [c.nfc_id, c.alias])
      .sort()
    expect(held).toEqual([
      ['04F1C501', 'Hall-01'],
      ['04F1C502', 'Hall-02'],
      ['04F1C503', 'Hall-03']
    ])
  })

  it('fixed after Add: the lines added are said as already in the batch, and the console holds each card once', async () => {
    const { page } = job
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Fixed after add')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Fixed after add')

    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'annex.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('04F1C601,Annex-01\n04F1C6ZZ,Annex-02\n04F1C603,Annex-03\n', 'utf8')
    })
    const line = (n: number) => page.getByTestId('csv-preview').locator(`tr[data-index="${n - 1}"]`)
    await expect.poll(() => line(2).getAttribute('data-status')).toBe('refused')
    await page.getByRole('button', { name: 'Add 2 valid rows to the batch' }).click()
    await expect.poll(() => page.getByTestId('batch-row').count()).toBe(2)
    // Right after Add the lines added read as added by it ("2 added now"), and Add is not offered for them.
    await expect.poll(() => line(1).getAttribute('data-status')).toBe('added')
    expect(await line(3).getAttribute('data-status')).toBe('added')
    expect(await page.getByTestId('csv-counts').textContent()).toMatch(
      /^0 ok · 0 repaired · 1 refused · 0 duplicate · 2 added now$/
    )
    expect(await page.getByRole('button', { name: /valid rows? to the batch/ }).count()).toBe(0)
    await job.expectAccessible('Import: the preview right after Add')

    await page.getByRole('button', { name: 'Fix line 2' }).click()
    await page.getByTestId('csv-line-fix').getByRole('textbox', { name: 'NFC ID' }).fill('04F1C602')
    await page.keyboard.press('Enter')
    await expect.poll(() => line(2).getAttribute('data-status')).toBe('ok')
    for (const n of [1, 3]) {
      expect(await line(n).getAttribute('data-status')).toBe('added')
      expect(await line(n).textContent()).toContain('Same NFC ID and alias as in the batch: nothing to add')
      expect(await line(n).textContent()).not.toMatch(/duplicate|refused/i)
    }
    expect(await page.getByTestId('csv-counts').textContent()).toContain('2 already in the batch')
    await job.expectAccessible('Import: a line fixed after Add')
    await page.getByRole('button', { name: 'Add 1 valid row to the batch' }).click()
    await expect.poll(() => page.getByTestId('csv-added').textContent()).toBe('Added 1 row.')
    await expect.poll(() => page.getByTestId('batch-row').count()).toBe(3)

    await page.getByRole('button', { name: 'Upload 3 cards to the console' }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 30_000 })
      .toMatch(/Sent 3: 3 imported\./)
    const cards: { nfc_id: string; alias: string }[] = await job.state('cards')
    const held = cards
      .filter((c) => c.nfc_id.startsWith('04F1C6'))
      .map((c) => [c.nfc_id, c.alias])
      .sort()
    expect(held).toEqual([
      ['04F1C601', 'Annex-01'],
      ['04F1C602', 'Annex-02'],
      ['04F1C603', 'Annex-03']
    ])
  })
})
