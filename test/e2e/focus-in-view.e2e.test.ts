import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { focusUnseen } from '../support/focus-seen'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  company?: string
  visitor_company?: string
  end_time: number
}

/**
 * The rule "the result an action gives the focus to is where the person sees it" held on every screen whose
 * actions move the focus to a result, at 1366×768 on long lists: the focus is on an element of the page, not
 * the body, and that element is inside the window and inside every box that scrolls around it. A row ended
 * low on Today moves under Left, below the window's bottom edge; the focus goes with it, and so must the
 * screen. The mechanism is `lib/action-outcome.svelte.ts` (every focus an action gives brings its element
 * into view); this test holds the screens to it. Each write is checked on the console too.
 */
const VISITORS = 40

describe('the focus an action gives is seen, on every screen (1366×768, long lists)', () => {
  let job: Job
  const booked: StoredVisitor[] = []

  beforeAll(async () => {
    job = await startJob()
    const now = Math.floor(Date.now() / 1000)
    // Visits that open a door (a badge for one that opens none asks first).
    const site = (await job.state('site')) as { groups: { id: string; hidden?: boolean }[] }
    const resources = [{ id: site.groups.find((g) => !g.hidden)!.id, type: 'door_group' }]
    // A busy day: forty visitors here, each tapped in at a door, so Today's Here runs far below the window.
    for (let i = 0; i < VISITORS; i++) {
      const answer = await job.api('POST', '/visitors', {
        first_name: 'Seen',
        last_name: `Visitor ${String(i + 1).padStart(2, '0')}`,
        visitor_company: 'Long List Ltd',
        resources,
        visit_reason: 'Business',
        start_time: now - 600 - i,
        end_time: now + 4 * 3600
      })
      expect(answer.status).toBe(200)
      const visit = answer.body.data as StoredVisitor
      booked.push(visit)
      await job.control('POST', '/visitor-taps', { visitor_id: visit.id })
    }
    // Thirty who came earlier and have left: Left runs long, and a visit ended now sorts to its end
    // (Today's rows are in start order), far below the row it was ended from.
    for (let i = 0; i < 30; i++) {
      const answer = await job.api('POST', '/visitors', {
        first_name: 'Gone',
        last_name: `Visitor ${String(i + 1).padStart(2, '0')}`,
        visit_reason: 'Business',
        start_time: now - 3 * 3600 - i,
        end_time: now + 3600
      })
      const visit = answer.body.data as StoredVisitor
      await job.control('POST', '/visitor-taps', { visitor_id: visit.id })
      expect((await job.api('PUT', `/visitors/${visit.id}`, { end_time: now - 60 })).status).toBe(200)
    }
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const seen = () => focusUnseen(job.page)

  it('Today: End visit on a row low in the list, and Keep the visit', async () => {
    const { page } = job
    await job.open('Today')
    const here = page.getByTestId('today-group-here').getByTestId('today-row')
    await expect.poll(() => here.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(VISITORS)
    // The last of this test's rows of Here: the person scrolls down to it and presses its End visit. (The
    // demo's own visitors of today start at 08:00 when the day is younger: before then they sort after.)
    const last = here.filter({ hasText: 'Long List Ltd' }).last()
    const name = (await last.locator('button[data-row-name]').textContent())!.trim()
    const end = last.getByRole('button', { name: `End visit of ${name}` })
    await end.scrollIntoViewIfNeeded()

    // Keep the visit: the question goes and the focus is back on the End visit pressed, seen.
    await end.click()
    const dialog = page.getByRole('dialog', { name: 'End this visit now?' })
    await dialog.getByRole('button', { name: 'Keep the visit' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(seen).toBe('')

    // End visit now: the row moves under Left, below the window's edge; the focus goes with it, seen.
    await end.click()
    await dialog.getByRole('button', { name: 'End visit now' }).click()
    const left = page.getByTestId('today-group-left').getByTestId('today-row').filter({ hasText: name })
    await left.waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="today-group-left"]') !== null))
      .toBe(true)
    await expect.poll(seen).toBe('')
    // Its outcome is shown on the row, not only said in the live region.
    expect(await left.getByTestId('today-row-outcome').textContent()).toContain(`Visit of ${name} ended`)
    // The console: that visit's end is now.
    const held = ((await job.state('visitors')) as StoredVisitor[]).find(
      (v) => `${v.first_name} ${v.last_name}` === name
    )!
    expect(held.end_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    await job.expectAccessible('Today, after End visit low in the list')
  }, 120_000)

  it('Today: a walk-in checked in with W from a row low in the list', async () => {
    const { page } = job
    await job.open('Today')
    const row = page.getByTestId('today-group-here').getByTestId('today-row').last()
    const from = row.locator('button[data-row-name]')
    await from.scrollIntoViewIfNeeded()
    await from.focus()
    await page.keyboard.press('w')
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.getByLabel('First name').fill('Wanda')
    await form.getByLabel('Last name').fill('Late')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    await form
      .getByTestId('resource-picker')
      .getByRole('checkbox', { name: /^Lobby\s*\(/ })
      .check()
    await form.getByRole('button', { name: 'Create visitor' }).click()
    await page.getByTestId('walk-in-added').waitFor({ timeout: 20_000 })
    await expect.poll(seen).toBe('')
    const held = ((await job.state('visitors')) as (StoredVisitor & { status: string })[]).find(
      (v) => v.first_name === 'Wanda' && v.last_name === 'Late'
    )!
    expect(held.status).toBe('ACTIVE')
    await job.expectAccessible('Today, after a walk-in')
  }, 120_000)

  it('Badges: Print badge for a visitor opened from a row low on Today', async () => {
    const { page } = job
    await job.open('Today')
    // One of this test's visitors (no badge printed yet), at the end of its rows: low in the list at any hour.
    const row = page
      .getByTestId('today-group-here')
      .getByTestId('today-row')
      .filter({ hasText: 'Long List Ltd' })
      .last()
    const name = (await row.locator('button[data-row-name]').textContent())!.trim()
    const open = row.getByRole('button', { name: `Print badge for ${name}` })
    await open.scrollIntoViewIfNeeded()
    // By keyboard, as a desk does: the focus follows to Badges' next step, Print badge — not left on the
    // sidebar's Badges entry where it waited while the screen changed (a walk found it there).
    await open.focus()
    await page.keyboard.press('Enter')
    const print = page.getByRole('button', { name: 'Print badge', exact: true })
    await expect.poll(() => print.isEnabled(), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Print badge')
    await print.scrollIntoViewIfNeeded()
    const before = (await job.state('visitors')) as {
      id: string
      first_name: string
      last_name: string
      qr?: string | null
    }[]
    await print.click()
    await expect
      .poll(() => page.getByTestId('action-announcer').textContent(), { timeout: 20_000 })
      .toContain('print dialog')
    await expect.poll(seen).toBe('')
    // The console: the visitor holds the QR code the badge carries.
    const after = (await job.state('visitors')) as typeof before
    const held = after.find((v) => `${v.first_name} ${v.last_name}` === name)!
    expect(held.qr).toBeTruthy()
    expect(before.find((v) => v.id === held.id)?.qr ?? null).toBeNull()
    await job.expectAccessible('Badges, after Print badge')
  }, 120_000)

  it('Visitors: Save changes on a visitor opened low in the list', async () => {
    const { page } = job
    await job.open('Visitors')
    await page.getByLabel('Name', { exact: true }).fill('Seen Visitor')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const table = page.getByTestId('visitors-table')
    // The search answered: every row is one of the busy day's.
    await expect
      .poll(async () => (await table.locator('tbody tr').allTextContents()).every((t) => t.includes('Seen Visitor')), {
        timeout: 20_000
      })
      .toBe(true)
    // The last visitor of the page: the person scrolls down to them.
    const open = table.locator('tbody tr').last().getByRole('button').first()
    const name = (await open.textContent())!.trim()
    await open.scrollIntoViewIfNeeded()
    await open.click()
    const details = page.getByTestId('visitor-details')
    await expect.poll(() => details.locator('#visitor-title').textContent()).toBe(name)
    await details.getByRole('button', { name: 'Edit…' }).click()
    const form = page.getByTestId('visitor-form')
    await form.getByLabel('Company').fill('Seen Far Down Ltd')
    const save = form.getByRole('button', { name: 'Save changes' })
    await save.scrollIntoViewIfNeeded()
    await save.click()
    await expect.poll(() => details.textContent(), { timeout: 20_000 }).toContain('Seen Far Down Ltd')
    await expect.poll(seen).toBe('')
    const held = ((await job.state('visitors')) as StoredVisitor[]).find(
      (v) => `${v.first_name} ${v.last_name}` === name
    )!
    expect(held.visitor_company).toBe('Seen Far Down Ltd')
    await job.expectAccessible('Visitors, after Save changes')
  }, 120_000)

  it('Cards: Save alias and Delete card on a card low in the list', async () => {
    const { page } = job
    await job.open('Cards')
    const rows = page.locator('[data-testid=card-rows] [role=row]')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(10)
    const row = rows.last()
    await row.scrollIntoViewIfNeeded()
    await row.click()
    const details = page.getByRole('complementary', { name: 'Card details' })
    const displayId = (await details.locator('h2').textContent())!.replace('Card ', '').trim()
    const alias = page.getByRole('textbox', { name: 'Alias' })
    await alias.fill('Seen spare')
    const save = page.getByRole('button', { name: 'Save alias' })
    await save.scrollIntoViewIfNeeded()
    await save.click()
    await page.getByTestId('action-announcer').filter({ hasText: 'Alias saved.' }).waitFor()
    await expect.poll(seen).toBe('')
    const cards = () => job.state('cards') as Promise<{ display_id: string; alias?: string }[]>
    expect((await cards()).find((c) => c.display_id === displayId)?.alias).toBe('Seen spare')

    const remove = page.getByRole('button', { name: 'Delete card…' })
    await remove.scrollIntoViewIfNeeded()
    await remove.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete card', exact: true }).click()
    await expect
      .poll(async () => (await cards()).some((c) => c.display_id === displayId), { timeout: 20_000 })
      .toBe(false)
    await page.waitForTimeout(300)
    await expect.poll(seen).toBe('')
    await job.expectAccessible('Cards, after Delete card')
  }, 120_000)

  it('Enroll: a give whose answer was lost keeps the focus by its reason, not on the heading', async () => {
    const { page } = job
    await job.open('Enroll')
    const radios = page.getByRole('radio')
    await radios.first().waitFor()
    const deviceId = (await radios.first().getAttribute('value'))!
    await page.getByRole('button', { name: /^(Start|Enroll next)/ }).click()
    const status = page.getByTestId('enroll-status')
    await expect.poll(() => status.getAttribute('data-state')).toBe('waiting')
    const tapped = await job.control('POST', '/taps', { device_id: deviceId, nfc_id: '04C0FFEE5EE001' })
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('done')
    await page.keyboard.type('Priya')
    const option = page.getByRole('option').filter({ hasText: 'Priya' }).first()
    await option.waitFor()
    await option.click()
    await job.control('PUT', '/faults', { afterCommit: { status502: 1 } })
    await page.getByRole('button', { name: 'Give the card' }).click()
    const box = page.getByTestId('assign-card')
    await box.locator('[role=alert], [role=status]').first().waitFor()
    await job.control('DELETE', '/faults')
    await page.waitForTimeout(300)
    await expect.poll(seen).toBe('')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid=assign-card]')))).toBe(true)
    // The console did it (the answer only was lost): the card is held by the Priya picked.
    const cards = (await job.state('cards')) as { display_id: string; owner?: { id: string } | null }[]
    const owner = cards.find((c) => c.display_id === (tapped as { card_id: string }).card_id)?.owner
    const users = (await job.state('users')) as { id: string; first_name: string }[]
    expect(users.find((u) => u.id === owner?.id)?.first_name).toBe('Priya')
    await job.expectAccessible('Enroll, after a give whose answer was lost')
  }, 120_000)

  it('Settings: a language chosen keeps the focus on the language select, in view', async () => {
    const { page } = job
    await job.open('Settings')
    const select = page.getByTestId('language-setting').locator('select')
    await select.scrollIntoViewIfNeeded()
    await select.focus()
    await select.selectOption('de')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de')
    await page.waitForTimeout(300)
    await expect.poll(seen).toBe('')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT')
    await page.getByTestId('language-setting').locator('select').selectOption('en')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    await expect.poll(seen).toBe('')
  }, 120_000)
})
