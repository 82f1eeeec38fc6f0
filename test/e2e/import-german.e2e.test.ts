import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { overflowing } from '../support/overflowing'

/**
 * Import in German: the desk chosen German, a batch made, cards typed and read from a CSV and uploaded,
 * each step's words in German (the batch list, the CSV drop and preview, the rows, the upload, the
 * reader, what the screen says of a card typed, typed again or a CSV added), the console's cards checked after the upload, <html lang="de"> and axe clean. Then the
 * pseudo-locale (every string ~40 % longer) at 1366×768: the Import screen with its batch open does not
 * overflow, measured.
 */
describe('Import in German (web mode, Chromium 1366×768, demo console)', () => {
  let job: Job
  const lang = () => job.page.evaluate(() => document.documentElement.lang)
  const chooseLanguage = async (locale: string) => {
    await job.page.evaluate((l) => localStorage.setItem('access-desk.language', l), locale)
    await job.page.reload()
  }

  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('makes a batch, types and reads cards and uploads them in German; the console holds them', async () => {
    const { page } = job
    await chooseLanguage('de')
    await job.open('Import')
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor()
    expect(await lang()).toBe('de')
    await page.getByRole('heading', { name: 'USB-Leser' }).waitFor()

    await page.getByRole('button', { name: 'Neuer Stapel…' }).click()
    const form = page.getByRole('form', { name: 'Neuer Stapel' })
    await form.getByRole('button', { name: 'Stapel anlegen' }).waitFor()
    await form.getByLabel('Name').fill('Empfang DE')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Empfang DE')

    const typedId = page.getByRole('textbox', { name: 'Hinzuzufügende NFC-ID' })
    const typedAlias = page.getByRole('textbox', { name: 'Hinzuzufügender Alias' })
    const rows = page.getByTestId('batch-row')
    for (const [i, id] of ['04DE0A01', '04DE0A02'].entries()) {
      await typedId.fill(id)
      await typedAlias.fill(`DE-0${i + 1}`)
      await typedId.press('Enter')
      await expect.poll(() => rows.count()).toBe(i + 1)
      // The screen's own sentence on the card added, said in German (then main's note on the console check).
      await expect
        .poll(() => page.getByTestId('action-announcer').textContent())
        .toMatch(new RegExp(`^${id} als DE-0${i + 1} hinzugefügt\\.`))
    }
    // An ID that is no NFC ID: refused with the sentence Import's preview says of such a line, in German only
    // (never main's English), and what was typed stays in the field to be corrected.
    await typedId.fill('04DE0A')
    await typedId.press('Enter')
    const refused = page.getByRole('alert').filter({ hasText: '04DE0A' })
    await expect
      .poll(async () => (await refused.textContent())?.trim())
      .toBe('„04DE0A“: Eine NFC-UID hat 4, 7 oder 10 Bytes (8, 14 oder 20 Hex-Ziffern); diese hat 3 Bytes.')
    expect(await typedId.inputValue()).toBe('04DE0A')
    expect(await rows.count()).toBe(2)
    // A card typed again: the note says which row holds it, in German.
    await typedId.fill('04DE0A01')
    await typedId.press('Enter')
    await expect
      .poll(() => page.getByTestId('typed-note').textContent())
      .toBe('04DE0A01 ist schon in diesem Stapel, in Zeile 1 (DE-01): nicht noch einmal hinzugefügt.')
    await page.getByRole('group', { name: 'CSV-Datei' }).getByText('Eine Karte pro Zeile').waitFor()
    await page.getByLabel('Zu importierende CSV-Datei').setInputFiles({
      name: 'karten.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('04DE0A03,DE-03\nkeine-id,DE-04\n', 'utf8')
    })
    expect(await page.getByTestId('csv-counts').textContent()).toMatch(
      /1 in Ordnung\s*·\s*0 korrigiert\s*·\s*1 abgelehnt/
    )
    expect(await page.getByRole('columnheader', { name: 'Grund' }).count()).toBe(1)
    await job.expectAccessible('Import with a CSV preview, in German')
    await page.getByRole('button', { name: '1 gültige Zeile zum Stapel hinzufügen' }).click()
    await expect.poll(() => rows.count()).toBe(3)
    expect(await page.getByTestId('csv-added').textContent()).toBe(
      '1 Zeile hinzugefügt; 1 abgelehnte Zeile wurde ausgelassen.'
    )
    await page.getByRole('button', { name: 'Schließen', exact: true }).click()

    expect(await page.getByTestId('batch-list').textContent()).toContain('nicht hochgeladen')
    expect(await page.getByRole('button', { name: 'Zeile 1 bearbeiten' }).count()).toBe(1)
    await page.getByRole('button', { name: '3 Karten in die Konsole hochladen' }).click()
    const result = page.getByTestId('upload-result')
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toBe('3 gesendet: 3 importiert.')
    await expect.poll(() => page.getByTestId('action-announcer').textContent()).toBe('3 gesendet: 3 importiert.')
    expect(await page.getByTestId('batch-list').textContent()).toContain('3 Karten, 3 importiert')
    expect(await lang()).toBe('de')
    await job.expectAccessible('a batch uploaded, in German')

    // The console holds each card once, under its alias.
    const cards = (await job.state('cards')) as { nfc_id: string; alias: string }[]
    const ours = cards.filter((c) => c.alias.startsWith('DE-')).map((c) => [c.nfc_id, c.alias])
    expect(ours.sort()).toEqual([
      ['04DE0A01', 'DE-01'],
      ['04DE0A02', 'DE-02'],
      ['04DE0A03', 'DE-03']
    ])
  }, 180_000)

  it('in the pseudo-locale at 1366×768: Import with its batch open does not overflow (measured)', async () => {
    const { page } = job
    await chooseLanguage('en-XA')
    await job.open('Import')
    expect(await lang()).toBe('en-XA')
    await page.waitForFunction(() => /[^\x20-\x7e]/.test(document.querySelector('main h1')?.textContent ?? ''))
    await page.getByTestId('batch-list').getByRole('button').first().click()
    await page.getByTestId('batch-row').first().waitFor()
    await page.getByTestId('upload-panel').waitFor()
    expect(await overflowing(page, 'main')).toEqual([])
  }, 90_000)
})
