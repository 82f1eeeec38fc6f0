import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { tempDir } from '../support/temp'
import { screenshotPath } from '../support/screenshots'
import { overflowing as overflowingIn } from '../support/overflowing'

/**
 * The kiosk in the visitor's language: a visitor picks Español on the welcome, checks in in Spanish
 * (the console's state read afterwards), gets a Spanish badge, and the kiosk comes back to the desk's
 * language. Then every step in the pseudo-locale (every string ~40 % longer, accented) at 1366×768:
 * nothing overflows its box, measured.
 */
describe('the kiosk in the visitor’s language (web mode, Chromium)', () => {
  let job: Job
  let out: Awaited<ReturnType<typeof tempDir>>
  const ids: Record<string, string> = {}
  let door = ''
  let visitToday = true
  const api: Job['desk'] = (ns, method, input) => job.desk(ns, method, input)

  beforeAll(async () => {
    job = await startJob()
    out = await tempDir('access-desk-kiosk-es-')
    const doors = await api('sites', 'doors')
    door = doors.items[0].name
    const from = Math.floor(Date.now() / 1000) - 1800
    // Six hours, cut at the end of today so the visit reads "Hoy, …" whatever the time the test runs
    // (a visit that crosses midnight is written with its days); `visitToday` says what is expected.
    const endOfToday = Math.floor(new Date(new Date().setHours(23, 59, 0, 0)).getTime() / 1000)
    const to = Math.max(Math.min(from + 6 * 3600, endOfToday), Math.floor(Date.now() / 1000) + 600)
    visitToday = new Date(from * 1000).toDateString() === new Date(to * 1000).toDateString()
    const visit = (first: string, last: string, company: string) =>
      api('visitors', 'create', {
        first_name: first,
        last_name: last,
        visitor_company: company,
        visit_reason: 'Business',
        start_time: from,
        end_time: to,
        week_schedule: null,
        resources: [{ id: doors.items[0].id, type: 'door' }]
      })
    ids['lucia'] = (await visit('Lucía', 'Fernández', 'Iberdata')).id
    ids['a'] = (await visit('Kiri', 'Tane', 'Northwind Traders')).id
    ids['b'] = (await visit('Kiri', 'Tane', 'Contoso')).id
    ids['pseudo'] = (await visit('Ana', 'Silva', '')).id
    await api('kiosk', 'saveSettings', {
      idleSeconds: 15,
      directions: '',
      // The desk's (English) directions only: the Spanish visitor reads them marked English (no Spanish text).
      directionsByLanguage: { en: 'Take the lift to floor 3.', de: '' },
      deskName: 'the reception desk',
      pin: '582046'
    })
    await job.open('Settings')
    await job.page.getByTestId('kiosk-settings').getByRole('button', { name: 'Start kiosk mode' }).click()
    await job.page.waitForURL(/\/kiosk$/)
    await job.page.getByRole('heading', { name: 'Welcome' }).waitFor()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
    await out?.remove()
  })

  it('a visitor picks Español (each language in its own name) and checks in in Spanish; the console holds the check-in', async () => {
    const { page } = job
    // The group is named in the kiosk's language ("Sprache" once Deutsch is picked): named here, then held by its id.
    await page.getByRole('group', { name: 'Language' }).waitFor()
    const picker = page.getByTestId('kiosk-languages')
    expect(await picker.getByRole('button').allTextContents()).toEqual(['English', 'Deutsch', 'Français', 'Español'])
    expect(await job.lang()).toBe('en')

    // Deutsch first: the README's picture of the kiosk in German (then the visitor changes their mind).
    await picker.getByRole('button', { name: 'Deutsch' }).click()
    await page.getByRole('heading', { name: 'Willkommen' }).waitFor()
    expect(await job.lang()).toBe('de')
    await page.screenshot({ path: screenshotPath('kiosk-welcome-de.png') })

    await picker.getByRole('button', { name: 'Español' }).click()
    await page.getByRole('heading', { name: 'Le damos la bienvenida' }).waitFor()
    expect(await job.lang()).toBe('es')
    expect(await page.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true')
    await job.expectAccessible('kiosk welcome in Spanish')

    await page.getByRole('button', { name: 'Registrar mi llegada' }).click()
    await page.getByLabel('Su nombre y apellidos').fill('Lucía')
    await page.keyboard.press('Enter')
    expect(await page.getByRole('alert').textContent()).toContain('Escriba su nombre y apellidos')
    await page.getByLabel('Su nombre y apellidos').fill('Lucía Fernández')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: '¿Es esta su visita?' }).waitFor()
    const visit = await page.getByTestId('kiosk-visit').textContent()
    expect(visit).toContain('Empresa')
    expect(visit).toContain('Iberdata')
    if (visitToday) expect(visit).toMatch(/Hoy, /)
    else expect(visit).not.toMatch(/Hoy, /)
    await job.expectAccessible('kiosk confirm in Spanish')
    await page.screenshot({ path: screenshotPath('kiosk-confirm-es.png') })

    await page.getByRole('button', { name: 'Sí, imprimir mi tarjeta' }).click()
    await page.getByRole('heading', { name: 'Le damos la bienvenida, Lucía Fernández' }).waitFor()
    // Web mode with no printer: the badge went to the browser's print dialog; the kiosk cannot know it printed.
    expect(await page.getByTestId('kiosk-done').textContent()).toContain(
      'Recoja su tarjeta de la impresora. Si no ha salido ninguna'
    )
    expect(await page.getByTestId('kiosk-doors').textContent()).toBe(`Su tarjeta abre: ${door}.`)
    expect(await job.lang()).toBe('es')
    // No Spanish directions: the desk language's, marked with its language for a screen reader.
    expect(await page.getByTestId('kiosk-directions').textContent()).toBe('Take the lift to floor 3.')
    expect(await page.getByTestId('kiosk-directions').getAttribute('lang')).toBe('en')
    await job.expectAccessible('kiosk done in Spanish')

    // The badge the browser printed is in Spanish too.
    await page.emulateMedia({ media: 'print' })
    const pdfPath = join(out.path, 'badge-es.pdf')
    await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true })
    await page.emulateMedia({ media: 'screen' })
    const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' })
    expect(text).toContain('Lucía Fernández')
    expect(text).toMatch(/V\s*I\s*S\s*I\s*T\s*A\s*N\s*T\s*E/) // the tag, letter-spaced
    expect(text).toContain('Válida desde')
    expect(text).not.toContain('Valid from')

    // The console: the visitor got a QR code from the kiosk; the desk's log holds the check-in.
    const held = (await job.state('visitors')).find((v: { id: string }) => v.id === ids['lucia'])
    expect(held.qr).not.toBeNull()
    const { items } = await api('kiosk', 'checkins')
    expect(items[0]).toMatchObject({
      visitorId: ids['lucia'],
      name: 'Lucía Fernández',
      printed: false,
      output: 'browser-print'
    })

    // The next visitor is greeted in the desk's language again.
    await page.getByRole('button', { name: 'Listo' }).click()
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    expect(await job.lang()).toBe('en')
  })

  it('a visitor who picks a language and walks away: back to the desk’s language after the idle time', async () => {
    const { page } = job
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.getByRole('heading', { name: 'Willkommen' }).waitFor()
    expect(await job.lang()).toBe('de')
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 25_000 })
    expect(await job.lang()).toBe('en')
  }, 40_000)

  it('in the pseudo-locale, every step at 1366×768: no text overflows or is clipped (measured)', async () => {
    const { page } = job
    await page.evaluate(() => localStorage.setItem('access-desk.language', 'en-XA'))
    await page.reload()
    await page.locator('h1#kiosk-title').waitFor()
    expect(await job.lang()).toBe('en-XA')
    const title = () => page.locator('h1#kiosk-title').textContent()
    const click = (name: RegExp) => page.locator('.kiosk button', { hasText: name }).first().click()

    // The measure itself: a button too narrow for its words is found.
    await page.evaluate(() => {
      const b = document.createElement('button')
      b.id = 'too-narrow'
      b.style.cssText = 'width: 40px; white-space: nowrap; overflow: hidden'
      b.textContent = 'Ŵéļçóɱé ļőŕéɱ ïƥšûɱ'
      document.querySelector('.kiosk')!.append(b)
    })
    expect(await overflowing(page)).toEqual([expect.stringContaining('Ŵéļçóɱé ļőŕéɱ')])
    await page.evaluate(() => document.getElementById('too-narrow')!.remove())

    const steps: Record<string, string[]> = {}
    const measure = async (step: string) => {
      await page.locator('h1#kiosk-title').waitFor()
      steps[step] = await overflowing(page)
    }
    expect(await title()).toMatch(/Ŵéļçóɱé|Wéļçóɱé|Wélçóɱé|ŵ|é/)
    await measure('welcome')
    await click(/^Çĥéçķ íñ|Çhéçk íñ/)
    await page.locator('.kiosk input').fill('Ana')
    await page.keyboard.press('Enter')
    await page.locator('#kiosk-hint').waitFor()
    await measure('name, with the hint')
    await page.locator('.kiosk input').fill('Kiri Tane')
    await page.keyboard.press('Enter')
    await page.locator('.kiosk[data-step=narrow]').waitFor()
    await measure('narrow')
    await page.locator('.kiosk input').fill('Nobody')
    await page.keyboard.press('Enter')
    await page.locator('.kiosk[data-step=not-found]').waitFor()
    await measure('not found')
    await page.locator('.kiosk button.primary').click()
    await page.locator('.kiosk input').fill('Ana Silva')
    await page.keyboard.press('Enter')
    await page.locator('.kiosk[data-step=confirm]').waitFor()
    await measure('confirm')
    await page.locator('.kiosk button.primary').click()
    await page.locator('.kiosk[data-step=done]').waitFor()
    await measure('done')
    await page.locator('.kiosk button.primary').click()
    await page.locator('.kiosk[data-step=welcome]').waitFor()
    await page.locator('.kiosk .actions button').nth(1).click()
    await page.locator('.kiosk[data-step=walk-in]').waitFor()
    await measure('walk-in')
    await page.locator('.kiosk button.primary').click()
    await page.locator('footer button.staff').click()
    await page.getByTestId('kiosk-exit').waitFor()
    steps['exit dialog'] = await overflowing(page)

    expect(steps).toEqual(Object.fromEntries(Object.keys(steps).map((s) => [s, []])))
  }, 60_000)
})

/** The whole kiosk page measured by the shared overflow check, the badge laid out for printing left out. */
function overflowing(page: Page): Promise<string[]> {
  return overflowingIn(page, 'body', '#badge-print-root')
}
