import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousA11yFindings } from '../support/axe'
import { startRestartableWeb, type RestartableWeb } from '../support/restartable-web'

/**
 * A 10,000-card batch read from a CSV, uploading in parts, when web mode is killed (SIGKILL) and
 * started again on the same data folder: once the tab is connected again, the upload's progress is
 * what the restarted main says of the batch (it runs no upload), never the last bar of the old main.
 * The console's cards are counted against what main says it imported.
 */
describe('the upload progress after main is killed mid-upload of a 10,000-line CSV batch (Chromium)', () => {
  let app: RestartableWeb
  const ROWS = 10_000
  const id = (i: number) => `04C9${i.toString(16).toUpperCase().padStart(4, '0')}`

  beforeAll(async () => {
    app = await startRestartableWeb({ prefix: 'access-desk-upload-restart-' })
  }, 120_000)
  afterAll(async () => {
    await app?.close()
  })

  it('drops the bar main no longer has; the console holds what main says it imported', async () => {
    const { page } = app.browser
    await page.getByRole('navigation').getByRole('button', { name: 'Import', exact: true }).click()
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Restart gate')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Restart gate')

    // As an installer does: the CSV read, its valid rows added, the preview left open.
    const csv = Array.from({ length: ROWS }, (_, i) => `${id(i)},Restart-${i + 1}`).join('\n')
    await page
      .getByLabel('CSV file to import')
      .setInputFiles({ name: 'restart.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await expect.poll(() => page.getByTestId('csv-counts').textContent(), { timeout: 30_000 }).toMatch(/10,000 ok/)
    await page.getByRole('button', { name: 'Add 10,000 valid rows to the batch' }).click()
    await expect
      .poll(() => page.getByTestId('csv-added').textContent(), { timeout: 60_000 })
      .toMatch(/Added 10,000 rows/)

    // The console's answer to the first part held long enough for the kill to land before it: the bar is empty.
    expect((await (await app.demo()).call('PUT', '/__demo/faults', { latencyMs: 30_000 })).status).toBe(200)
    await page.getByRole('button', { name: 'Upload 10,000 cards to the console' }).click()
    const bar = page.getByRole('progressbar', { name: 'Upload progress' })
    await bar.waitFor({ timeout: 30_000 })

    await app.kill()
    await app.restart()

    const mainSays = async () => {
      const listed = await page.evaluate(() => window.api!.batches.list())
      if (!listed.ok) throw new Error(listed.error.message)
      return listed.result.batches.find((b) => b.name === 'Restart gate')!
    }
    expect((await mainSays()).state).not.toBe('uploading')
    // Main runs no upload: no bar, no "answered" line, however the screen's stores settle after the reconnect.
    await expect.poll(() => bar.count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => page.getByTestId('upload-answered').count()).toBe(0)
    // Still none once the rows whose answers were lost are checked with the console, as the installer does.
    const demo = await app.demo()
    expect((await demo.call('PUT', '/__demo/faults', {})).status).toBe(200)
    const check = page.getByRole('button', { name: /^Check [\d,]+ rows? with the console$/ })
    if ((await mainSays()).counts.unknown > 0) await check.click()
    await expect.poll(async () => (await mainSays()).counts.unknown, { timeout: 60_000 }).toBe(0)
    await page.waitForTimeout(1_000)
    expect(await bar.count()).toBe(0)
    expect(await page.getByTestId('upload-answered').count()).toBe(0)
    expect(await seriousA11yFindings(page), 'Import after the restart').toEqual([])

    // The console holds exactly the cards main says it imported, each once.
    const held = (await demo.call('GET', '/__demo/state/cards')).body.data as { nfc_id?: string }[]
    const ours = held.filter((c) => /^04C9/i.test(c.nfc_id ?? ''))
    const { counts } = await mainSays()
    expect(counts.imported).toBeLessThan(ROWS)
    expect(ours.length).toBe(counts.imported)
    expect(new Set(ours.map((c) => c.nfc_id)).size).toBe(ours.length)
  }, 300_000)
})
