import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { screenshotPath } from '../support/screenshots'
import { shownMoment } from '../support/typed-moment'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  status: string
  start_time: number
  end_time: number
  group_ids: string[]
}

/**
 * The reception's Today, as the desk uses it: who is expected, an arrival on the console that moves
 * a visitor to Here without a reload, a badge printed from the row, a walk-in with the desk's doors,
 * and the polling fallback when the token may not open the console's notifications.
 */
describe('job: Today at the reception (Chromium 1366×768, web mode, demo console)', () => {
  let job: Job
  let arriving: StoredVisitor

  beforeAll(async () => {
    job = await startJob()
    // Booked at the console (not at this desk) for now, whatever the time of day the test runs, with the
    // Lobby's doors (Badges asks first before a badge for a visit that opens none).
    const now = Math.floor(Date.now() / 1000)
    const site = (await job.state('site')) as { groups: { id: string; name: string }[] }
    const lobby = site.groups.find((g) => g.name === 'Lobby')!
    const booked = await job.api('POST', '/visitors', {
      first_name: 'Farah',
      last_name: 'Lindqvist',
      visitor_company: 'Harbour Freight',
      visit_reason: 'Business',
      start_time: now - 300,
      end_time: now + 2 * 3600,
      resources: [{ id: lobby.id, type: 'door_group' }]
    })
    expect(booked.status).toBe(200)
    arriving = booked.body.data as StoredVisitor
    expect(arriving.status).toBe('ACTIVE')
  })
  afterAll(async () => {
    await job?.close()
  })

  const group = (name: string) => job.page.getByTestId(`today-group-${name}`)
  const rowOf = (name: string, who: string) => group(name).getByTestId('today-row').filter({ hasText: who })
  const fullName = (v: StoredVisitor) => `${v.first_name} ${v.last_name}`
  /** On the badge screen opened for the arriving visitor: save the badge as PDF, back on Today its row says Printed. */
  const savedBadgeShowsPrinted = async () => {
    const { page } = job
    await page.getByTestId('badge-preview').waitFor()
    expect(await page.getByTestId('badge-preview').textContent()).toContain(fullName(arriving))
    // Main makes the PDF and the tab downloads it (web mode too).
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Save as PDF' }).click()
    await download
    // The badge's own note (emptied as it is made), not the app's live region: that still holds the
    // words of the badge saved before, the same words, and would not wait for this one.
    await page.getByTestId('badge-done').filter({ hasText: 'Badge PDF saved' }).waitFor()
    await job.open('Today')
    await expect
      .poll(() => rowOf('here', fullName(arriving)).getByTestId('badge-printed').textContent())
      // In the print history's words: a PDF was saved, nothing printed.
      .toMatch(/^Saved as PDF/)
  }

  it('shows today’s visitors grouped, with the live source, and passes axe', async () => {
    const { page } = job
    await job.open('Today')
    await page.getByTestId('today-list').waitFor()
    // Open, but this console has not yet shown that it sends visitor events on the socket.
    await expect
      .poll(() => page.getByTestId('today-source').textContent())
      .toContain('Console notifications connected, no visitor event from this console yet: the list is read every 15 s')
    for (const g of ['Expected', 'Here', 'Left', 'No-show', 'Cancelled']) {
      await page.getByRole('heading', { name: new RegExp(`^${g} \\d+$`) }).waitFor()
    }
    const row = rowOf('expected', fullName(arriving))
    expect(await row.count()).toBe(1)
    expect(await row.getByTestId('badge-printed').textContent()).toBe('Not printed')
    // A visit of another day is not on Today.
    const visitors = (await job.state('visitors')) as StoredVisitor[]
    const later = visitors.find((v) => v.status === 'UPCOMING')!
    expect(await page.getByTestId('today-list').textContent()).not.toContain(fullName(later))
    await job.expectAccessible('Today')
    await page.screenshot({ path: screenshotPath('today.png') })

    // At 1366×768 no note is cut: a cell's words wrap in its column (the Cancelled row's reason,
    // "A cancelled visit gets no badge", ran out of its cell).
    expect(await group('cancelled').getByTestId('off-reason').count()).toBeGreaterThan(0)
    const cut = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '[data-testid="today-list"] td, [data-testid="today-list"] [data-testid="off-reason"], [data-testid="today-list"] .muted'
        )
      ]
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => el.textContent?.trim())
    )
    expect(cut).toEqual([])
  })

  it('moves a visitor from Expected to Here when they tap in at a door, without a reload', async () => {
    const { page } = job
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    const tapped = await job.control('POST', '/visitor-taps', { visitor_id: arriving.id })
    expect(tapped).toEqual({ id: arriving.id, status: 'VISITING', previous_status: 'ACTIVE' })
    // Polling is a minute away while the socket is open: only the console's event can move it this fast.
    await rowOf('here', fullName(arriving)).waitFor({ timeout: 5000 })
    expect(await rowOf('expected', fullName(arriving)).count()).toBe(0)
    // Said in the app's one live region, in the words every screen uses for the state.
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: `${fullName(arriving)}: Here` })
      .waitFor()
    // The event came over the socket: the screen now calls the source live.
    expect(await page.getByTestId('today-source').textContent()).toContain(
      'Live: console notifications (the list is also re-read every 60 s)'
    )
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  it('prints the badge from the row with one key, and the row then says so', async () => {
    const { page } = job
    const name = rowOf('here', fullName(arriving)).getByRole('button', { name: fullName(arriving), exact: true })
    await name.focus()
    await page.keyboard.press('p')
    await savedBadgeShowsPrinted()
    expect(
      await rowOf('here', fullName(arriving))
        .getByRole('button', { name: `Reprint badge for ${fullName(arriving)}` })
        .count()
    ).toBe(1)
    // At 1366×768 the button stays inside its cell and its row (it stuck out 5 px past the row's edge).
    const row = rowOf('here', fullName(arriving))
    const box = async (l: ReturnType<typeof rowOf>) => (await l.boundingBox())!
    const rowBox = await box(row)
    const cellBox = await box(row.locator('td.actions'))
    const buttonBox = await box(row.getByRole('button', { name: `Reprint badge for ${fullName(arriving)}` }))
    expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width)
    expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width)
    expect(buttonBox.x).toBeGreaterThanOrEqual(cellBox.x)
    // O opens the visitor.
    await rowOf('here', fullName(arriving))
      .getByRole('button', { name: fullName(arriving), exact: true })
      .focus()
    await page.keyboard.press('o')
    await page
      .getByTestId('visitor-details')
      .getByRole('heading', { name: fullName(arriving) })
      .waitFor()
    await job.open('Today')
  })

  it('after the QR code of a printed badge is revoked, the row says the badge opens nothing, until a new one', async () => {
    const { page } = job
    await rowOf('here', fullName(arriving))
      .getByRole('button', { name: fullName(arriving), exact: true })
      .click()
    const creds = page.getByTestId('visitor-credentials')
    await creds.getByRole('button', { name: 'Revoke QR code…' }).click()
    await creds.getByTestId('revoke-qr').getByRole('button', { name: 'Revoke', exact: true }).click()
    await creds.getByTestId('qr-revoked').waitFor()
    // The console holds no code for the visitor now.
    const held = ((await job.state('visitors')) as { id: string; qr?: unknown }[]).find((v) => v.id === arriving.id)
    expect(held?.qr ?? null).toBeNull()

    await job.open('Today')
    const row = rowOf('here', fullName(arriving))
    await expect.poll(() => row.getByTestId('badge-printed').textContent()).toBe('Printed; QR revoked')
    await job.expectAccessible('Today with a revoked badge')
    // A new badge (a new code assigned as it is saved): printed, and nothing more to say.
    await row.getByRole('button', { name: `New badge for ${fullName(arriving)}` }).click()
    await savedBadgeShowsPrinted()
    const again = ((await job.state('visitors')) as { id: string; qr?: unknown }[]).find((v) => v.id === arriving.id)
    expect(again?.qr ?? null).not.toBeNull()
  })

  it('adds a walk-in with the desk’s doors: W, the form prefilled, bad input explained, then Here', async () => {
    const { page } = job
    await page.getByTestId('today-list').waitFor()
    await page.getByRole('button', { name: 'Change walk-in doors…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Doors a walk-in gets' })
    await dialog.getByRole('checkbox', { name: /^Lobby\s*\(/ }).check()
    await job.expectAccessible('walk-in doors dialog')
    await dialog.getByRole('button', { name: 'Keep these doors' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByTestId('walk-in-doors').textContent()).toContain('Lobby (group)')

    await page.locator('body').focus()
    await page.keyboard.press('w')
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.waitFor()
    expect(await form.getByLabel('First name').evaluate((el) => el === document.activeElement)).toBe(true)
    expect(
      await form
        .getByTestId('resource-picker')
        .getByRole('checkbox', { name: /^Lobby\s*\(/ })
        .isChecked()
    ).toBe(true)
    const from = await shownMoment(form.getByLabel('Valid from'))
    expect(Math.abs(from - Date.now())).toBeLessThan(6 * 60_000)
    // Nothing typed: each field says what to do, and nothing is sent.
    await form.getByRole('button', { name: 'Create visitor' }).click()
    expect(await form.getByText('Enter the first name.').count()).toBe(1)
    expect(await form.getByText('Choose the reason for the visit.').count()).toBe(1)
    expect(job.browser.sentChannels).not.toContain('visitors.create')
    await job.expectAccessible('walk-in form with refused fields')

    await form.getByLabel('First name').fill('Walter')
    await form.getByLabel('Last name').fill('Inn')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    await form.getByRole('button', { name: 'Create visitor' }).click()
    await page.getByTestId('walk-in-added').waitFor()
    // Standing at the desk: an arrival from its creation (the desk's record), though the console says ACTIVE.
    await rowOf('here', 'Walter Inn').waitFor()
    expect(await rowOf('here', 'Walter Inn').textContent()).toContain('Lobby (group)')

    const visitors = (await job.state('visitors')) as StoredVisitor[]
    const walter = visitors.find((v) => v.first_name === 'Walter' && v.last_name === 'Inn')!
    const site = (await job.state('site')) as { groups: { id: string; name: string }[] }
    expect(walter.status).toBe('ACTIVE')
    expect(walter.group_ids.map((id) => site.groups.find((g) => g.id === id)?.name)).toEqual(['Lobby'])
    await job.expectAccessible('Today after a walk-in')
  })

  it('falls back to polling every 15 s without view:device, says so, and still shows a departure', async () => {
    const { page } = job
    const keys = ['credential', 'user', 'visitor', 'space'].flatMap((k) => [`view:${k}`, `edit:${k}`])
    await job.control('PUT', '/scopes', { token: 'full', keys })
    await expect
      .poll(() => page.getByTestId('today-source').textContent(), { timeout: 5000 })
      .toMatch(/Updating every 15 s: the (console closed the notifications|notifications socket closed) \(\d+\)/)
    // Watching again asks the console anew: it refuses the socket for the missing key.
    await job.open('Visitors')
    await job.open('Today')
    await expect
      .poll(() => page.getByTestId('today-source').textContent(), { timeout: 5000 })
      .toContain(
        'Updating every 15 s: this token lacks view:device (give the API token that key in the console for live updates).'
      )
    await job.control('POST', '/visitor-taps', { visitor_id: arriving.id, direction: 'out' })
    await rowOf('left', fullName(arriving)).waitFor({ timeout: 20_000 })
    await job.expectAccessible('Today while polling')
  }, 40_000)
})
