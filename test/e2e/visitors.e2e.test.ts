import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, openDemoApp } from '../support/chromium'
import { startWebMode, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { startJob, type Job } from '../support/job'
import { screenshotPath } from '../support/screenshots'

/** "2026-12-01T09:00" some days ahead, in the browser's (the desk's) local time. */
function localInput(daysAhead: number, hour: number): string {
  const d = new Date(Date.now() + daysAhead * 86400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`
}

/** Text with Intl's narrow and thin spaces (around "AM", a range's dash) as plain spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/[\u202f\u2009\u00a0]/g, ' ').trim()

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
    // One clock on the details (formats.ts, test/unit/format/one-clock.test.ts): the English desk writes the
    // visit window and the weekly schedule beside it both in 12-hour, never "8:00 AM" beside "07:00–18:00".
    const windowText = spaced(await details.getByTestId('visitor-window').textContent())
    expect(windowText).toMatch(/, 8:00 AM – .*, 6:00 PM$/)
    const scheduleText = spaced(await details.getByTestId('visitor-schedule').textContent())
    expect(scheduleText).toContain('Monday: 7:00 AM – 6:00 PM')
    expect(scheduleText).toContain('Saturday: 10:00 AM – 12:00 PM')
    expect(scheduleText).not.toMatch(/\b\d\d:\d\d–/)
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
    expect(spaced(await details.getByTestId('visitor-schedule').textContent())).toContain(
      'Saturday: 10:00 AM – 12:00 PM'
    )

    // Read back from the console through a search.
    await page.getByLabel('Name', { exact: true }).fill('Mia')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => page.getByTestId('visitors-table').textContent()).toContain('Acme Robotics Ltd')

    await page.screenshot({ path: screenshotPath('visitors.png'), fullPage: true })
    expect(browser.errors).toEqual([])
  })
})

/**
 * An edit while another desk writes the same visitor (the console's own API): the console's record
 * afterwards. The Remarks edit that once wiped a phone written meanwhile now sends the remarks only;
 * the same field changed on both sides is shown with both values, nothing sent until chosen.
 */
describe('Visitors: an edit sends only what changed (Chromium, web mode, demo console)', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.close()
  })

  it('keeps a phone written meanwhile, and asks which remarks to keep when both sides changed them', async () => {
    const { page } = job
    const start = Math.floor(Date.now() / 1000) + 3600
    const site = (await job.state('site')) as { groups: { id: string; hidden?: boolean }[] }
    const group = site.groups.find((g) => !g.hidden)!
    const created = await job.api('POST', '/visitors', {
      resources: [{ id: group.id, type: 'door_group' }],
      first_name: 'Noor',
      last_name: 'Haddad',
      visit_reason: 'Business',
      remarks: 'Wheelchair access',
      start_time: start,
      end_time: start + 7200
    })
    const id = (created.body as { data: { id: string } }).data.id
    const record = async () => ((await job.state('visitors')) as { id: string }[]).find((v) => v.id === id)!

    await job.open('Visitors')
    await page.getByLabel('Name', { exact: true }).fill('Noor')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('button', { name: 'Noor Haddad' }).click()
    const details = page.getByTestId('visitor-details')
    // The remarks are on the details (they were shown nowhere before).
    await expect.poll(() => details.getByTestId('visitor-remarks').textContent()).toBe('Wheelchair access')

    // Another desk adds the phone while this form is open; this desk changes only the remarks.
    await details.getByRole('button', { name: 'Edit…' }).click()
    const form = page.getByTestId('visitor-form')
    await job.api('PUT', `/visitors/${id}`, { mobile_phone: '+44 20 7946 0123' })
    await form.getByLabel('Remarks').fill('Wheelchair access, parking B')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect.poll(() => details.getByTestId('visitor-remarks').textContent()).toBe('Wheelchair access, parking B')
    expect(await record()).toMatchObject({ remarks: 'Wheelchair access, parking B', mobile_phone: '+44 20 7946 0123' })

    // Both sides change the remarks: the dialog shows both, the console keeps its value until a choice.
    await details.getByRole('button', { name: 'Edit…' }).click()
    await job.api('PUT', `/visitors/${id}`, { remarks: 'Escort to floor 3' })
    await form.getByLabel('Remarks').fill('Badge at the desk')
    await form.getByRole('button', { name: 'Save changes' }).click()
    const dialog = page.getByTestId('edit-conflicts')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Escort to floor 3')
    expect(await dialog.textContent()).toContain('Badge at the desk')
    const first = dialog.getByRole('radio', { name: /Keep the console's/ })
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true)
    await job.expectAccessible('conflict dialog')
    expect(await record()).toMatchObject({ remarks: 'Escort to floor 3' })

    // By keyboard: the arrow picks "Use yours", Tab reaches the save button.
    await page.keyboard.press('ArrowDown')
    expect(await dialog.getByRole('radio', { name: /Use yours/ }).isChecked()).toBe(true)
    await page.keyboard.press('Tab') // Back to the form
    await page.keyboard.press('Tab')
    const save = dialog.getByRole('button', { name: 'Save with these choices' })
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => details.getByTestId('visitor-remarks').textContent()).toBe('Badge at the desk')
    expect(await record()).toMatchObject({ remarks: 'Badge at the desk', mobile_phone: '+44 20 7946 0123' })
    expect(job.browser.errors).toEqual([])
  })
})
