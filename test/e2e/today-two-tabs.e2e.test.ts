import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'

/**
 * Two tabs of the same web mode address (web mode, Chromium 1366×768, demo console). A walk found tab
 * B going from Today to Visitors stopped tab A's live updates for good: "Connecting to the console…",
 * "List read at" frozen, a visit cancelled meanwhile still on the list. Each tab's Today watches under
 * its own name; one tab leaving stops nothing in another.
 */
describe('Today stays live in one tab while another tab leaves Today', () => {
  let job: Job
  let tabB: Page
  let visitorId = ''
  const name = 'Rangi Parata'

  beforeAll(async () => {
    job = await startJob()
    const doors = await job.desk('sites', 'doors')
    const from = Math.floor(Date.now() / 1000) - 1800
    visitorId = (
      await job.desk('visitors', 'create', {
        first_name: 'Rangi',
        last_name: 'Parata',
        visit_reason: 'Business',
        start_time: from,
        end_time: from + 6 * 3600,
        week_schedule: null,
        resources: [{ id: doors.items[0].id, type: 'door' }]
      })
    ).id
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const rowIn = (group: string) =>
    job.page.getByTestId(`today-group-${group}`).getByTestId('today-row').filter({ hasText: name })

  it('tab A keeps reading the list and shows a visit the console cancelled after tab B opened Visitors', async () => {
    const tabA = job.page
    await job.open('Today')
    await rowIn('expected').waitFor()
    const live = tabA.getByTestId('today-source')
    await live.filter({ hasText: /Console notifications/ }).waitFor()

    // Tab B: the same address; it opens on Today (a later launch), then goes to Visitors and Badges.
    tabB = await job.browser.context.newPage()
    await tabB.goto(job.web.info.url)
    await tabB
      .getByTestId('today-source')
      .filter({ hasText: /Console notifications/ })
      .waitFor()
    for (const screen of ['Visitors', 'Badges']) {
      await tabB.getByRole('navigation').getByRole('button', { name: screen, exact: true }).click()
      await tabB.getByRole('heading', { level: 1, name: screen }).waitFor()
    }
    await tabB.close()

    // Tab A still follows the console: no "Connecting…", and the list is read again after tab B left.
    const readAt = await tabA.getByTestId('today-read-at').textContent()
    await tabA.waitForFunction(
      (before) => document.querySelector('[data-testid="today-read-at"]')?.textContent !== before,
      readAt,
      { timeout: 40_000 }
    )
    expect(await live.textContent()).not.toMatch(/Connecting to the console/)

    // A cancel made at the console (not through this desk) reaches tab A without a reload.
    const cancel = await job.api('DELETE', `/visitors/${visitorId}`)
    expect(cancel.status).toBe(200)
    const held = ((await job.state('visitors')) as { id: string; status: string }[]).find((v) => v.id === visitorId)!
    expect(held.status).toBe('CANCELLED')
    await rowIn('cancelled').waitFor({ timeout: 40_000 })
    expect(await rowIn('expected').count()).toBe(0)
  })
})
