import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'

/** The test's own byte reversal (not the code under test's). */
const reversed = (hex: string) => hex.match(/../g)!.reverse().join('')

/**
 * A batch's byte order applies to every row: IDs typed before a switch and after it, and a CSV's,
 * are shown as typed with what they are sent as, the switch is said in the one live region, and
 * after the upload the console holds exactly the intended IDs (read from the demo console's state).
 */
describe('Import: one byte order for every row of a batch, before and after a switch', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const rows = (page: Page) => page.getByTestId('batch-row')
  const announced = (page: Page) => page.getByTestId('action-announcer').textContent()

  it('typed before and after the switch, and from a CSV: all sent reversed; the console holds exactly those', async () => {
    const { page } = job
    await job.open('Import')
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Mixed order')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Mixed order')

    const typedId = page.getByRole('textbox', { name: 'NFC ID to add' })
    const typedAlias = page.getByRole('textbox', { name: 'Alias to add' })
    const type = async (id: string, alias: string, count: number) => {
      await typedId.fill(id)
      await typedAlias.fill(alias)
      await typedId.press('Enter')
      await expect.poll(() => rows(page).count()).toBe(count)
    }
    const before = '04D1D2D3'
    const digits = '80000002'
    await type(before, 'Mix-01', 1)
    await type(digits, 'Mix-02', 2)

    await page.getByRole('radio', { name: 'Reversed' }).check()
    await expect
      .poll(() => announced(page))
      .toBe(`Byte order: reversed — 2 rows will upload with their bytes reversed (${before} as ${reversed(before)}).`)

    const after = '04D1D2D4'
    await type(after, 'Mix-03', 3)
    // The demo console's seeded UA cards show no NFC ID: the note says they could not be compared.
    await expect
      .poll(() => announced(page))
      .toMatch(
        new RegExp(
          `^Added ${after} as Mix-03, will be sent as ${reversed(after)}\\. None of the console's [\\d,]+ cards show their NFC ID`
        )
      )
    // The focus stays where the next card is typed.
    expect(await typedId.evaluate((el) => el === document.activeElement)).toBe(true)

    const fromFile = '04D1D2D5'
    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'mixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${fromFile},Mix-04\n${after},Again\n`, 'utf8')
    })
    const add = page.getByRole('button', { name: 'Add 1 valid row to the batch' })
    await add.waitFor()
    // The next step has the focus; the reading is said.
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true)
    // The live region is emptied, then given the words a moment later (said again if repeated): polled.
    await expect.poll(() => announced(page)).toMatch(/^Read mixed\.csv: 1 ok, 0 repaired, 0 refused, 1 duplicate\./)
    await add.press('Enter')
    await expect.poll(() => rows(page).count()).toBe(4)
    await page.getByRole('button', { name: 'Close', exact: true }).click()

    // Every row shown as typed, with what it is sent as; the all-digit note quotes what was typed.
    const entered = [before, digits, after, fromFile]
    expect(await rows(page).getByTestId('entered-id').allTextContents()).toEqual(entered)
    expect(await rows(page).getByTestId('sent-as').allTextContents()).toEqual(
      entered.map((id) => `will be sent as ${reversed(id)}`)
    )
    expect(await rows(page).nth(1).getByTestId('digits-reading').textContent()).toMatch(
      new RegExp(`^All digits: read as hex ${digits}\\.`)
    )
    await job.expectAccessible('Reversed batch with typed and CSV rows')

    await page.getByRole('button', { name: 'Upload 4 cards to the console' }).click()
    const result = page.getByTestId('upload-result')
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toBe('Sent 4: 4 imported.')
    await expect.poll(() => result.evaluate((el) => el === document.activeElement)).toBe(true)
    await expect.poll(() => announced(page)).toBe('Sent 4: 4 imported.')

    // The console holds exactly the intended IDs: each row reversed, once; nothing as typed.
    const cards: { nfc_id: string; alias: string }[] = await job.state('cards')
    const ours = cards.filter((c) => c.alias.startsWith('Mix-')).map((c) => [c.nfc_id, c.alias])
    expect(ours.sort()).toEqual(entered.map((id, i) => [reversed(id), `Mix-0${i + 1}`]).sort())
    for (const id of entered) expect(cards.filter((c) => c.nfc_id === id)).toEqual([])
  }, 180_000)
})
