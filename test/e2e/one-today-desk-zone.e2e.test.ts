import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { openDemoApp } from '../support/chromium'
import { bookVisitor } from '../support/book-visitor'
import { startWebMode, type Started, type WebModeInfo } from '../support/processes'

/** The local day in `zone` that holds `at` (ms): its first second and the next day's first second (unix s). */
function dayIn(zone: string, at: number): { start: number; next: number } {
  const wall = (t: number) => {
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
    ) as Record<string, number>
    return p
  }
  // The zones used here keep one offset all year: midnight is the UTC date less that offset.
  const p = wall(at)
  const offset = Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!) - at
  const midnight = (Date.UTC(p['year']!, p['month']! - 1, p['day']!) - offset) / 1000
  return { start: Math.round(midnight), next: Math.round(midnight) + 86_400 }
}

const SERVICE_ZONE = 'UTC'
/**
 * A desk zone whose date is not UTC's now, whatever the hour the test runs: Pago Pago (UTC−11, no DST) is
 * still on yesterday until 11:00 UTC, Kiritimati (UTC+14, no DST) is on tomorrow from 10:00 UTC.
 */
const DESK_ZONE = new Date().getUTCHours() < 11 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati'

/**
 * One "today" across the desk's screens: web mode's service runs in UTC and the reception's browser in a
 * zone whose date is another. A visit of the desk's day only is on Today, found at the kiosk and its
 * arrival counted on Visitors; a visit of the service's day only is on none of them. Before, only Today
 * followed the desk: the kiosk and Visitors' arrivals went by the service's day.
 */
