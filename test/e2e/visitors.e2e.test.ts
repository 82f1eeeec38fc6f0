import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'

/** "2026-12-01T09:00" some days ahead, in the browser's (the desk's) local time. */
function localInput(daysAhead: number, hour: number): string {
  const d = new Date(Date.now() + daysAhead * 86400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`
}

describe('Visitors in Chromium (web mode, demo console)', () => {
  let web: Started<{ url: string }>
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    web = await startWebMode(data.path)
    browser = await launchChromium()
    const { page } = browser
    await openDemoApp(page, web.info.url)
    await page.getByRole('button', { name: 'Visitors', exact: true }).click()
    await page.getByTestId('visitors-table').waitFor()
  })
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await data?.remove()
  })

  it('creates a visitor with a weekly schedule and door groups, and edits it', async () => {
    const { page } = browser
    await page.getByRole('button', { name: 'New visitor…' }).click()
    const form = page.getByTestId('visitor-form')
    await form.getByLabel('First name').fill('Mia')
    await form.getByLabel('Last name').fill('Ortiz')
    await form.getByLabel('Company').fill('Acme Robotics')
    await form.getByLabel('Phone').fill('+44 20 7946 0000')
    await form.getByLabel('Email').fill('mia@example.com')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    await form.getByLabel('Valid from').fill(localInput(2, 8))
    await form.getByLabel('Valid until').fill(localInput(9, 18))

    // Weekly schedule (a new visitor is not recurring until ticked): business hours, plus a Saturday morning.
    await form.getByLabel('Recurring visit').check()
    const schedule = form.getByTestId('schedule-editor')
    await schedule.getByRole('button', { name: /Business hours/ }).click()
    await schedule.getByRole('button', { name: 'Add range on Saturday' }).click()
    await schedule.getByLabel('Saturday range 1 from').fill('10:00')
    await schedule.getByLabel('Saturday range 1 to').fill('12:00:00')
    await schedule.getByLabel('Saturday range 1 to').blur()

    // Doors: a custom door group and one single door.
    const picker = form.getByTestId('resource-picker')
    const group = picker.locator('label', { hasText: 'doors)' }).filter({ hasNotText: 'all doors' }).first()
    await group.waitFor()
    const groupName = (await group.textContent())!.replace(/\(.*\)/, '').trim()
    await group.getByRole('checkbox').check()
    await picker.getByLabel(/Front Door/).check()

    await form.getByRole('button', { name: 'Create visitor' }).click()
    const details = page.getByTestId('visitor-details')
    await details.waitFor()
    expect(await details.locator('#visitor-title').textContent()).toBe('Mia Ortiz')
    const scheduleText = await details.getByTestId('visitor-schedule').textContent()
    expect(scheduleText).toContain('Monday: 09:00–17:00')
    expect(scheduleText).toContain('Saturday: 10:00–12:00')
    expect(scheduleText).not.toContain('Sunday')
    expect(await details.getByTestId('visitor-resources').textContent()).toContain(groupName)
    expect(browser.sentChannels.filter((c) => c === 'visitors.create')).toHaveLength(1)

    // Edit: an end before the start is explained at the field and nothing is sent.
    await details.getByRole('button', { name: 'Edit…' }).click()
    const edit = page.getByTestId('visitor-form')
    await edit.getByLabel('Company').fill('Acme Robotics Ltd')
    await edit.getByLabel('Valid until').fill(localInput(1, 7))
    await edit.getByRole('button', { name: 'Save changes' }).click()
    const endError = edit.getByTestId('end-time-error')
    await endError.waitFor()
    expect(await endError.textContent()).toBe('The visit must end after it starts.')
    expect(await edit.getByLabel('Valid until').getAttribute('aria-invalid')).toBe('true')
    // The invalid field has the focus, for the keyboard.
    expect(await edit.getByLabel('Valid until').evaluate((el) => el === document.activeElement)).toBe(true)
    expect(browser.sentChannels.filter((c) => c === 'visitors.update')).toHaveLength(0)

    await edit.getByLabel('Valid until').fill(localInput(10, 18))
    await endError.waitFor({ state: 'detached' })
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await details.waitFor()
    await expect.poll(() => details.textContent()).toContain('Acme Robotics Ltd')
    expect(browser.sentChannels.filter((c) => c === 'visitors.update')).toHaveLength(1)
    // The schedule survived the edit.
    expect(await details.getByTestId('visitor-schedule').textContent()).toContain('Saturday: 10:00–12:00')

    // Read back from the console through a search.
    await page.getByLabel('Name', { exact: true }).fill('Mia')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => page.getByTestId('visitors-table').textContent()).toContain('Acme Robotics Ltd')

    await page.screenshot({ path: 'docs/screens/visitors.png', fullPage: true })
    expect(browser.errors).toEqual([])
  })
})
