import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousA11yFindings } from '../support/axe'
import { startRestartableWeb, type RestartableWeb } from '../support/restartable-web'

/**
 * Web mode restarted as a person does it (`npm start` again, no --port, no secret given) comes back at
 * the address it had for its data folder, so the open tab reconnects by itself with what was typed there
 * (a walk-in). While the service is down the sidebar and the form say the same thing (the service is not
 * answering; Create is off), never the console's last "Connected".
 */
describe('web mode restarted on the same data folder (Chromium 1366×768)', () => {
  let app: RestartableWeb

  beforeAll(async () => {
    app = await startRestartableWeb({ prefix: 'access-desk-web-restart-' })
  })
  afterAll(async () => {
    await app?.close()
  })

  /** What the demo console (inside web mode, at the same address after the restart) holds. */
  async function held(resource: 'visitors'): Promise<{ first_name: string; last_name: string }[]> {
    const answer = await (await app.demo()).call('GET', `/__demo/state/${resource}`)
    expect(answer.status).toBe(200)
    return (answer.body as { data: { first_name: string; last_name: string }[] }).data
  }

  it('keeps the typed walk-in through a kill and restart; sidebar and form agree while the service is down', async () => {
    const { page, sentChannels } = app.browser
    const sidebar = page.getByTestId('console-answers')
    await page.getByRole('navigation').getByRole('button', { name: 'Today', exact: true }).click()
    await page.getByTestId('today-list').waitFor()
    await page.locator('body').focus()
    await page.keyboard.press('w')
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.getByLabel('First name').fill('Rhea')
    await form.getByLabel('Last name').fill('Startover')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    const lobby = form.getByTestId('resource-picker').getByRole('checkbox', { name: /^Lobby\s*\(/ })
    await lobby.check()
    await expect.poll(() => sidebar.getAttribute('data-state'), { timeout: 15_000 }).toBe('reachable')

    // The screen scrolled down to the form's end, as a desk does on a long form or list: the banner must
    // still come into view where the person looks, never above the scrolled content.
    const scrolled = await page.locator('main').evaluate((main) => {
      main.scrollTop = main.scrollHeight
      return main.scrollTop
    })
    expect(scrolled).toBeGreaterThan(0)
    // Web mode killed (a crash, or the terminal closed).
    await app.kill()
    // The sidebar says the local service first, as the banner does; never the console's last "Connected".
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('service')
    expect(await sidebar.textContent()).toContain("Access Desk's service is not answering")
    expect(await sidebar.textContent()).not.toContain('Connected')
    const banner = page.getByTestId('service-banner')
    expect(await banner.textContent()).toContain('What you typed on this page is still here')
    // In view without scrolling back: its top within the window, below nothing (the screen scrolled under it).
    const box = await banner.locator('.banner').boundingBox()
    expect(box && box.y >= 0 && box.y + box.height <= 768).toBe(true)
    expect(
      await banner.evaluate((el) => {
        const r = el.getBoundingClientRect()
        return document.elementFromPoint(r.left + 4, r.top + 4)?.closest('[data-testid="service-banner"]') === el
      })
    ).toBe(true)
    // The banner names the command that restarts THIS service (web mode on its data folder, as main told
    // the tab when it connected), never `npm start`, which would start web mode on the default folder.
    const restart = `npm run web -- --data ${app.dataDir}`
    expect(await banner.locator('code').allTextContents()).toEqual([restart])
    expect(await banner.textContent()).not.toContain('npm start')
    // Read as one command: never broken across lines inside it ("npm run web --" / "--data …" read as two).
    const lines = await banner.locator('code').evaluate((code) => {
      const range = document.createRange()
      range.selectNodeContents(code)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
    })
    expect(lines).toBe(1)
    // Copyable: its button puts the command on the clipboard, and says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await banner.getByRole('button', { name: 'Copy the command' }).click()
    await expect.poll(() => banner.getByRole('button', { name: 'Copied' }).count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(restart)
    // The form agrees: Create is off with the reason, and a press sends nothing.
    const create = form.getByRole('button', { name: 'Create visitor' })
    expect(await create.getAttribute('aria-disabled')).toBe('true')
    const described = await create.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    )
    expect(described).toMatch(
      /Access Desk's service is not answering: this button is off until it is back, and nothing is sent by itself/
    )
    const sentBefore = sentChannels.length
    // Pressed, and Enter in a field (the browser submits through the same button): nothing is sent.
    await create.focus()
    await page.keyboard.press('Enter')
    await form.getByLabel('Last name').press('Enter')
    await form.getByLabel('Last name').focus()
    expect(sentChannels.slice(sentBefore)).not.toContain('visitors.create')
    expect(await form.getByLabel('First name').inputValue()).toBe('Rhea')
    await create.focus()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Create visitor')
    expect(await seriousA11yFindings(page), 'Today while the service is down').toEqual([])

    // Started again as a person does it: same data folder, no --port, no secret given.
    // The tab reconnects by itself; the sidebar is back to the console's state, checked anew.
    const oldUrl = app.web.info.url
    await app.restart()
    expect(app.web.info.url).toBe(oldUrl)
    expect(app.web.info.address).toBe('same')
    await expect.poll(() => sidebar.getAttribute('data-state'), { timeout: 15_000 }).toBe('reachable')
    expect(await sidebar.textContent()).toContain('Connected')
    // The typing is still there, and Create sends it: the console holds the visitor.
    expect(await form.getByLabel('First name').inputValue()).toBe('Rhea')
    expect(await form.getByLabel('Last name').inputValue()).toBe('Startover')
    expect(await lobby.isChecked()).toBe(true)
    expect(await create.getAttribute('aria-disabled')).toBe('false')
    await create.click()
    // Added, or (in the failure) what the form says instead.
    await expect
      .poll(async () => ((await page.getByTestId('walk-in-added').count()) > 0 ? 'added' : await form.textContent()), {
        timeout: 20_000
      })
      .toBe('added')
    const visitors = await held('visitors')
    expect(visitors.filter((v) => v.first_name === 'Rhea' && v.last_name === 'Startover')).toHaveLength(1)
    expect(await seriousA11yFindings(page), 'Today after the restart').toEqual([])
  })

  /**
   * A German desk: what the tab says of its service while it is down — the sidebar, the banner, a
   * button's off reason and a screen's first read failed then — is German, though nothing can be fetched
   * (the words come from what the tab holds, in the desk's language); and so is "connected again".
   */
  it('on a German desk, the words about the service are German while it is down and when it is back', async () => {
    const { page } = app.browser
    await page.evaluate(() => localStorage.setItem('access-desk.language', 'de'))
    await page.reload()
    const nav = page.getByRole('navigation', { name: 'Bildschirme' })
    await nav.getByRole('button', { name: 'Einstellungen', exact: true }).click()
    await page.getByTestId('profile').first().waitFor()
    const sidebar = page.getByTestId('console-answers')
    await expect.poll(() => sidebar.getAttribute('data-state'), { timeout: 15_000 }).toBe('reachable')

    await app.kill()
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('service')
    expect(await sidebar.textContent()).toContain('Der Dienst von Access Desk antwortet nicht')
    const banner = page.getByTestId('service-banner')
    expect(await banner.textContent()).toContain('Die Verbindung zum lokalen Dienst von Access Desk ist unterbrochen.')
    const test = page.getByRole('button', { name: /^Verbindung testen/ }).first()
    expect(await test.getAttribute('aria-disabled')).toBe('true')

    // A screen opened now reads from main and fails: its notice says why in German, never main's English.
    await nav.getByRole('button', { name: 'Konsolen', exact: true }).click()
    // Its notice, once drawn (with its Try again), in German.
    const notice = page.locator('main .error').filter({ has: page.getByRole('button', { name: 'Erneut versuchen' }) })
    await notice.first().waitFor({ timeout: 15_000 })
    await app.browser.settled()
    expect(await notice.first().innerText()).toMatch(/Verbindung zum lokalen Dienst von Access Desk/)
    const english = /local service|Restart it with|no longer connected|lacks its key|not answering/
    expect(await page.locator('body').innerText()).not.toMatch(english)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false)
    expect(await seriousA11yFindings(page), 'Konsolen while the service is down (German)').toEqual([])

    await app.restart(/Wieder mit dem lokalen Dienst von Access Desk verbunden/)
    await expect.poll(() => sidebar.getAttribute('data-state'), { timeout: 15_000 }).toBe('reachable')
    // The screen is there once the service is back (read again, or its code loaded then), its notice gone.
    await page.getByRole('table', { name: 'Gespeicherte Konsolen' }).waitFor({ timeout: 15_000 })
    await app.browser.settled()
    expect(await notice.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false)
    expect(english.test(await page.locator('body').innerText())).toBe(false)
    await page.evaluate(() => localStorage.removeItem('access-desk.language'))
  })
})
