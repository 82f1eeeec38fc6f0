import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface StoredVisitor {
  first_name: string
  last_name: string
  start_time: number
  end_time: number
}

/**
 * A walk-in added outside the business day (here past midnight) gets one hour (components/visitors/walk-in.ts, the rule the
 * guide states): the form's default window, as the console holds it once created. The desk's clock is
 * set to 00:22 tomorrow (its own time zone), so the window lies ahead of the console's real clock.
 */
describe('Today: a walk-in after hours, past midnight', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.close()
  })

  it('is created from now (the last 5 minutes) until an hour from now, not until 18:00, as the console holds it', async () => {
    const { page } = job
    // Tomorrow at 00:22:12 (past midnight, before the business day starts) and the window the rule gives then, in the tab's own time zone.
    const at = await page.evaluate(() => {
      const d = new Date()
      const local = (h: number, m: number, s: number) =>
        new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, h, m, s).getTime()
      return { now: local(0, 22, 12), start: local(0, 20, 0) / 1000, end: local(1, 22, 0) / 1000 }
    })
    await page.clock.setFixedTime(at.now)

    await job.open('Today')
    await page.getByTestId('today-list').waitFor()
    await page.getByRole('button', { name: /^Add walk-in…/ }).click()
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.waitFor()
    await form.getByLabel('First name').fill('Night')
    await form.getByLabel('Last name').fill('Courier')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    const doors = form.getByTestId('resource-picker').getByRole('checkbox')
    if (!(await doors.first().isChecked())) await doors.first().check()
    await form.getByRole('button', { name: 'Create visitor' }).click()
    await page.getByTestId('walk-in-added').waitFor({ timeout: 15_000 })

    const held = ((await job.state('visitors')) as StoredVisitor[]).filter(
      (v) => v.first_name === 'Night' && v.last_name === 'Courier'
    )
    expect(held.map((v) => [v.start_time, v.end_time])).toEqual([[at.start, at.end]])
    await job.expectAccessible('Today after a walk-in after hours')
  }, 90_000)
})
