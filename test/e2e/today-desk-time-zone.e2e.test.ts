import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { openDemoApp } from '../support/chromium'

/** The local day in `zone` that holds `at` (ms), as [its first second, its first second of the next day] in unix s. */
function dayIn(zone: string, at: number): { start: number; next: number } {
  const parts = (t: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric'
      })
        .formatToParts(t)
        .map((x) => [x.type, Number(x.value)])
    )
    return p as Record<string, number>
  }
  const p = parts(at)
  const midnight = (y: number, m: number, d: number) => {
    const guess = Date.UTC(y, m - 1, d)
    const q = parts(guess)
    const offset = Date.UTC(q['year']!, q['month']! - 1, q['day']!, q['hour']!, q['minute']!, q['second']!) - guess
    return (guess - offset) / 1000
  }
  return { start: midnight(p['year']!, p['month']!, p['day']!), next: midnight(p['year']!, p['month']!, p['day']! + 1) }
}

/**
 * Web mode's service runs in one time zone (here the machine's, UTC) and the reception's browser in another
 * (Auckland, 11 to 13 hours ahead): Today lists the visitors of the desk's day, as the screen says — not the
 * service's. Before, the Auckland desk was shown the service's day: a visit of its tomorrow under Expected,
 * and a visit of its own morning left out.
 */
describe('Today in the desk’s time zone when web mode’s service is in another (Chromium in Auckland)', () => {
  let job: Job
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    job = await startJob()
    const doors = await job.desk('sites', 'doors')
    const zone = 'Pacific/Auckland'
    const nz = dayIn(zone, Date.now())
    const utc = dayIn('UTC', Date.now())
    const resources = [{ id: doors.items[0].id, type: 'door' }]
    const book = (first: string, last: string, start: number, end: number) =>
      job.api('POST', '/visitors', {
        first_name: first,
        last_name: last,
        visit_reason: 'Business',
        start_time: start,
        end_time: end,
        resources
      })
    // One visit on Auckland's day but on no day the service (UTC) calls today, one the other way round.
    const onlyNz = nz.start + 60 < utc.start ? [nz.start + 60, Math.min(nz.start + 3600, utc.start - 60)] : null
    const onlyUtc = utc.next - 1 > nz.next + 60 ? [nz.next + 60, Math.min(nz.next + 3600, utc.next - 60)] : null
    const onlyUtcBefore = utc.start < nz.start ? [utc.start + 1, nz.start - 60] : null
    if (onlyNz) expect((await book('Kauri', 'Deskday', onlyNz[0]!, onlyNz[1]!)).status).toBe(200)
    const other = onlyUtc ?? onlyUtcBefore
    expect(other, 'a moment on the service’s day and not on the desk’s').not.toBeNull()
    expect((await book('Rata', 'Otherday', other![0]!, other![1]!)).status).toBe(200)
    context = await job.browser.context
      .browser()!
      .newContext({ viewport: { width: 1366, height: 768 }, timezoneId: zone })
    page = await context.newPage()
    await openDemoApp(page, job.web.info.url)
  }, 120_000)
  afterAll(async () => {
    await context?.close()
    await job?.close()
  })

  it('lists the visitors of the desk’s day, not of the service’s', async () => {
    await page.getByRole('navigation').locator('button[data-screen="today"]').click()
    await page.getByTestId('today-row').first().waitFor()
    const names = async () => (await page.getByTestId('today-row').allInnerTexts()).join('\n')
    await expect.poll(names).not.toContain('Rata Otherday')
    const nz = dayIn('Pacific/Auckland', Date.now())
    const utc = dayIn('UTC', Date.now())
    if (nz.start < utc.start) expect(await names()).toContain('Kauri Deskday')
  })
})
