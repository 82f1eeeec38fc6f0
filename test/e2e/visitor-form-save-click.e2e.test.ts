import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/** "2026-12-01T09:00" some days ahead, in the browser's (the desk's) local time. */
function localInput(daysAhead: number, hour: number): string {
  const d = new Date(Date.now() + daysAhead * 86400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`
}

/**
 * The Visitors form with real layout (Chromium): a weekly-schedule time typed as "12:00" is refused while
 * typed and tidied to 12:00:00 when the field is left — by the press on Create itself. The messages
 * that go then must not move the button from under the pointer: the first click creates the visitor.
 * The visitor is then found by the one name matcher on Visitors and Badges ("zoe", "martin zoe").
 */
describe('Visitors form: the first click on Create after correcting a schedule time', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.close()
  })

  it('creates the visitor on the first click, and the name searches find Zoë by “zoe”', async () => {
    const { page } = job
    // A screen tall enough for the whole form: nothing scrolls, so a message that goes above the button
    // moves it (scrolled to the bottom, the browser's scroll would hide the move).
    await page.setViewportSize({ width: 1366, height: 2400 })
    await job.open('Visitors')
    await page.getByRole('button', { name: 'New visitor…' }).click()
    const form = page.getByTestId('visitor-form')
    await form.getByLabel('First name').fill('Zoë')
    await form.getByLabel('Last name').fill('Martin')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    await form.getByLabel('Valid from').fill(localInput(2, 8))
    await form.getByLabel('Valid until').fill(localInput(9, 18))
    await form.getByLabel('Recurring visit').check()
    const schedule = form.getByTestId('schedule-editor')
    await schedule.getByRole('button', { name: 'Add range on Saturday' }).click()
    await schedule.getByLabel('Saturday range 1 from').fill('10:00:00')
    // A door, so that no question comes between the click and the create.
    await form
      .getByTestId('resource-picker')
      .getByLabel(/Front Door/)
      .check()
    // Typed, not yet tidied: refused at the field as typed.
    await schedule.getByLabel('Saturday range 1 to').fill('12:00')
    await expect.poll(() => schedule.locator('.field-error').count()).toBeGreaterThan(0)

    // One click: the press leaves the field (tidied to 12:00:00, the message goes), the release creates.
    // The button stays where the press found it: the release lands on it.
    const create = form.getByRole('button', { name: 'Create visitor' })
    await create.scrollIntoViewIfNeeded()
    const before = (await create.boundingBox())!
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2)
    await page.mouse.down()
    await expect.poll(() => schedule.getByLabel('Saturday range 1 to').inputValue()).toBe('12:00:00')
    expect(await create.boundingBox()).toEqual(before)
    await page.mouse.up()
    const details = page.getByTestId('visitor-details')
    await details.waitFor({ timeout: 10_000 })
    const held = (
      (await job.state('visitors')) as { first_name: string; last_name: string; schedule: unknown }[]
    ).filter((v) => v.first_name === 'Zoë' && v.last_name === 'Martin')
    expect(held).toHaveLength(1)
    expect(JSON.stringify(held[0]!.schedule)).toContain('12:00')

    // Found by the one matcher: accents, case and the order of the names ignored.
    const search = page.getByRole('search').getByRole('searchbox')
    await search.fill('zoe')
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await expect
      .poll(() => page.getByTestId('visitors-table').getByRole('button', { name: 'Zoë Martin' }).count())
      .toBe(1)
    await job.open('Badges')
    const badges = page.getByRole('search')
    await badges.getByLabel('Visitor').fill('martin zoe')
    await badges.getByRole('button', { name: 'Find visitor' }).click()
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'Visitors found' })
          .getByRole('button', { name: /^Zoë Martin/ })
          .count()
      )
      .toBe(1)
  })
})
