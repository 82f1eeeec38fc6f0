import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoSites, type DemoSite } from '../../src/demo-console/sites'
import { request } from '../unit/demo-console/support'
import { startJob, type Job } from '../support/job'
import { tempDir } from '../support/temp'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows read loosely, asserted field by field
type Loose = any

/**
 * A desk with two consoles (web mode, Chromium, the built-in demo console and a demo site saved
 * beside it). The site is seeded as the built-in console is, so its visitors have the same ids: the
 * case where one console's kiosk check-ins and printed badges, kept on this computer, once showed on
 * the other's Today (as Here, as Printed). What the desk keeps is kept with its console
 * (storage/durable-list.ts): on the second console Today shows none of it, and back on the first all.
 */
describe('Today on a second console', () => {
  let job: Job
  let data: Awaited<ReturnType<typeof tempDir>>
  let site: DemoSite
  let home = ''
  let other = ''
  let arrived: Loose
  let printed: Loose

  /** Another console made active, as the desk does, without a reload; Badges then Today opened on it. */
  const select = async (id: string, name: string) => {
    await job.desk('connections', 'select', { id })
    await job.page.getByTestId('active-connection').filter({ hasText: name }).waitFor()
    await job.open('Badges')
    await job.page.locator('[data-testid=badge-history], [data-testid=history-empty]').first().waitFor()
  }
  const openToday = async () => {
    await job.open('Today')
    await job.page.getByTestId('today-row').first().waitFor()
    await job.page.getByTestId('kiosk-checkins').waitFor()
  }
  /** The second console's stored visitors (its control API). */
  const secondVisitors = async (): Promise<Loose[]> =>
    (
      await request(site.url, site.certificatePem, 'GET', '/__demo/state/visitors', {
        token: site.tokens.full
      })
    ).body.data
  const rowOf = (visitor: Loose) => job.page.locator(`[data-testid=today-row][data-id="${visitor.id}"]`)

  beforeAll(async () => {
    data = await tempDir('today-other-console-')
    let sites: DemoSite[]
    ;[job, sites] = await Promise.all([startJob(), startDemoSites({ dataDir: data.path, sites: 1 })])
    site = sites[0]!
    home = (await job.desk('connections', 'list')).activeId
    other = (
      await job.desk('connections', 'save', {
        name: site.name,
        url: site.url,
        token: site.tokens.full,
        fingerprint256: site.fingerprint256
      })
    ).id
  }, 120_000)
  afterAll(async () => {
    await job?.close()
    await site?.close()
    await data?.remove()
  })

  it("shows none of the first console's kiosk check-ins or printed badges, and all of them back on the first", async () => {
    // On the first console: a visitor checks in at the kiosk (the browser printed her badge), and the
    // desk prints another visitor's badge.
    const expected = (await job.desk('today', 'list')).rows.filter(
      (r: Loose) => r.group === 'expected' && r.status === 'ACTIVE' && r.doors.length > 0 && !r.badgePrinted
    )
    expect(expected.length).toBeGreaterThanOrEqual(2)
    ;[arrived, printed] = expected
    // The kiosk checks a visit in from an hour before its start: hers begins now on this console, whatever
    // the hour the test runs (the seeded visits begin in the morning; her copy on the second stays as seeded).
    const now = Math.floor(Date.now() / 1000)
    const moved = await job.api('PUT', `/visitors/${arrived.id}`, {
      start_time: now - 600,
      end_time: now + 3 * 3600
    })
    expect(moved.status).toBe(200)
    const secondBefore = await secondVisitors()
    await job.desk('kiosk', 'badge', { visitorId: arrived.id })
    await job.desk('kiosk', 'checkIn', { visitorId: arrived.id, browser: { handedToDialog: true } })
    await job.desk('badges', 'record', {
      job: {
        visitorId: printed.id,
        name: printed.name,
        company: printed.company,
        host: printed.host,
        validFrom: printed.start,
        validTo: printed.end,
        stock: 'dk-11202'
      },
      output: 'browser-pdf'
    })
    const onFirst = (await job.desk('today', 'list')).rows
    expect(onFirst.find((r: Loose) => r.id === arrived.id)).toMatchObject({ group: 'here', badgePrinted: true })
    expect(onFirst.find((r: Loose) => r.id === printed.id)).toMatchObject({ badgePrinted: true })

    // What the desk shows on the first console: her check-in in Today's kiosk list, both prints in Badges.
    await job.open('Badges')
    await job.page.getByTestId('badge-history').filter({ hasText: printed.name }).waitFor()
    await openToday()
    await job.page.getByTestId('kiosk-checkins').filter({ hasText: arrived.name }).waitFor()

    // The second console holds visitors of the same ids, neither checked in nor printed there.
    await select(other, site.name)
    expect(await job.page.getByTestId('badge-history').count()).toBe(0)
    await job.page.getByTestId('history-empty').waitFor()
    await openToday()
    const onSecond = (await job.desk('today', 'list')).rows
    expect(onSecond.find((r: Loose) => r.id === arrived.id)).toMatchObject({
      group: 'expected',
      arrival: null,
      badgePrinted: false
    })
    expect(onSecond.find((r: Loose) => r.id === printed.id)).toMatchObject({ badgePrinted: false })
    expect(await job.desk('kiosk', 'checkins', { limit: 1000 })).toEqual({ items: [] })
    expect(await job.desk('badges', 'history', { limit: 1000 })).toEqual({ items: [] })
    // The screen says the same: her row under Expected, no arrival, no badge printed.
    const page = job.page
    await expect.poll(() => rowOf(arrived).count()).toBe(1)
    expect(await page.getByTestId('today-group-here').locator(`[data-id="${arrived.id}"]`).count()).toBe(0)
    expect(await rowOf(arrived).getByTestId('today-arrival').count()).toBe(0)
    const notPrinted = await rowOf(printed).getByTestId('badge-printed').textContent()
    expect(notPrinted).not.toMatch(/Printed/)
    expect(await page.getByTestId('kiosk-checkins').textContent()).not.toContain(arrived.name)
    // The consoles' own state: the kiosk gave her a QR code on the first console; the second is untouched.
    const firstState = (await job.state('visitors')).find((v: Loose) => v.id === arrived.id)
    expect(firstState.qr).not.toBeNull()
    expect(await secondVisitors()).toEqual(secondBefore)
    await job.expectAccessible('Today on a second console')

    // Back on the first console: her arrival and both badges, as they were.
    await select(home, 'Demo console')
    await job.page.getByTestId('badge-history').filter({ hasText: printed.name }).waitFor()
    await openToday()
    await job.page.getByTestId('kiosk-checkins').filter({ hasText: arrived.name }).waitFor()
    const again = (await job.desk('today', 'list')).rows
    expect(again.find((r: Loose) => r.id === arrived.id)).toMatchObject({ group: 'here', badgePrinted: true })
    expect(again.find((r: Loose) => r.id === printed.id)).toMatchObject({ badgePrinted: true })
    await page.getByTestId('today-group-here').locator(`[data-id="${arrived.id}"]`).waitFor()
  })
})
