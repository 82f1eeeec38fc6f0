import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { startJob, type Job } from '../support/job'
import { tempDir } from '../support/temp'
import { overflowing } from '../support/overflowing'
import { screenshotPath } from '../support/screenshots'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  visitor_company: string
  visit_reason: string
  status: string
  qr: string | null
  group_ids: string[]
}

/**
 * The reception's job in German (issue 36): the desk chosen German, Today → "Spontanbesucher
 * erfassen…" → the walk-in form in German → saved (the console's visitor read back) → its badge
 * printed from Badges, the PDF's words German (and the console gave the visitor its QR code), with
 * <html lang="de"> and axe clean at each step. Then the pseudo-locale (every string ~40 % longer,
 * accented) at 1366×768: the walk-in form and the Badges screen do not overflow, measured.
 */
describe('the reception job in German (web mode, Chromium 1366×768, demo console)', () => {
  let job: Job
  let out: Awaited<ReturnType<typeof tempDir>>
  const stored = async (first: string, last: string) => {
    const visitors = (await job.state('visitors')) as StoredVisitor[]
    return visitors.find((v) => v.first_name === first && v.last_name === last)
  }

  beforeAll(async () => {
    job = await startJob()
    out = await tempDir('access-desk-reception-de-')
  }, 120_000)
  afterAll(async () => {
    await job?.close()
    await out?.remove()
  })

  it('Today → walk-in → badge in German: the console holds the visitor, the badge PDF speaks German', async () => {
    const { page } = job
    await job.chooseLanguage('de')
    await job.open('Today')
    await page.getByRole('heading', { level: 1, name: 'Heute' }).waitFor()
    expect(await job.lang()).toBe('de')
    await job.expectAccessible('Today in German')

    await page.getByRole('button', { name: /Spontanbesucher erfassen…/ }).click()
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.getByLabel('Vorname').waitFor()
    expect(await form.getByRole('heading', { name: 'Spontanbesucher' }).count()).toBe(1)
    await form.getByRole('group', { name: /Türen, die der Besucher öffnen darf/ }).waitFor()
    expect(await form.getByTestId('visitor-host').textContent()).toContain('Ansprechpartner:')
    expect(await form.locator('#tz-note').textContent()).toMatch(/^Zeiten gelten in der Zeitzone dieses Empfangs/)
    expect(await form.getByRole('button', { name: 'Abbrechen' }).count()).toBe(1)
    await job.expectAccessible('the walk-in form in German')

    await form.getByLabel('Vorname').fill('Greta')
    await form.getByLabel('Nachname').fill('Lindqvist')
    await form.getByLabel('Firma').fill('Hafen Logistik')
    // The console's value is sent; the desk shows its German word.
    const reason = form.getByLabel('Grund des Besuchs')
    await reason.selectOption('Business')
    expect(await reason.locator('option:checked').textContent()).toBe('Geschäftlich')
    await form
      .getByTestId('resource-picker')
      .getByRole('checkbox', { name: /^Lobby\s*\(/ })
      .check()
    expect(await form.getByTestId('resource-picker').locator('legend').textContent()).toContain('(1 ausgewählt)')
    // The weekly schedule editor, opened and closed: its days and buttons are German too.
    await form.getByLabel('Wiederkehrender Besuch').check()
    await form
      .getByTestId('schedule-editor')
      .getByRole('button', { name: 'Kopieren auf andere Tage: Montag' })
      .waitFor()
    await job.expectAccessible('the walk-in form with the weekly schedule, in German')
    await form.getByLabel('Wiederkehrender Besuch').uncheck()

    await form.getByRole('button', { name: 'Besucher erfassen', exact: true }).click()
    const added = page.getByTestId('walk-in-added')
    await added.waitFor()
    expect(await added.textContent()).toContain('Greta Lindqvist wurde erfasst')

    // What the console holds: the visitor as typed, for today, with the Lobby group.
    const greta = await stored('Greta', 'Lindqvist')
    expect(greta, 'Greta Lindqvist on the console').toBeTruthy()
    const site = (await job.state('site')) as { groups: { id: string; name: string }[] }
    expect({
      company: greta!.visitor_company,
      reason: greta!.visit_reason,
      status: greta!.status,
      groups: greta!.group_ids.map((id) => site.groups.find((g) => g.id === id)?.name)
    }).toEqual({ company: 'Hafen Logistik', reason: 'Business', status: 'ACTIVE', groups: ['Lobby'] })
    expect(greta!.qr).toBeNull()
    await job.expectAccessible('Today after the walk-in, in German')

    // Its badge: from Today to Badges, the preview in German, printed through the browser's dialog.
    await added.getByRole('button', { name: 'Ausweis für Greta Lindqvist drucken…' }).click()
    const preview = page.getByTestId('badge-preview')
    await preview.waitFor()
    expect(await page.getByLabel('Besucher', { exact: true }).inputValue()).toBe('Greta Lindqvist')
    expect(await preview.getByRole('article', { name: 'Ausweis von Greta Lindqvist' }).count()).toBe(1)
    expect(await preview.textContent()).toContain('Gültig ab')
    expect(await page.getByTestId('badge-qr-pending').textContent()).toContain('hat noch keinen QR-Code')
    expect(await job.lang()).toBe('de')
    await job.expectAccessible('Badges in German')

    await page.getByTestId('badge-stock').selectOption('dymo-30256')
    await page.getByRole('button', { name: 'Ausweis drucken' }).click()
    await page.getByTestId('badge-done').filter({ hasText: 'Druckdialog des Browsers' }).waitFor()
    expect(await page.getByTestId('badge-done').textContent()).toContain('QR-Code für Greta Lindqvist zugewiesen.')
    await job.expectAccessible('Badges after printing, in German')
    await page.emulateMedia({ media: 'print' })
    const pdfPath = join(out.path, 'badge-de.pdf')
    await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true })
    await page.emulateMedia({ media: 'screen' })

    const words = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdfPath, '-'], { encoding: 'utf8' })
    // The tag is set in capitals by the badge's style.
    expect(words).toMatch(/BESUCHER/)
    expect(words).toContain('Gültig ab')
    expect(words).toContain('bis')
    expect(words).toContain('Greta Lindqvist')
    expect(words).not.toMatch(/VISITOR|Valid from/)
    // Save as PDF: main's own badge PDF (web mode), in the desk's language too.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Als PDF speichern' }).click()
    const mainPdf = join(out.path, 'badge-de-main.pdf')
    // Its file is named in the desk's language too (shared/text/file-name.ts).
    expect((await download).suggestedFilename()).toBe('ausweis-Greta-Lindqvist.pdf')
    await (await download).saveAs(mainPdf)
    await page.getByTestId('badge-done').filter({ hasText: 'Ausweis als PDF gespeichert.' }).waitFor()
    const mainWords = execFileSync('pdftotext', [mainPdf, '-'], { encoding: 'utf8' })
    expect(mainWords).toMatch(/BESUCHER|Besucher/)
    expect(mainWords).toContain('Gültig ab')
    expect(mainWords).not.toMatch(/VISITOR|Valid from/)
    // Printing gave the visitor a QR code on the console, the one on the badge.
    expect((await stored('Greta', 'Lindqvist'))!.qr).toBeTruthy()
    // The print and the PDF are in the desk's history, in German.
    await expect
      .poll(() =>
        page
          .getByTestId('badge-history')
          .getByRole('button', { name: 'Ausweis von Greta Lindqvist nachdrucken…' })
          .count()
      )
      .toBe(2)
    expect(await page.getByRole('columnheader', { name: 'Ausgabe' }).count()).toBe(1)
    await page.screenshot({ path: screenshotPath('badges-de.png') })
  }, 90_000)

  it('in the pseudo-locale at 1366×768: the walk-in form and Badges do not overflow (measured)', async () => {
    const { page } = job
    await job.chooseLanguage('en-XA')
    await job.open('Today')
    await page.locator('h1#today-title').waitFor()
    expect(await job.lang()).toBe('en-XA')
    await page.waitForFunction(() => /[^\x20-\x7e]/.test(document.getElementById('today-title')?.textContent ?? ''))

    // The measure itself: a button too narrow for its words is found.
    await page.evaluate(() => {
      const b = document.createElement('button')
      b.id = 'too-narrow'
      b.style.cssText = 'width: 40px; white-space: nowrap; overflow: hidden'
      b.textContent = 'Ŵéļçóɱé ļőŕéɱ ïƥšûɱ'
      document.querySelector('section[aria-labelledby="today-title"]')!.append(b)
    })
    expect(await overflowing(page, 'section[aria-labelledby="today-title"]')).toContainEqual(
      expect.stringContaining('Ŵéļçóɱé ļőŕéɱ')
    )
    await page.evaluate(() => document.getElementById('too-narrow')!.remove())

    const steps: Record<string, string[]> = {}
    await page.locator('body').focus()
    await page.keyboard.press('w')
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.waitFor()
    // Pseudo words in the form: accented, so not its English.
    await page.waitForFunction(() =>
      /[^\x20-\x7e]/.test(document.querySelector('[data-testid="resource-picker"] legend')?.textContent ?? '')
    )
    await form.getByTestId('resource-picker').getByRole('checkbox').first().waitFor()
    steps['walk-in form'] = await overflowing(page, '[data-testid="today-walk-in"]')
    // "Recurring visit": the form's first ticked-box label (the doors' come after the schedule).
    await form.locator('label.check input[type="checkbox"]').first().check()
    await form.getByTestId('schedule-editor').waitFor()
    steps['walk-in form, weekly schedule'] = await overflowing(page, '[data-testid="today-walk-in"]')
    await page.screenshot({ path: screenshotPath('walk-in-pseudo.png') })
    await form.locator('label.check input[type="checkbox"]').first().uncheck()
    // Leave the form (its Cancel: the footer's first button).
    await form.locator('.row.end button[type="button"]').first().click()
    await form.waitFor({ state: 'detached' })

    // The sidebar speaks the pseudo-locale too: Badges by its padded name.
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /^(Badges|Bádğéš.*)$/ })
      .first()
      .click()
    await page.locator('h1#badges-title').waitFor()
    await page.getByTestId('badge-history').waitFor()
    await page.getByTestId('badge-history').locator('tbody button').first().click()
    await page.getByTestId('badge-preview').waitFor()
    await page.waitForFunction(() => /[^\x20-\x7e]/.test(document.getElementById('badges-title')?.textContent ?? ''))
    steps['Badges, a badge shown'] = await overflowing(page, 'section[aria-labelledby="badges-title"] > .layout')
    steps['Badges, print history'] = await overflowing(page, 'section[aria-labelledby="history-title"]')
    await page.screenshot({ path: screenshotPath('badges-pseudo.png') })

    expect(steps).toEqual(Object.fromEntries(Object.keys(steps).map((s) => [s, []])))
  }, 60_000)
})
