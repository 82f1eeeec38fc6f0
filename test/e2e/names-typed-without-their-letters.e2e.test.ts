import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * A name typed on a keyboard without its letters is found, as the kiosk and every search by name promise
 * ("accents ignored"): ß typed as ss, ü/ö/ä typed as ue/oe/ae or without the dots, ø as o. Before, a
 * visitor called Jürgen Weiß who typed "Juergen Weiss" at the kiosk was told "We could not find your
 * visit", and "weiss" in Today's find showed nobody.
 */
describe('names typed without their letters (Today, Visitors, the kiosk; Chromium, web mode)', () => {
  let job: Job
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    job = await startJob()
    const doors = await job.desk('sites', 'doors')
    const from = Math.floor(Date.now() / 1000) - 1800
    const visit = async (first: string, last: string, company: string) =>
      (
        await job.desk('visitors', 'create', {
          first_name: first,
          last_name: last,
          visitor_company: company,
          visit_reason: 'Business',
          start_time: from,
          end_time: from + 6 * 3600,
          week_schedule: null,
          resources: [{ id: doors.items[0].id, type: 'door' }]
        })
      ).id as string
    ids['weiss'] = await visit('Jürgen', 'Weiß', 'Grün AG')
    ids['mueller'] = await visit('Zoë', 'Müller-Lüdenscheidt', 'Äpfel GmbH')
    ids['asmund'] = await visit('Ørjan', 'Åsmund', 'Fjord AS')
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('Today’s find and Visitors’ search find Jürgen Weiß by “weiss” and Zoë Müller by “mueller”', async () => {
    const { page } = job
    await job.open('Today')
    await job.settled()
    const find = page.getByLabel('Find a visitor today')
    await find.fill('weiss juergen')
    await expect.poll(() => page.getByTestId('today-row').allInnerTexts()).toHaveLength(1)
    expect(await page.getByTestId('today-row').innerText()).toContain('Jürgen Weiß')
    await find.fill('mueller zoe')
    await expect.poll(() => page.getByTestId('today-row').allInnerTexts()).toHaveLength(1)
    expect(await page.getByTestId('today-row').innerText()).toContain('Zoë Müller-Lüdenscheidt')

    await job.open('Visitors')
    await page.getByTestId('visitors-table').waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Weiss')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByTestId('visitors-table').getByRole('button', { name: 'Jürgen Weiß' }).waitFor()
  })

  it('the kiosk checks in “Juergen Weiss”, “Muller-Ludenscheidt Zoe” and “Orjan Asmund”, and the console gives them their QR codes', async () => {
    const { page } = job
    await job.open('Settings')
    const panel = page.getByTestId('kiosk-settings')
    await panel.getByLabel('Kiosk PIN (4–12 digits)').fill('582046')
    await panel.getByLabel('The same PIN again').fill('582046')
    await panel.getByRole('button', { name: 'Save kiosk settings' }).click()
    await panel.getByText('A kiosk PIN is set.').waitFor()
    await panel.getByRole('button', { name: 'Start kiosk mode' }).click()
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()

    const checkIn = async (typed: string, shown: string) => {
      await page.getByRole('button', { name: 'Check in' }).click()
      await page.getByLabel('Your first and last name').fill(typed)
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { name: 'Is this your visit?' }).waitFor()
      expect(await page.getByTestId('kiosk-visit').textContent()).toContain(shown)
      await page.getByRole('button', { name: 'Yes, print my badge' }).click()
      await page.getByRole('heading', { name: `Welcome, ${shown}` }).waitFor()
      await page.getByRole('button', { name: 'Done' }).click()
      await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    }
    await checkIn('Juergen Weiss', 'Jürgen Weiß')
    await checkIn('Muller-Ludenscheidt Zoe', 'Zoë Müller-Lüdenscheidt')
    await checkIn('Orjan Asmund', 'Ørjan Åsmund')

    // The console: each got a QR code from the kiosk.
    const visitors = (await job.state('visitors')) as { id: string; qr: string | null }[]
    for (const key of ['weiss', 'mueller', 'asmund'])
      expect(visitors.find((v) => v.id === ids[key])?.qr, key).not.toBeNull()

    // Still only a whole name: a part of one finds nobody.
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.getByLabel('Your first and last name').fill('Weis Jurgen')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'We could not find your visit' }).waitFor()
    await job.expectAccessible('kiosk: not found')
  })
})
