import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface StoredVisitor {
  id: string
  status: string
  qr: unknown
}

/**
 * A visitor checks in at the kiosk while the desk has Today open (web mode, Chromium 1366×768, demo
 * console). The console keeps her ACTIVE — the developer API cannot set VISITING — so Today moves her
 * from Expected to Here by the desk's own check-in log (shared/today/groups.ts), at once, with when and
 * where. The kiosk's steps are the calls its page makes (find, badge, check in; the browser printed).
 */
describe('Today after a kiosk check-in', () => {
  let job: Job
  let visitorId = ''
  const name = 'Mere Hohaia'

  beforeAll(async () => {
    job = await startJob()
    const doors = await job.desk('sites', 'doors')
    const from = Math.floor(Date.now() / 1000) - 1800
    visitorId = (
      await job.desk('visitors', 'create', {
        first_name: 'Mere',
        last_name: 'Hohaia',
        visitor_company: 'Kōwhai Design',
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

  it('moves her from Expected to Here with “Checked in at the kiosk at …”, while the console still says ACTIVE', async () => {
    const { page } = job
    await job.open('Today')
    await rowIn('expected').waitFor()
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

    // At the kiosk: her full name, her visit, the badge the browser printed.
    const { found } = await job.desk('kiosk', 'find', { name })
    expect(found).toMatchObject({ kind: 'one', visit: { visitorId } })
    await job.desk('kiosk', 'badge', { visitorId })
    const checkin = await job.desk('kiosk', 'checkIn', { visitorId, browser: { handedToDialog: true } })
    // Handed to the browser's print dialog: recorded as such, not printed (the app cannot know).
    expect(checkin).toMatchObject({ visitorId, printed: false, output: 'browser-print' })

    // Today, without a reload: under Here, saying when and where.
    await rowIn('here').waitFor({ timeout: 10_000 })
    expect(await rowIn('expected').count()).toBe(0)
    expect((await rowIn('here').getByTestId('today-arrival').textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Checked in at the kiosk at \d{1,2}\D\d{2}/
    )
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: `${name}: Here` })
      .waitFor()
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

    // The console: she is still ACTIVE (the API cannot say she arrived), with the QR code the kiosk gave her.
    const held = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.id === visitorId)!
    expect(held.status).toBe('ACTIVE')
    expect(held.qr).not.toBeNull()
    // A fresh read of the list says the same: main groups her by its own check-in log.
    const view = await job.desk('today', 'list')
    expect(view.rows.find((r: { id: string }) => r.id === visitorId)).toMatchObject({
      status: 'ACTIVE',
      group: 'here',
      arrival: { at: checkin.at, where: 'kiosk' }
    })
    await job.expectAccessible('Today after a kiosk check-in')
  })
})
