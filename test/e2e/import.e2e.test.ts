import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startPcscd, type Pcscd } from '../support/pcscd'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { VirtualCard } from '../support/virtual-card'
import { screenshotPath } from '../support/screenshots'

/**
 * The Import screen end to end: real pcscd + vpcd with virtual cards tapped on the reader, the
 * web-mode app (reader host, batch journal, built-in demo console over HTTPS) and Chromium.
 * Starts its own pcscd: do not run it next to the reader tests (test/pcsc).
 */
describe('Import screen in Chromium (virtual USB reader, web mode, demo console)', () => {
  let pcscd: Pcscd
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    pcscd = await startPcscd()
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium()
    const { page } = browser
    await openDemoApp(page, web.info.url)
    await page.getByRole('button', { name: 'Import', exact: true }).click()
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await pcscd?.stop()
    await data?.remove()
  })

  /** Put a card on the reader until the screen shows it, then take it off. */
  async function tap(page: Page, uid: string) {
    const card = new VirtualCard({ uid })
    await card.insert()
    const latest = page.getByTestId('tap').first()
    await expect.poll(() => latest.locator('.uid').textContent(), { timeout: 15_000 }).toBe(uid)
    // The outcome (added / already in the batch) is written once addScan answered.
    await expect.poll(() => latest.locator('.tag.ok, .tag.warn, p.bad').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    card.remove()
    await expect.poll(() => latest.locator('.on-reader').count(), { timeout: 10_000 }).toBe(0)
    return latest
  }

  const rows = (page: Page) => page.getByTestId('batch-row')
  const row = (page: Page, n: number) => rows(page).nth(n - 1)

  it('collects taps into a batch (formats, duplicates, byte order), uploads, and retries a row with a duplicate alias', async () => {
    const { page } = browser
    await expect
      .poll(() => page.getByTestId('reader-state').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('ready')
    await page.getByTestId('no-batches').waitFor()

    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Floor 2')
    await form.getByLabel('Alias pattern (optional)').fill('Floor2-{n:3}')
    expect(await form.getByTestId('alias-examples').textContent()).toContain('Floor2-001, Floor2-002, Floor2-003')
    await form.getByLabel('Alias pattern (optional)').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Floor 2')
    await page.getByTestId('no-rows').waitFor()

    // A tap appears with its formats and is added at once.
    const first = await tap(page, '04A23B1C')
    expect(await first.locator('.formats').textContent()).toMatch(
      /Hex\s*04A23B1C.*Reversed\s*1C3BA204.*Decimal\s*77740828/
    )
    expect(await first.textContent()).toContain('added as Floor2-001')
    await tap(page, '04112233445566')
    await expect.poll(() => rows(page).count()).toBe(2)

    // The same card again: shown as a duplicate, not added twice.
    const again = await tap(page, '04A23B1C')
    expect(await again.textContent()).toContain('already in the batch (Floor2-001)')
    expect(await rows(page).count()).toBe(2)

    // A random UID (08…) is flagged and refused.
    const random = await tap(page, '08ABCDEF')
    expect(await random.textContent()).toContain('random UID')
    expect(await random.textContent()).toMatch(/Not added: Random UID/)
    expect(await rows(page).count()).toBe(2)

    // Reversed byte order: the preview says what will be imported; it applies to every row (the two
    // taps so far are now sent reversed, shown as tapped) and to the next tap.
    await page.getByRole('radio', { name: 'Reversed' }).check()
    // The last tap was refused: the line says so in either byte order, never "imported as".
    expect(await page.getByTestId('byte-order-preview').textContent()).toMatch(/08ABCDEF is a random UID.*not imported/)
    // The choice is saved with the batch (main answers) before the next tap.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const list = await window.api!.batches.list()
          return list.ok ? list.result.batches.find((b) => b.name === 'Floor 2')?.byteOrder : undefined
        })
      )
      .toBe('reversed')
    await expect.poll(() => row(page, 1).textContent()).toMatch(/1C3BA204\s*Floor2-001/)
    expect(await row(page, 2).textContent()).toMatch(/66554433221104\s*Floor2-002/)
    // The first card tapped again after the switch: the same card, a duplicate, not a second row.
    const afterSwitch = await tap(page, '04A23B1C')
    // Row 1 was entered as 04A23B1C (tapped): the tap is that row, sent as 1C3BA204.
    expect(await afterSwitch.textContent()).toContain('already in the batch (Floor2-001)')
    expect(await rows(page).count()).toBe(2)
    await tap(page, 'A1B2C3D4')
    await expect.poll(() => rows(page).count()).toBe(3)
    expect(await row(page, 3).textContent()).toMatch(/D4C3B2A1\s*Floor2-003/)

    // Give row 2 an alias the console already uses: its import must fail with that reason.
    const taken = await page.evaluate(async () => {
      // Main's card list as the Cards screen reads it: loaded, then asked (the greatest alias first).
      await window.api!.cards.load({ stream: 'e2e-taken' })
      const answer = await window.api!.cards.view({
        filter: '',
        status: 'all',
        sortKey: 'alias',
        descending: true,
        offset: 0,
        limit: 1
      })
      return answer.ok ? answer.result.rows[0]?.alias || undefined : undefined
    })
    expect(taken).toBeTruthy()
    await page.getByRole('button', { name: 'Edit row 2' }).click()
    await page.getByRole('textbox', { name: 'Alias', exact: true }).fill(taken!)
    await page.getByRole('textbox', { name: 'Alias', exact: true }).press('Enter')
    await expect.poll(() => row(page, 2).textContent()).toContain(taken!)

    await page.getByRole('button', { name: 'Upload 3 cards to the console' }).click()
    const result = page.getByTestId('upload-result')
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/Sent 3: 2 imported, 1 failed/)
    expect(await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      'imported',
      'failed',
      'imported'
    ])
    expect(await row(page, 2).textContent()).toContain(`The alias "${taken}" is already used on the console`)
    expect(await page.getByTestId('batch-list').textContent()).toMatch(/partly imported/)
    // A failed row is Retry's only (issue 31): Upload no longer counts it, so it is not offered twice.
    expect(await page.getByRole('button', { name: 'No new cards to upload' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: /^Upload/ }).count()).toBe(0)

    // Export of the failed rows: a CSV file download in the console's format, after a header line
    // naming its IDs as sent (read back into a batch of either byte order, they are the same cards).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export failed rows…' }).click()
    ])
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    // Saved by the test (the browser is the run's shared Chromium, reached over Playwright's connection: the
    // file is streamed here, it has no local path).
    const saved = join(data.path, 'failed-rows.csv')
    await download.saveAs(saved)
    expect(await readFile(saved, 'utf8')).toBe(`NFC ID (as sent to the console),Alias\n66554433221104,${taken}\n`)

    // Refused for an alias another card holds: that card may be renamed on the console, so Retry offers
    // the row as it is (shared/batches/row-way-on.ts), and its reason names both ways on.
    expect(await page.getByRole('button', { name: 'Retry 1 failed row' }).count()).toBe(1)
    expect(await page.getByTestId('upload-not-retried').count()).toBe(0)
    expect(await row(page, 2).textContent()).toContain('change the alias here, or free it on the console')

    // Fix the alias: the edited row is a new attempt, still Retry's (it was sent and failed), and only it is sent.
    await page.getByRole('button', { name: 'Edit row 2' }).click()
    await page.getByRole('textbox', { name: 'Alias', exact: true }).fill('Floor2-spare')
    await page.getByRole('textbox', { name: 'Alias', exact: true }).press('Enter')
    await expect.poll(() => row(page, 2).textContent()).toContain('Floor2-spare')
    expect(await row(page, 2).getAttribute('data-status')).toBe('pending')
    expect(await page.getByRole('button', { name: 'No new cards to upload' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Retry 1 fixed row' }).click()
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/Sent 1: 1 imported\./)
    expect(await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      'imported',
      'imported',
      'imported'
    ])
    expect(await page.getByTestId('batch-list').textContent()).toMatch(/Floor 2\s*imported/)

    // The console has the reversed card under its alias.
    const onConsole = await page.evaluate(async () => {
      await window.api!.cards.load({ refresh: true, stream: 'e2e-floor2' })
      const answer = await window.api!.cards.view({
        filter: 'Floor2-',
        status: 'all',
        sortKey: 'alias',
        descending: false,
        offset: 0,
        limit: 500
      })
      return answer.ok
        ? answer.result.rows
            .filter((c) => c.alias.startsWith('Floor2-'))
            .map((c) => c.alias)
            .sort()
        : []
    })
    expect(onConsole).toEqual(['Floor2-001', 'Floor2-003', 'Floor2-spare'])
    // Each card once, in the batch's order, never as first read: the console numbers a card by its
    // NFC ID in decimal.
    const numbers = await page.evaluate(async () => {
      await window.api!.cards.load({ refresh: true, stream: 'e2e-numbers' })
      // Every card main holds, a window at a time.
      const out: string[] = []
      for (let offset = 0; ; offset += 500) {
        const query = { filter: '', status: 'all', sortKey: 'display_id', descending: false, offset, limit: 500 }
        const answer = await window.api!.cards.view(
          query as Parameters<NonNullable<typeof window.api>['cards']['view']>[0]
        )
        if (!answer.ok) return []
        out.push(...answer.result.rows.map((c) => c.display_id))
        if (offset + 500 >= answer.result.matched) return out
      }
    })
    const decimal = (hex: string) => BigInt(`0x${hex}`).toString(10)
    for (const id of ['1C3BA204', '66554433221104', 'D4C3B2A1'])
      expect(
        numbers.filter((n) => n === decimal(id)),
        id
      ).toHaveLength(1)
    for (const id of ['04A23B1C', '04112233445566', 'A1B2C3D4']) expect(numbers, id).not.toContain(decimal(id))
    expect(browser.errors).toEqual([])
  })

  it('previews a CSV with broken rows line by line and adds only the valid ones', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('From the old system')
    await form.getByRole('button', { name: 'Create batch' }).click()
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('From the old system')

    const csv = [
      '04A1B2C3,Desk-01',
      '4.21E+13,Scientific',
      '04A1B2CG,Bad letter',
      '04A1B2,Three bytes',
      '04a1b2c3,Same card again',
      '04 a1 b2 c5,Desk-02'
    ].join('\n')
    await page
      .getByLabel('CSV file to import')
      .setInputFiles({ name: 'old-system.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    const preview = page.getByTestId('csv-preview')
    await preview.waitFor()
    expect(await page.getByTestId('csv-counts').textContent()).toMatch(/1 ok · 1 repaired · 3 refused · 1 duplicate/)
    const statuses = await preview
      .locator('tbody tr')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
    expect(statuses).toEqual(['ok', 'refused', 'refused', 'refused', 'duplicate', 'repaired'])
    const why = await preview.locator('tbody tr td.why').allTextContents()
    expect(why[1]).toMatch(/scientific notation/)
    expect(why[2]).toMatch(/"G" is not a hex digit/)
    expect(why[3]).toMatch(/4, 7 or 10 bytes/)
    expect(why[4]).toMatch(/Same NFC ID as line 1/)
    expect(why[5]).toMatch(/Separators .* removed/)

    await page.getByRole('button', { name: 'Add 2 valid rows to the batch' }).click()
    await expect.poll(() => page.getByTestId('csv-added').textContent()).toMatch(/Added 2 rows/)
    await expect.poll(() => rows(page).count()).toBe(2)
    expect(await rows(page).allTextContents()).toEqual([
      expect.stringMatching(/04A1B2C3\s*Desk-01\s*not sent/),
      expect.stringMatching(/04A1B2C5\s*Desk-02\s*not sent/)
    ])
    await page.screenshot({ path: screenshotPath('import.png'), fullPage: true })
    expect(browser.errors).toEqual([])
  })
})
