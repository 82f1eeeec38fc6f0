import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { bookVisitor } from '../support/book-visitor'
import { formats } from '../../src/shared/format/formats'
import { formatLocaleOf } from '../../src/shared/i18n/locales'

interface StoredVisitor {
  id: string
  first_name: string
  status: string
  qr: unknown
}

/**
 * A visitor checked in at the kiosk who searches again (web mode, Chromium, demo console) is told they are
 * checked in already, and when — never offered a second check-in. Before, the kiosk offered "Yes, print my
 * badge" again, and a second check-in (a second badge, a second arrival) was recorded.
 */
describe('the kiosk checks a visitor in once', () => {
  let job: Job
  let visitorId = ''
  const name = 'Hinewai Onceonly'

  beforeAll(async () => {
    job = await startJob()
    const from = Math.floor(Date.now() / 1000) - 1800
    await bookVisitor(job, { first_name: 'Hinewai', last_name: 'Onceonly' }, { start: from, end: from + 6 * 3600 })
    visitorId = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.first_name === 'Hinewai')!.id
    await job.desk('kiosk', 'saveSettings', {
      idleSeconds: 120,
      directions: '',
      deskName: 'the reception desk',
      pin: '582046'
    })
    await job.open('Settings')
    await job.page.getByTestId('kiosk-settings').getByRole('button', { name: 'Start kiosk mode' }).click()
    await job.page.waitForURL(/\/kiosk$/)
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const search = async () => {
    const { page } = job
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.getByLabel('Your first and last name').fill(name)
    await page.getByLabel('Your first and last name').press('Enter')
  }
  const kioskCheckIns = async () =>
    (
      (await job.desk('kiosk', 'checkins', { limit: 100 })).items as {
        visitorId: string
        at: string
        refusal?: unknown
      }[]
    ).filter((c) => c.visitorId === visitorId && !c.refusal)

  it('tells a visitor checked in already when they checked in, and sends no second check-in', async () => {
    const { page } = job
    await search()
    await page.getByRole('button', { name: 'Yes, print my badge' }).click()
    await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor()
    const [first] = await kioskCheckIns()
    expect(first).toBeDefined()
    await page.getByRole('button', { name: 'Done' }).click()

    // Again: told so, with the time written as the kiosk writes its times, and no "Yes, print my badge".
    await search()
    await page.getByRole('heading', { name: 'You are checked in already' }).waitFor()
    const [languages, zone] = await page.evaluate(() => [
      [...navigator.languages],
      Intl.DateTimeFormat().resolvedOptions().timeZone
    ])
    const time = formats(formatLocaleOf('en', languages as string[]), zone as string).timeOrWeekdayTime(
      Date.parse(first!.at)
    )
    expect(await page.getByTestId('kiosk-none').textContent()).toBe(
      `You checked in at ${time}. If you need another badge, please see the reception desk.`
    )
    expect(await page.getByRole('button', { name: 'Yes, print my badge' }).count()).toBe(0)

    // A second kiosk page that skips the search (its badge asked for straight away) is refused too.
    await expect(job.desk('kiosk', 'badge', { visitorId })).rejects.toThrow(/checked in already/)

    // The desk's record: one check-in, the first. The console's: still ACTIVE (the API cannot say she
    // arrived), with the one QR code the first check-in gave her.
    expect(await kioskCheckIns()).toEqual([first])
    const held = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.id === visitorId)!
    expect(held.status).toBe('ACTIVE')
    expect(held.qr).not.toBeNull()
  })
})
