import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readFile, copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { screenshotPath } from '../support/screenshots'
import { readPdf } from '../support/pdf-check'
import { findDemoConsole } from '../support/demo-found'
import { seriousA11yFindings } from '../support/axe'

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const MM_TO_PT = 72 / 25.4

describe('QR code and badge in Chromium (web mode, demo console)', () => {
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>
  let out: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    out = await tempDir('access-desk-badge-')
    web = await startWebMode(data.path)
    browser = await launchChromium()
    await openDemoApp(browser.page, web.info.url)
    // Visits current whatever the time of day the test runs (the seed's visits end in the afternoon,
    // and an ended visit gets a badge only by a deliberate choice), booked through the desk's bridge:
    // Bea's opens the Lobby; Nils's opens no door (Badges asks before making his badge).
    const now = Math.floor(Date.now() / 1000)
    const made = await browser.page.evaluate(
      async ([from, to]) => {
        const bridge = window.api as unknown as {
          sites: { topology: () => Promise<{ ok: true; result: { groups: { id: string; name: string }[] } }> }
          visitors: { create: (input: unknown) => Promise<{ ok: boolean; error?: { message: string } }> }
        }
        const site = await bridge.sites.topology()
        const lobby = site.result.groups.find((g) => g.name === 'Lobby')!
        const visit = (first_name: string, last_name: string, resources: unknown[]) =>
          bridge.visitors.create({
            first_name,
            last_name,
            visitor_company: 'Northwind',
            visit_reason: 'Business',
            start_time: from,
            end_time: to,
            week_schedule: null,
            resources
          })
        return [
          await visit('Bea', 'Badgeworth', [{ id: lobby.id, type: 'door_group' }]),
          await visit('Nils', 'Nodoor', [])
        ]
      },
      [now - 300, now + 2 * 3600]
    )
    for (const one of made) expect(one.ok, one.error?.message).toBe(true)
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
    await out?.remove()
  })

  it('assigns and downloads the QR code of a visitor', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'Visitors', exact: true }).click()
    const table = page.getByTestId('visitors-table')
    await page.getByLabel('Name', { exact: true }).fill('Bea Badgeworth')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await table.getByRole('button', { name: 'Bea Badgeworth', exact: true }).click()
    const creds = page.getByTestId('visitor-credentials')
    await creds.waitFor()
    // Said plainly whether there is a code; without one, Download waits for an explicit assignment.
    await expect.poll(() => creds.getByTestId('qr-state').textContent()).not.toContain('Checking')
    if ((await creds.getByTestId('qr-state').textContent())?.includes('No QR code yet')) {
      expect(await creds.getByRole('button', { name: 'Download QR (PNG)' }).isDisabled()).toBe(true)
      await creds.getByRole('button', { name: 'Assign QR code' }).click()
      await creds.getByTestId('qr-assigned').waitFor()
    }
    const download = page.waitForEvent('download')
    await creds.getByRole('button', { name: 'Download QR (PNG)' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^qr-.+\.png$/)
    const path = join(out.path, 'qr.png')
    await file.saveAs(path)
    const bytes = await readFile(path)
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_MAGIC)
    expect(browser.sentChannels).toContain('visitors.qrState')
    await creds.getByTestId('visitor-qr').waitFor()
  })

  it('revokes the QR code only after a confirmation; the next download is a new code', async () => {
    const { page } = browser
    const creds = page.getByTestId('visitor-credentials')
    const before = await readFile(join(out.path, 'qr.png'))
    await creds.getByRole('button', { name: 'Revoke QR code…' }).click()
    const confirm = creds.getByTestId('revoke-qr')
    expect(await confirm.textContent()).toContain('Badges printed with it stop opening doors')
    expect(browser.sentChannels).not.toContain('visitors.unassignQr')
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click()
    await creds.getByTestId('qr-revoked').waitFor()
    await confirm.waitFor({ state: 'detached' })
    expect(browser.sentChannels.filter((c) => c === 'visitors.unassignQr')).toHaveLength(1)
    expect(await creds.getByTestId('visitor-qr').count()).toBe(0)

    // No code now: Download waits; assigning again issues a new code, another image.
    expect(await creds.getByTestId('qr-state').textContent()).toContain('No QR code yet')
    expect(await creds.getByRole('button', { name: 'Download QR (PNG)' }).isDisabled()).toBe(true)
    await creds.getByRole('button', { name: 'Assign QR code' }).click()
    await creds.getByTestId('qr-assigned').waitFor()
    const download = page.waitForEvent('download')
    await creds.getByRole('button', { name: 'Download QR (PNG)' }).click()
    const path = join(out.path, 'qr-after-revoke.png')
    await (await download).saveAs(path)
    const after = await readFile(path)
    expect([...after.subarray(0, 8)]).toEqual(PNG_MAGIC)
    expect(after.equals(before)).toBe(false)
    expect(browser.errors).toEqual([])
  })

  it('makes a badge PDF the size of the label, with the QR code, and keeps it in the history', async () => {
    const { page } = browser
    await page.getByTestId('visitor-credentials').getByRole('button', { name: 'Make a badge…' }).click()
    const preview = page.getByTestId('badge-preview')
    await preview.waitFor()
    // The site's name comes from the badge settings.
    await page.getByLabel('Site name on the badge').fill('HQ Reception')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByTestId('action-announcer').filter({ hasText: 'Badge settings saved' }).waitFor()
    await expect.poll(() => preview.textContent()).toContain('HQ Reception')
    await page.getByTestId('badge-stock').selectOption('dk-11202')
    const qrLoaded = await preview
      .locator('img.b-qr')
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))
    expect(qrLoaded).toBeGreaterThan(20)
    expect(await page.getByTestId('print-transport').textContent()).toContain('browser')

    // Web mode with no printer of main's: Print hands the page to the browser's print dialog; what it
    // prints is what Chromium renders for print media.
    await page.getByRole('button', { name: 'Print badge' }).click()
    await page.getByTestId('badge-done').filter({ hasText: 'print dialog' }).waitFor()
    await page.emulateMedia({ media: 'print' })
    const pdfPath = join(out.path, 'badge.pdf')
    await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true })
    await page.emulateMedia({ media: 'screen' })

    const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' })
    expect(info).toMatch(/Pages:\s+1\n/)
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!
    // Chromium rounds the page to whole CSS pixels: within 1.5 pt (0.5 mm) of the label.
    expect(Math.abs(Number(size[1]) - 62 * MM_TO_PT)).toBeLessThan(1.5)
    expect(Math.abs(Number(size[2]) - 100 * MM_TO_PT)).toBeLessThan(1.5)
    const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' })
    expect(text).toContain('HQ Reception')
    expect(text).toContain('VISITOR')
    // The app's navigation is not on the badge.
    expect(text).not.toContain('Touch Passes')

    execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', pdfPath, join(out.path, 'badge')])
    await copyFile(join(out.path, 'badge.png'), screenshotPath('badge.png'))

    // Save as PDF: main makes the badge PDF itself (no dialog to cancel unseen) and the tab downloads it.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Save as PDF' }).click()
    const savedPath = join(out.path, 'badge-saved.pdf')
    await (await download).saveAs(savedPath)
    await page.getByTestId('badge-done').filter({ hasText: 'Badge PDF saved' }).waitFor()
    const saved = readPdf(savedPath)
    expect(saved.pages).toBe(1)
    expect(Math.abs(saved.widthMm - 62)).toBeLessThan(0.5)
    expect(Math.abs(saved.heightMm - 100)).toBeLessThan(0.5)
    expect(saved.text).toContain('HQ Reception')
    expect(saved.qr).toBeTruthy()

    const history = page.getByTestId('badge-history')
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2)
    expect(await history.locator('tbody tr').first().textContent()).toContain('PDF')
    expect(await history.textContent()).toContain('Sent to the print dialog')
    await history
      .getByRole('button', { name: /^Reprint .*’s badge…$/ })
      .first()
      .click()
    await page.getByText('Reprint of an earlier badge.').waitFor()
    expect(browser.errors).toEqual([])
  })

  it('a visit that opens no door: asked before its badge; Cancel leaves the console’s visitor without a QR code', async () => {
    const { page } = browser
    await page.getByLabel('Visitor', { exact: true }).fill('Nils Nodoor')
    await page.getByRole('button', { name: 'Find visitor' }).click()
    await page.getByRole('button', { name: /^Nils Nodoor/ }).click()
    await page.getByTestId('badge-qr-pending').waitFor()
    const sentBefore = browser.sentChannels.length
    await page.getByRole('button', { name: 'Print badge' }).click()
    const question = page.getByTestId('badge-no-doors')
    await question.waitFor()
    expect(await question.textContent()).toContain('This visit opens no door: the badge will open nothing.')
    // The safe answer has the focus, never Print anyway.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Open on Visitors')
    expect(await seriousA11yFindings(page), 'Badges, the no-door question').toEqual([])
    await question.getByRole('button', { name: 'Cancel' }).click()
    await question.waitFor({ state: 'detached' })

    const demo = await findDemoConsole(page, data.path)
    const held = await demo.call('GET', '/__demo/state/visitors')
    const nils = (held.body.data as { first_name: string; last_name: string; qr?: string | null }[]).find(
      (v) => v.first_name === 'Nils' && v.last_name === 'Nodoor'
    )
    expect(nils, 'Nils Nodoor on the console').toBeTruthy()
    expect(nils!.qr ?? null).toBeNull()
    // Nothing assigned, printed or recorded by the desk either.
    const sent = browser.sentChannels.slice(sentBefore)
    for (const write of ['visitors.assignQr', 'badges.record', 'badges.pdf', 'badges.print'])
      expect(sent, write).not.toContain(write)
    expect(browser.errors).toEqual([])
  })
})
