import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { nfcUidFormats } from '../../src/shared/nfc/uid'

/**
 * The card admin's whole job on Cards, as a person at the desk does it: find a card by part of a
 * name, by its display id and by the NFC ID they hold (hex either byte order, decimal), rename it,
 * give it to someone, take it back, delete it. Each write is checked in what the console holds.
 * The find → details → delete path is done with the keyboard only.
 */
describe('card admin: find, rename, assign, take back, delete (Chromium 1366×768, demo console)', () => {
  let job: Job
  /** A card another desk enrolled on a networked reader: the admin holds its NFC ID. */
  const nfcId = '04C0FFEE123456'
  const uid = nfcUidFormats(nfcId)
  const reversedDecimal = nfcUidFormats(uid.reversed).decimal
  let token: string
  let displayId: string

  const rows = () => job.page.locator('[data-testid=card-rows] [role=row]')
  const count = () => job.page.getByTestId('card-count')
  const filter = () => job.page.getByRole('searchbox', { name: 'Filter cards' })
  const details = () => job.page.getByRole('complementary', { name: 'Card details' })
  const card = async () =>
    ((await job.state('cards')) as { token: string; alias: string; owner: unknown }[]).find((c) => c.token === token)

  beforeAll(async () => {
    job = await startJob()
    // The world outside the app: a card enrolled at a reader through the Access API.
    const site = await job.state('site')
    const reader = site.devices.find(
      (d: { capabilities: string[]; is_online: boolean; is_adopted: boolean }) =>
        d.capabilities.includes('is_reader') && d.is_online && d.is_adopted
    )
    const session = (await job.api('POST', '/credentials/nfc_cards/sessions', { device_id: reader.id })).body.data
      .session_id
    await job.control('POST', '/taps', { device_id: reader.id, nfc_id: nfcId })
    const read = (await job.api('GET', `/credentials/nfc_cards/sessions/${session}`)).body.data
    await job.api('DELETE', `/credentials/nfc_cards/sessions/${session}`)
    token = read.token
    displayId = read.card_id
  })
  afterAll(async () => {
    await job?.close()
  })

  it('finds a card by part of its owner’s name and by its display id', async () => {
    const { page } = job
    await job.open('Cards')
    await expect.poll(() => count().textContent(), { timeout: 20_000 }).toMatch(/of [\d,]+ cards/)
    await job.expectAccessible('Cards')

    const [cards, users] = await Promise.all([job.state('cards'), job.state('users')])
    const owned = cards.find((c: { owner: { type: string } | null }) => c.owner?.type === 'USER')
    const owner = users.find((u: { id: string }) => u.id === owned.owner.id)
    const part = owner.last_name.slice(0, Math.max(3, owner.last_name.length - 1)).toLowerCase()
    await filter().fill(part)
    await expect.poll(() => page.locator('[data-testid=card-rows]').textContent()).toContain(owner.last_name)
    expect(await page.locator('[data-testid=card-rows]').textContent()).toContain(owned.display_id)
    expect(await count().textContent()).not.toMatch(/^0 of/)

    await filter().fill(displayId)
    await expect.poll(() => rows().count()).toBe(1)
    expect(await rows().first().textContent()).toContain(displayId)
    expect(job.browser.errors).toEqual([])
  })

  it('finds the card by the NFC ID the admin holds: hex as read or reversed, any case or separators, decimal', async () => {
    for (const query of [
      uid.hex,
      uid.hex.toLowerCase().match(/../g)!.join(':'),
      uid.reversed,
      uid.reversed.match(/../g)!.join(' '),
      uid.decimal,
      reversedDecimal,
      uid.hex.slice(0, 8)
    ]) {
      await filter().fill(query)
      await expect.poll(() => rows().count(), { message: query }).toBe(1)
      expect(await rows().first().textContent(), query).toContain(displayId)
    }
    expect(job.browser.errors).toEqual([])
  })

  it('renames it, gives it to a person and takes it back, each written on the console', async () => {
    const { page } = job
    // Keyboard: "/" to the filter, type, ArrowDown into the rows, Enter opens the card's details.
    await page.locator('h1').click()
    await page.keyboard.press('/')
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(displayId)
    await expect.poll(() => rows().count()).toBe(1)
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => rows().first().getAttribute('aria-selected')).toBe('true')
    await details().waitFor()
    expect(await details().locator('h2').textContent()).toBe(`Card ${displayId}`)
    expect(await details().getByTestId('card-nfc-id').textContent()).toContain(uid.hex)
    await job.expectAccessible('Card details')

    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('alias')
    await page.keyboard.type('Desk spare 7')
    await page.keyboard.press('Enter')
    await page.getByTestId('action-announcer').filter({ hasText: 'Alias saved.' }).waitFor()
    expect((await card())!).toMatchObject({ alias: 'Desk spare 7', owner: null })
    await page.screenshot({ path: '/tmp/cards-details.png' })

    // Give it to a person found by search: ArrowDown into the results, Enter picks; Give the card sends.
    await details().getByRole('button', { name: 'Assign to a person…' }).click()
    const search = details().getByRole('searchbox', { name: 'Give this card to' })
    await search.focus()
    await page.keyboard.type('Ng')
    await details().getByRole('option').first().waitFor()
    await job.expectAccessible('Person results')
    const picked = (await details().getByRole('option').first().locator('strong').textContent())!
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    // The pick only chose: the focus is on Give the card, and the console's card has no owner yet.
    const give = details().getByRole('button', { name: 'Give the card' })
    await expect.poll(() => give.evaluate((b) => b === document.activeElement)).toBe(true)
    expect((await card())!.owner).toBeNull()
    await page.keyboard.press('Enter')
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: `Card given to ${picked}` })
      .waitFor()
    const users = await job.state('users')
    const person = users.find((u: { first_name: string; last_name: string }) =>
      [`${u.first_name} ${u.last_name}`, u.first_name, u.last_name].includes(picked)
    )
    expect((await card())!.owner).toEqual({ type: 'USER', id: person.id })
    await expect.poll(() => rows().first().textContent()).toContain(picked)

    // Taking the card back is asked first, Cancel focused: Enter as it opens cancels, and the console
    // still has the card given.
    const unassign = details().getByRole('button', { name: /^Take back from / })
    await unassign.focus()
    await page.keyboard.press('Enter')
    const question = page.getByRole('dialog', { name: /^Take card .* back from / })
    await question.waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
    await job.expectAccessible('Take a card back: the question')
    await page.keyboard.press('Enter')
    await expect.poll(() => question.count()).toBe(0)
    expect(await unassign.evaluate((b) => b === document.activeElement)).toBe(true)
    expect((await card())!.owner).toEqual({ type: 'USER', id: person.id })
    await unassign.click()
    await question.getByRole('button', { name: 'Take the card back' }).click()
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: /Card \S+ taken back from / })
      .waitFor()
    expect((await card())!.owner).toBeNull()
    expect(await details().textContent()).toContain('Not assigned')
    expect(job.browser.errors).toEqual([])
  })

  it('deletes it with the keyboard only; Enter on the opened dialog does not delete', async () => {
    const { page } = job
    await page.locator('h1').click()
    await page.keyboard.press('/')
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(uid.reversed.toLowerCase())
    await expect.poll(() => rows().count()).toBe(1)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await details().waitFor()
    // Tab through the details to "Delete card…".
    const deleteButton = details().getByRole('button', { name: 'Delete card…' })
    for (let i = 0; i < 6 && !(await deleteButton.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    expect(await deleteButton.evaluate((b) => b === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toMatch(new RegExp(`Delete card ${displayId} \\(Desk spare 7\\)\\?`))
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
    await job.expectAccessible('Delete card dialog')
    await page.screenshot({ path: '/tmp/cards-delete-dialog.png' })
    // Enter on the dialog as it opens cancels: the card is still on the console.
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await card()).toBeDefined()

    // Deliberately: the focus is back on "Delete card…"; reopen, Tab from Cancel to the destructive button, Enter.
    expect(await deleteButton.evaluate((b) => b === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete card')
    await page.keyboard.press('Enter')
    await expect.poll(() => count().textContent()).toMatch(/^0 of/)
    expect(await card()).toBeUndefined()
    // The delete says which card went (it leaves the list rather than showing as Deleted).
    await page
      .getByTestId('cards-notice')
      .filter({ hasText: `Card ${displayId} deleted` })
      .waitFor()
    await page.screenshot({ path: '/tmp/c2-cards-deleted.png' })
    // The keyboard goes on from the filter.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Filter cards')
    await job.expectAccessible('Cards after delete')
    // A refresh asks the console again: it stays gone.
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => count().textContent()).toMatch(/^0 of/)
    expect(job.browser.errors).toEqual([])
  })

  it("the desk's audit trail holds each of these writes, each done", async () => {
    // A rename and a delete name the card; a card given or taken back names the person.
    const rows = await job.audit()
    for (const action of ['update', 'assign', 'unassign', 'delete']) {
      expect(rows.filter((r) => r.action === action).length, action).toBeGreaterThan(0)
    }
    expect(rows.map((r) => r.outcome).filter((o) => o !== 'ok')).toEqual([])
  })
})
