import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { focusUnseen } from '../support/focus-seen'
import { request } from '../unit/demo-console/support'

const ROWS = 2001
const idOf = (i: number) => `04F1${i.toString(16).toUpperCase().padStart(4, '0')}`

/**
 * An installer uploads 2,001 cards from a CSV at 1366×768 and the console's answer to the first part is
 * lost (a 502 after the console imported it): the upload stops, main reads the lost part back, and the
 * screen says in one line what was sent and found and what is still to send, with the focus on that
 * line, in view. Uploading the rest ends with the focus on its summary, in view too. Each step is
 * checked on the console: the lost part is there once, the rest only after the second upload.
 */
describe('Import: an upload stopped by a lost answer, then the rest (web mode, Chromium, demo console)', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const onConsole = async () => {
    const cards = (await job.state('cards')) as { nfc_id: string }[]
    const ours = cards.filter((c) => c.nfc_id.startsWith('04F1'))
    return { count: ours.length, distinct: new Set(ours.map((c) => c.nfc_id)).size }
  }

  it('says what is still to send, and the focus is on each outcome, in view', async () => {
    const { page } = job
    await job.open('Import')
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Two thousand')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Two thousand')
    const csv = Array.from({ length: ROWS }, (_, i) => `${idOf(i)},Card-${i + 1}`).join('\n') + '\n'
    await page
      .getByLabel('CSV file to import')
      .setInputFiles({ name: 'cards.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
    await page.getByRole('button', { name: 'Add 2,001 valid rows to the batch' }).click({ timeout: 60_000 })
    await expect.poll(() => page.getByTestId('csv-added').textContent(), { timeout: 60_000 }).toMatch(/Added 2,001/)

    // The first part's answer is lost after the console imported it.
    await job.control('PUT', '/faults', {
      afterCommit: { status502: 1, paths: ['POST /credentials/nfc_cards/import'] }
    })
    await page.getByRole('button', { name: 'Upload 2,001 cards to the console' }).click()
    const stopped = page.getByTestId('upload-stopped')
    await expect
      .poll(() => stopped.textContent().catch(() => ''), { timeout: 60_000 })
      .toBe(
        "The upload stopped: 500 cards of the 500 sent are on the console (now imported); 1,501 cards not sent yet: press Upload to send them. The console's answer was lost, so this was read back from the console; nothing was sent twice."
      )
    await job.control('DELETE', '/faults')
    expect(await onConsole()).toEqual({ count: 500, distinct: 500 })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('upload-stopped')
    await expect.poll(() => focusUnseen(page)).toBe('')
    await job.expectAccessible('Import, upload stopped and read back')

    // Meanwhile another installer imported two of the rest: they fail as cards the console holds, and the
    // lines that say so come above the summary once the batch is read again (Retry, not sent again).
    const other = await request(job.demo.url, job.demo.ca, 'POST', '/api/v1/developer/credentials/nfc_cards/import', {
      token: job.demo.token,
      file: { field: 'file', name: 'other.csv', content: `${idOf(1500)},Other-1\n${idOf(1600)},Other-2\n` }
    })
    expect(other.status).toBe(200)

    // The rest: its summary has the focus, in view, after the page settled around it.
    await page.getByRole('button', { name: 'Upload 1,501 cards to the console' }).click()
    await expect
      .poll(
        () =>
          page
            .getByTestId('upload-result')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 }
      )
      .toBe('Sent 1,501: 1,499 imported, 2 failed (each says why on its row: Go to failed row).')
    expect(await onConsole()).toEqual({ count: ROWS, distinct: ROWS })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('upload-result')
    await page.waitForTimeout(500)
    expect(await focusUnseen(page)).toBe('')
    await job.expectAccessible('Import, the rest uploaded')
    expect(job.browser.errors).toEqual([])
  }, 300_000)
})
