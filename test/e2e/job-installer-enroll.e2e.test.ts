import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { nfcUidFormats } from '../../src/shared/nfc/uid'

/**
 * The installer's enrollment on a networked reader, as a person does it: start with the keyboard,
 * hold the card too briefly ("keep holding" must stay put), a card enrolled at another site (the
 * screen offers a reset and says what it does), retry with reset, give the card to a user, then
 * find it on Cards by the NFC ID the installer holds. The end is checked in what the console holds.
 */
describe('installer: enroll on a networked reader, incl. a card of another site (Chromium 1366×768)', () => {
  let job: Job
  /** The card in the installer's hand; its NFC ID is what their USB reader showed. */
  const nfcId = '04A1B2C3D4E5F6'
  const uid = nfcUidFormats(nfcId)
  let deviceId: string
  let owner: { id: string; name: string }

  const status = () => job.page.getByTestId('enroll-status')

  beforeAll(async () => {
    job = await startJob()
    // The card was enrolled at another site before it came here.
    await job.control('POST', '/cards/provisioned', { nfc_id: nfcId })
  })
  afterAll(async () => {
    await job?.close()
  })

  it('enrolls the card: keep holding stays put, the other site is reset after a warning', async () => {
    const { page } = job
    await job.open('Enroll')
    const radios = page.getByRole('radio')
    await radios.first().waitFor()
    expect(await radios.first().isChecked()).toBe(true)
    deviceId = (await radios.first().getAttribute('value'))!
    await job.expectAccessible('Enroll')

    // Enter anywhere outside a field starts.
    await page.locator('h1').click()
    await page.keyboard.press('Enter')
    await expect.poll(() => status().getAttribute('data-state')).toBe('waiting')
    await job.expectAccessible('Enroll, waiting for a card')

    // Too short a hold: "keep holding" and it stays, through the polls that follow (1 s apart).
    await job.control('POST', '/taps', { device_id: deviceId, nfc_id: nfcId, outcome: 'too-short' })
    await expect.poll(() => status().getAttribute('data-state'), { timeout: 10_000 }).toBe('hold-longer')
    const seen: string[] = []
    for (let i = 0; i < 12; i++) {
      seen.push((await status().getAttribute('data-state'))!)
      await page.waitForTimeout(250)
    }
    expect(new Set(seen)).toEqual(new Set(['hold-longer']))
    expect(await status().textContent()).toContain('Keep holding the card')

    // The card belongs to another site: the screen offers the reset and says what it does.
    await job.control('POST', '/taps', { device_id: deviceId, nfc_id: nfcId })
    await expect.poll(() => status().getAttribute('data-state'), { timeout: 10_000 }).toBe('failed')
    const offer = page.getByTestId('offer-reset')
    await offer.waitFor()
    expect(await offer.textContent()).toMatch(/stop working at the other site/)
    expect(await status().textContent()).not.toContain('`')
    await job.expectAccessible('Enroll, card of another site')
    await page.screenshot({ path: '/tmp/cards-enroll-offer.png' })
    expect(((await job.state('cards')) as { nfc_id: string }[]).some((c) => c.nfc_id === nfcId)).toBe(false)

    await offer.getByRole('button', { name: 'Retry with reset' }).click()
    await expect.poll(() => status().getAttribute('data-state')).toBe('waiting')
    expect(await status().textContent()).toMatch(/will be reset/)
    await job.control('POST', '/taps', { device_id: deviceId, nfc_id: nfcId })
    await expect.poll(() => status().getAttribute('data-state'), { timeout: 10_000 }).toBe('done')
    expect(await status().textContent()).toMatch(/reset from its previous site/)
    // The console numbers the card by its UID.
    expect(await page.getByTestId('enrolled-card-id').textContent()).toBe(uid.decimal)
    expect((await job.control('GET', '/state')).provisioned).toBe(0)
    expect(job.browser.errors).toEqual([])
  })

  it('gives the card to a user found by search, with the keyboard', async () => {
    const { page } = job
    // The search box has the focus after a read: type, ArrowDown into the results, Enter picks.
    await page.keyboard.type('Priya')
    const option = page.getByRole('option').first()
    await option.waitFor()
    await job.expectAccessible('Enroll, people found')
    const name = (await option.locator('strong').textContent())!
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    // Enter chose the person; the focus is on Give the card, whose Enter sends.
    const give = page.getByRole('button', { name: 'Give the card' })
    await expect.poll(() => give.evaluate((b) => b === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('assigned-to').textContent()).toContain(name)
    await job.expectAccessible('Enroll, card given')
    const users = (await job.state('users')) as { id: string; first_name: string; last_name: string }[]
    const user = users.find((u) => `${u.first_name} ${u.last_name}` === name)!
    owner = { id: user.id, name }
    expect(job.browser.errors).toEqual([])
  })

  it('finds the card on Cards by the NFC ID the installer holds; the console holds it once, bound to that user', async () => {
    const { page } = job
    await job.open('Cards')
    const count = page.getByTestId('card-count')
    await expect.poll(() => count.textContent(), { timeout: 20_000 }).toMatch(/of [\d,]+ cards/)
    const rows = page.locator('[data-testid=card-rows] [role=row]')
    const filter = page.getByRole('searchbox', { name: 'Filter cards' })
    for (const query of [nfcId, uid.hex.toLowerCase().match(/../g)!.join(':'), uid.reversed, uid.decimal]) {
      await filter.fill(query)
      await expect.poll(() => rows.count(), { message: query }).toBe(1)
      expect(await rows.first().textContent(), query).toContain(owner.name)
    }
    await rows.first().click()
    const details = page.getByRole('complementary', { name: 'Card details' })
    expect(await details.getByTestId('card-nfc-id').textContent()).toContain(nfcId)
    await job.expectAccessible('Cards, the enrolled card')

    const held = ((await job.state('cards')) as { nfc_id: string; owner: unknown; display_id: string }[]).filter(
      (c) => c.nfc_id === nfcId
    )
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ display_id: uid.decimal, owner: { type: 'USER', id: owner.id } })
    expect(job.browser.errors).toEqual([])
  })

  it("the desk's audit trail holds the enrollment and the bind, each done", async () => {
    const actions = (await job.audit()).map((r) => `${r.action}: ${r.outcome}`)
    expect(actions).toContain('enrollment start: ok')
    expect(actions).toContain('enrollment bind: ok')
  })
})
