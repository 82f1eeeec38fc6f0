import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { request } from '../unit/demo-console/support'
import { findDemoConsole, type FoundDemo } from '../support/demo-found'
import { screenshotPath } from '../support/screenshots'

/**
 * Enrollment on a networked reader of the app's own demo console (web mode's first start selects
 * it). The test plays the person at the reader through the demo console's control API, found the
 * way an operator would: its URL from the app's connections, its token and certificate in the
 * app's data dir.
 */
describe('Enroll screen in Chromium (web mode, built-in demo console)', () => {
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>
  let demo: FoundDemo
  let deviceId: string

  const control = async (path: string, body: unknown) => {
    const answer = await request(demo.url, demo.ca, 'POST', `/__demo${path}`, { body, token: demo.token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium()
    const { page } = browser
    await openDemoApp(page, web.info.url)
    demo = await findDemoConsole(page, data.path)
    await page.getByRole('button', { name: 'Enroll', exact: true }).click()
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('lists readers online first with offline ones marked, enrolls a tapped card and gives it to a user found by search', async () => {
    const { page } = browser
    const radios = page.getByRole('radio')
    await radios.first().waitFor()
    const states = await radios.evaluateAll((els) =>
      els.map((e) => ((e as HTMLInputElement).disabled ? 'offline' : 'online'))
    )
    expect(states.length).toBeGreaterThanOrEqual(2)
    expect(states).toContain('offline')
    // Online first: no online reader after an offline one.
    expect(states.join(',')).toMatch(/^(online,)*online(,offline)+$/)
    expect(await page.locator('.reader.offline').first().textContent()).toContain('offline')
    // The first online reader is chosen already: one key starts.
    expect(await radios.first().isChecked()).toBe(true)
    deviceId = (await radios.first().getAttribute('value'))!

    await page.locator('h1').click()
    await page.keyboard.press('Enter')
    const status = page.getByTestId('enroll-status')
    await expect.poll(() => status.getAttribute('data-state')).toBe('waiting')
    await expect.poll(() => status.textContent()).toMatch(/Present the card to/)
    const seconds = Number(await page.getByLabel('Seconds left').textContent())
    expect(seconds).toBeGreaterThan(40)
    expect(seconds).toBeLessThanOrEqual(60)

    const tapped = await control('/taps', { device_id: deviceId, nfc_id: '04C0FFEE123456' })
    expect(tapped).toMatchObject({ data: { result: 'read' } })
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('done')
    const cardId = (await page.getByTestId('enrolled-card-id').textContent())!
    expect(cardId).toBe(tapped.data.card_id)

    // The search box has the focus: type, pick.
    await page.keyboard.type('Priya')
    const option = page.getByRole('option').filter({ hasText: 'Priya' }).first()
    await option.waitFor()
    const ownerName = (await option.locator('strong').textContent())!
    await option.click()
    await page.getByRole('button', { name: 'Give the card' }).click()
    await expect.poll(() => page.getByTestId('assigned-to').textContent()).toContain(ownerName)
    await page.screenshot({ path: screenshotPath('enroll.png') })

    // The console agrees: on the Cards screen the card belongs to that user.
    await page.getByRole('button', { name: 'Cards', exact: true }).click()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByRole('searchbox', { name: 'Filter cards' }).fill(cardId)
    await expect.poll(() => page.locator('[data-testid=card-rows] [role=row]').count(), { timeout: 20_000 }).toBe(1)
    const row = await page.locator('[data-testid=card-rows] [role=row]').first().textContent()
    expect(row).toContain(ownerName)
    expect(browser.errors).toEqual([])
  })

  it('offers "retry with reset" for a card enrolled at another site, and the reset run enrolls it', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'Enroll', exact: true }).click()
    const status = page.getByTestId('enroll-status')
    const provisioned = '04BADC0DE00001'
    await control('/cards/provisioned', { nfc_id: provisioned })

    await page.getByRole('button', { name: /^(Start|Enroll next)/ }).click()
    await expect.poll(() => status.getAttribute('data-state')).toBe('waiting')
    await control('/taps', { device_id: deviceId, nfc_id: provisioned })
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('failed')
    const offer = page.getByTestId('offer-reset')
    await offer.waitFor()
    expect(await offer.textContent()).toMatch(/stop working at the other site/)
    expect(await status.getByRole('alert').textContent()).toContain('This card is enrolled at another site.')

    await offer.getByRole('button', { name: 'Retry with reset' }).click()
    await expect.poll(() => status.getAttribute('data-state')).toBe('waiting')
    expect(await status.textContent()).toMatch(/will be reset/)
    await control('/taps', { device_id: deviceId, nfc_id: provisioned })
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('done')
    expect(await status.textContent()).toMatch(/reset from its previous site/)
    expect(await page.getByTestId('offer-reset').count()).toBe(0)
    expect(browser.errors).toEqual([])
  })

  it('"enroll next" starts on the same reader with one key, and Esc cancels', async () => {
    const { page } = browser
    const status = page.getByTestId('enroll-status')
    await page.getByRole('button', { name: /Enroll next/ }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => status.getAttribute('data-state')).toBe('waiting')
    expect(await page.getByRole('radio', { checked: true }).getAttribute('value')).toBe(deviceId)
    await page.keyboard.press('Escape')
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('cancelled')
    // The session is gone on the console: a tap now finds no waiting session.
    const answer = await request(demo.url, demo.ca, 'POST', '/__demo/taps', {
      body: { device_id: deviceId, nfc_id: '04AAAAAAAAAAAA' },
      token: demo.token
    })
    expect(answer.status).toBe(404)
    expect(browser.errors).toEqual([])
  })
})
