import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { bookVisitor } from '../support/book-visitor'

interface StoredVisitor {
  id: string
  first_name: string
  status: string
  qr: unknown
}

/**
 * A fresh-eyes walk of the kiosk (web mode, Chromium, demo console): a name that found a visit is no miss
 * toward the hold on name searches; a booked visitor who types their name during the hold is told of it
 * (a countdown), never "no visit found", and Today's kiosk refusals hear why; 王伟 is shown as written; a
 * wrong exit PIN is cleared every time.
 */
describe('the kiosk while it holds name searches', () => {
  let job: Job
  const from = Math.floor(Date.now() / 1000) - 1800
  const window = { start: from, end: from + 6 * 3600 }

  beforeAll(async () => {
    job = await startJob()
    await bookVisitor(job, { first_name: 'Jürgen', last_name: 'Weiß' }, window)
    await bookVisitor(job, { first_name: '伟', last_name: '王' }, window)
    await bookVisitor(job, { first_name: 'Olga', last_name: 'Berg' }, window)
    const olga = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.first_name === 'Olga')!
    await job.desk('visitors', 'cancel', { id: olga.id })
    await job.desk('kiosk', 'saveSettings', {
      idleSeconds: 300,
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

  const search = async (name: string) => {
    const { page } = job
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.getByLabel('Your first and last name').fill(name)
    await page.getByLabel('Your first and last name').press('Enter')
  }
  const said = () => job.page.getByTestId('kiosk-none').textContent()
  const back = () => job.page.getByRole('button', { name: 'Back to start' }).click()
  const refusals = async () =>
    ((await job.desk('kiosk', 'checkins', { limit: 100 })).items as { name: string; refusal?: { reason: string } }[])
      .filter((c) => c.refusal)
      .map((c) => ({ name: c.name, reason: c.refusal!.reason }))

  it('shows 王伟 as written, family name first with no space', async () => {
    await search('王伟')
    const visit = job.page.getByTestId('kiosk-visit')
    await visit.waitFor()
    expect(await visit.getByRole('definition').first().textContent()).toBe('王伟')
    await job.page.getByRole('button', { name: 'No, this is not me' }).click()
  })

  it('counts only names that found nothing toward the hold: a visit found (cancelled) is no miss', async () => {
    await search('Jurgen Weis')
    await job.page.getByRole('heading', { name: 'We could not find your visit' }).waitFor()
    await back()
    await search('Berg Olga')
    await job.page.getByRole('heading', { name: 'Your visit cannot be checked in now' }).waitFor()
    expect(await said()).toBe('Your visit was cancelled. Please see the reception desk.')
    await back()
    await search('Zed Quorl')
    await job.page.getByRole('heading', { name: 'We could not find your visit' }).waitFor()
    // Two misses: no hold, Try again offered, and nothing "3 tries in a row" for the desk.
    expect(await job.page.getByTestId('kiosk-held').count()).toBe(0)
    expect(await job.page.getByRole('button', { name: 'Try again' }).count()).toBe(1)
    expect(await refusals()).toEqual([{ name: 'Olga Berg', reason: 'cancelled' }])
    await back()
  })

  it('tells a booked visitor who types their name during the hold to wait, and Today hears why', async () => {
    const { page } = job
    await search('Zed Quorm')
    await page.getByRole('heading', { name: 'We could not find your visit' }).waitFor()
    await back()
    // The third miss in a row: sent to the desk, and the hold starts.
    await search('Zed Quorn')
    await page.getByTestId('kiosk-held').waitFor()
    await back()

    await search('Weiss Jurgen')
    await page.getByRole('heading', { name: 'Please wait a moment' }).waitFor()
    expect(await said()).toBe(
      'This kiosk has paused name searches for a short while, so your name was not looked up yet. Please wait and type it again, or see the reception desk.'
    )
    const timer = page.getByRole('timer')
    const first = await timer.textContent()
    expect(first).toMatch(/^You can type a name again in \d+ seconds?\.$/)
    expect(await page.locator('main').textContent()).not.toMatch(/could not find|No visit today matches/)
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
    // A live countdown.
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first)

    // Newest first.
    expect((await refusals())[0]).toEqual({ name: 'Weiss Jurgen', reason: 'held' })
    // The console's state: Jürgen's visit is untouched, still ACTIVE, no QR code given.
    const jurgen = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.first_name === 'Jürgen')!
    expect(jurgen.status).toBe('ACTIVE')
    expect(jurgen.qr).toBeNull()
  })

  it('clears a wrong exit PIN every time, and Today’s kiosk refusals say why the name was turned away', async () => {
    const { page } = job
    await page.getByRole('button', { name: 'Staff' }).click()
    const pin = page.getByLabel('Kiosk PIN')
    for (const wrong of ['1111', '2222']) {
      // Typed key by key, as staff type it.
      await pin.pressSequentially(wrong)
      await pin.press('Enter')
      await page.getByTestId('kiosk-exit').getByRole('alert').waitFor()
      await expect.poll(() => pin.inputValue(), { timeout: 5_000 }).toBe('')
      // Still empty a moment later (nothing puts it back).
      await page.waitForTimeout(500)
      expect(await pin.inputValue(), `after ${wrong}`).toBe('')
    }
    await pin.fill('582046')
    await pin.press('Enter')
    await page.getByRole('navigation').waitFor()
    await job.open('Today')
    const row = page.getByTestId('kiosk-checkins').getByRole('row').filter({ hasText: 'Weiss Jurgen' })
    await row.waitFor({ timeout: 10_000 })
    expect(await row.getByTestId('kiosk-refusal').textContent()).toMatch(
      /^Sent to the desk: Not looked up: the kiosk was holding name searches after names that matched nothing \(\d+ seconds? left\)\. Find their visit, or check them in here$/
    )
    expect(await row.textContent()).not.toMatch(/No visit found/)
    expect(job.browser.errors).toEqual([])
  })
})