describe('Today, the kiosk and Visitors’ arrivals on the desk’s day (service in UTC, browser elsewhere)', () => {
  let job: Job
  let web: Started<WebModeInfo> | undefined
  let context: BrowserContext
  let page: Page
  const ids: Record<'desk' | 'service', string> = { desk: '', service: '' }
  /** Which of the two visits is over already (the other is still to come): its check-in is in the log. */
  let pastOne: 'desk' | 'service' = 'desk'

  beforeAll(async () => {
    job = await startJob({ serviceTimeZone: SERVICE_ZONE })
    const now = Date.now()
    const desk = dayIn(DESK_ZONE, now)
    const utc = dayIn(SERVICE_ZONE, now)
    expect(desk.start, 'the desk’s date is not the service’s').not.toBe(utc.start)
    // The desk behind UTC: its day began before the service's, so its own part of it is over; ahead, to come.
    const behind = desk.start < utc.start
    const deskOnly = behind
      ? { start: desk.start + 60, end: utc.start - 60 }
      : { start: utc.next + 60, end: desk.next - 60 }
    const serviceOnly = behind
      ? { start: desk.next + 60, end: utc.next - 60 }
      : { start: utc.start + 60, end: desk.start - 60 }
    pastOne = behind ? 'desk' : 'service'
    await bookVisitor(job, { first_name: 'Talaveda', last_name: 'Deskday' }, deskOnly)
    await bookVisitor(job, { first_name: 'Ruamoko', last_name: 'Serviceday' }, serviceOnly)
    const held = (await job.state('visitors')) as { id: string; first_name: string }[]
    ids.desk = held.find((v) => v.first_name === 'Talaveda')!.id
    ids.service = held.find((v) => v.first_name === 'Ruamoko')!.id

    // The visit that is over checked in at the kiosk during its window: a check-in of an earlier hour than
    // the test can make. The log is written while web mode is stopped, then web mode starts again (UTC).
    await job.web.stop()
    const past = pastOne === 'desk' ? deskOnly : serviceOnly
    const file = join(job.dataDir, 'kiosk', 'checkins.json')
    const kept = await readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as { entries: unknown[] })
      .catch(() => ({ entries: [] as unknown[] }))
    await mkdir(join(job.dataDir, 'kiosk'), { recursive: true })
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        entries: [
          ...kept.entries,
          {
            id: 'checked-in-earlier',
            at: new Date((past.start + 120) * 1000).toISOString(),
            visitorId: ids[pastOne],
            name: pastOne === 'desk' ? 'Talaveda Deskday' : 'Ruamoko Serviceday',
            company: '',
            host: '',
            printed: false,
            output: 'browser-print',
            offline: false
          }
        ]
      })
    )
    web = await startWebMode(job.dataDir, { timeZone: SERVICE_ZONE })
    context = await job.browser.context
      .browser()!
      .newContext({ viewport: { width: 1366, height: 768 }, timezoneId: DESK_ZONE })
    page = await context.newPage()
    await openDemoApp(page, web.info.url)
  }, 180_000)
  afterAll(async () => {
    await context?.close()
    await web?.stop()
    await job?.close()
  })

  const open = (screen: string) => page.getByRole('navigation').locator(`button[data-screen="${screen}"]`).click()

  it('Today lists the visit of the desk’s day and not the one of the service’s', async () => {
    await open('today')
    await page.getByTestId('today-row').first().waitFor()
    const names = async () => (await page.getByTestId('today-row').allInnerTexts()).join('\n')
    await expect.poll(names).toContain('Talaveda Deskday')
    expect(await names()).not.toContain('Ruamoko Serviceday')
  })

  it('Visitors counts the arrival of the desk’s day, not one of the service’s day', async () => {
    await open('visitors')
    const search = page.getByRole('search').getByRole('searchbox')
    const rowOf = async (first: string) => {
      await search.fill(first)
      await search.press('Enter')
      const row = page.getByTestId('visitors-table').locator('tbody tr').filter({ hasText: first })
      await row.waitFor()
      await expect.poll(() => page.getByTestId('visitors-table').locator('tbody tr').count()).toBe(1)
      return row
    }
    if (pastOne === 'desk') {
      // Checked in this morning by the desk's clock, yesterday by the service's: here today.
      const row = await rowOf('Talaveda')
      await expect.poll(() => row.getByTestId('visitor-arrival').count()).toBe(1)
      expect(await row.getByTestId('visitor-arrival').textContent()).toMatch(/Checked in at the kiosk at/)
    } else {
      // Checked in earlier today by the service's clock, yesterday by the desk's: not an arrival of today.
      const row = await rowOf('Ruamoko')
      expect(await row.textContent()).toContain('Ruamoko Serviceday')
      expect(await row.getByTestId('visitor-arrival').count()).toBe(0)
    }
  })

  it('the kiosk finds the visit of the desk’s day and not the one of the service’s', async () => {
    await page.evaluate(async () => {
      const bridge = window.api as unknown as { kiosk: { saveSettings(i: unknown): Promise<{ ok: boolean }> } }
      const saved = await bridge.kiosk.saveSettings({
        idleSeconds: 120,
        directions: '',
        deskName: 'the reception desk',
        pin: '582046'
      })
      if (!saved.ok) throw new Error('kiosk settings not saved')
    })
    await open('settings')
    await page.getByTestId('kiosk-settings').getByRole('button', { name: 'Start kiosk mode' }).click()
    await page.waitForURL(/\/kiosk$/)
    const lookUp = async (name: string) => {
      await page.getByRole('heading', { name: 'Welcome' }).waitFor()
      await page.getByRole('button', { name: 'Check in' }).click()
      await page.getByLabel('Your first and last name').fill(name)
      await page.getByLabel('Your first and last name').press('Enter')
      const heading = page.getByRole('heading', {
        name: /Is this your visit\?|Your visit cannot be checked in now|We could not find your visit/
      })
      await heading.waitFor()
      const said = (await heading.textContent()) ?? ''
      await page.getByRole('button', { name: /Back to start|No, this is not me/ }).click()
      return said
    }
    // Found: offered to check in, or told why not now (over, or too early) — never "not found".
    expect(await lookUp('Talaveda Deskday')).not.toBe('We could not find your visit')
    expect(await lookUp('Ruamoko Serviceday')).toBe('We could not find your visit')
  })
})
