import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cellsOutsideRows } from '../support/cells-in-rows'
import { startJob, type Job } from '../support/job'
import { tempDir } from '../support/temp'
import { screenshotPath } from '../support/screenshots'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely; tests assert their fields
type Loose = any

/**
 * The installer's onboarding roster, as they do it: a CSV from HR with two people of the same name,
 * a person who already holds a card, a card that belongs to someone else and an NFC ID on two rows.
 * The plan shows each before anything is sent; the namesake is resolved, the card holder gets a
 * second card on purpose; the run; five people on the enrollment line with taps on the networked
 * reader (one undone, one skipped, by keys); the results as CSV and the hand-out as PDF (no PIN).
 * The end is checked in what the console holds.
 */
describe('installer: a roster in one pass (Chromium 1366×768)', () => {
  let job: Job
  let out: Awaited<ReturnType<typeof tempDir>>
  const ids: Record<string, string> = {}
  /** The seeded card holder (an active user with an email) and the card they hold. */
  let holder: { id: string; name: string; email: string }
  let heldCard: { token: string; nfc_id: string; display_id: string }
  let deviceId: string

  const nfc = {
    held: '5A17AA00000099',
    ada: '5A17AA00000001',
    holderNew: '5A17AA00000002',
    dup: '5A17AA00000003',
    ben: '5A17AA00000010',
    benAgain: '5A17AA00000011',
    cleo: '5A17AA00000012',
    eli: '5A17AA00000014',
    fay: '5A17AA00000015'
  }
  const linePeople = ['Ben', 'Cleo', 'Dev', 'Eli', 'Fay']

  beforeAll(async () => {
    job = await startJob()
    out = await tempDir('roster-e2e-')
    const add = async (key: string, body: Record<string, string>) => {
      ids[key] = ((await job.control('POST', '/users', body)) as { id: string }).id
    }
    // Two people named Ada Rosterton: the file names her without an email.
    await add('ada1', { first_name: 'Ada', last_name: 'Rosterton', email: 'ada.r@example.com' })
    await add('ada2', { first_name: 'Ada', last_name: 'Rosterton', email: 'ada.rosterton@example.org' })
    await add('hal', { first_name: 'Hal', last_name: 'Taker', email: 'hal.taker@example.com' })
    await add('ivy', { first_name: 'Ivy', last_name: 'Dup', email: 'ivy.dup@example.com' })
    await add('jon', { first_name: 'Jon', last_name: 'Dup', email: 'jon.dup@example.com' })
    for (const first of linePeople) {
      await add(first, { first_name: first, last_name: 'Line', email: `${first.toLowerCase()}.line@example.com` })
    }
    // The card holder: a seeded active user with an email, whose card was enrolled on a reader
    // earlier (the console numbers an enrolled card by its UID, which is how a roster's NFC ID finds it).
    const users = (await job.state('users')) as Loose[]
    const user = users.find((u) => u.status === 'ACTIVE' && u.user_email)
    holder = { id: user.id, name: `${user.first_name} ${user.last_name}`, email: user.user_email }
    const site = (await job.state('site')) as Loose
    const reader = site.devices.find(
      (d: Loose) =>
        d.is_adopted &&
        d.is_online &&
        (d.capabilities.includes('is_reader') || d.capabilities.includes('identity_is_reader'))
    )
    const session = await job.api('POST', '/credentials/nfc_cards/sessions', { device_id: reader.id })
    expect(session.status).toBe(200)
    await job.control('POST', '/taps', { device_id: reader.id, nfc_id: nfc.held })
    const read = await job.api('GET', `/credentials/nfc_cards/sessions/${session.body.data.session_id}`)
    expect(read.body.data.token, JSON.stringify(read.body)).toBeTruthy()
    const assigned = await job.api('PUT', `/users/${holder.id}/nfc_cards`, { token: read.body.data.token })
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
    const cards = (await job.state('cards')) as Loose[]
    const held = cards.find((c) => c.token === read.body.data.token)
    heldCard = { token: held.token, nfc_id: held.nfc_id, display_id: held.display_id }
  })
  afterAll(async () => {
    await job?.close()
    await out?.remove()
  })

  // As HR exports it: more columns than the roster uses (the preview scrolls), and the PIN column
  // in German ("ja", "nein": read as yes and no).
  const hr =
    'Facilities and building services,Senior installation technician,2026-12-01,"Starts on the night shift, badge at reception"'
  const csv = () =>
    [
      'Name,Email,Card,PIN,Department,Job title,Start date,Notes',
      `Ada Rosterton,,${nfc.ada},nein,${hr}`,
      `${holder.name},${holder.email},${nfc.holderNew},nein,${hr}`,
      `Hal Taker,hal.taker@example.com,${heldCard.nfc_id},nein,${hr}`,
      `Ivy Dup,ivy.dup@example.com,${nfc.dup},ja,${hr}`,
      `Jon Dup,jon.dup@example.com,${nfc.dup},NEIN,${hr}`,
      ...linePeople.map((p) => `${p} Line,${p.toLowerCase()}.line@example.com,enroll,nein,${hr}`)
    ].join('\r\n') + '\r\n'

  const planRow = (text: string) => job.page.getByTestId('plan-rows').getByRole('row').filter({ hasText: text })
  const line = () => job.page.getByTestId('enrollment-line')

  it('opens the roster and maps its columns', async () => {
    const { page } = job
    await job.open('Roster')
    await page.getByRole('button', { name: 'Open roster…' }).waitFor()
    await job.expectAccessible('Roster, the list')
    await page
      .getByTestId('roster-file')
      .setInputFiles({ name: 'new-starters.csv', mimeType: 'text/csv', buffer: Buffer.from(csv()) })
    await page.getByRole('heading', { name: 'Columns' }).waitFor()
    // The columns guessed from the headers show selected in their selects (not blank).
    expect(await page.getByTestId('map-fullName').inputValue()).toBe('0')
    expect(await page.getByTestId('map-card').inputValue()).toBe('2')
    // The preview of a wide file scrolls (so axe's scrollable-region-focusable applies): it is a
    // named region reached by keyboard.
    const preview = page.getByRole('table', { name: 'The first rows of the file' }).locator('xpath=..')
    expect(await preview.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)).toBe(
      true
    )
    await job.expectAccessible('Roster, the columns as guessed')
    expect(await preview.getAttribute('role')).toBe('region')
    expect(await preview.getAttribute('tabindex')).toBe('0')
    await page.getByTestId('map-fullName').selectOption({ label: 'Name' })
    await page.getByTestId('map-email').selectOption({ label: 'Email' })
    await page.getByTestId('map-card').selectOption({ label: 'Card' })
    await page.getByTestId('map-pin').selectOption({ label: 'PIN' })
    await page.getByTestId('option-pin').selectOption('column')
    await job.expectAccessible('Roster, the columns')
    await page.getByRole('button', { name: 'Make the plan' }).click()
    await page.getByRole('heading', { name: 'Plan' }).waitFor()
    expect(job.browser.errors).toEqual([])
  })

  it('the plan shows the namesakes, the card holder, the card of someone else and the duplicate', async () => {
    const { page } = job
    const totals = page.getByTestId('plan-totals')
    expect(await totals.textContent()).toMatch(/Rows\s*10/)
    // The row that needs the user opens first: two people named Ada Rosterton, never guessed.
    const panel = page.getByTestId('plan-row')
    await expect.poll(() => panel.textContent()).toContain('Ada Rosterton')
    expect(await panel.textContent()).toContain('2 people are named Ada Rosterton')
    expect(await page.getByRole('button', { name: /^Run/ }).isDisabled()).toBe(true)
    expect(await page.getByTestId('conflict-has-card').textContent()).toContain('Already holds a card')
    expect(await page.getByTestId('conflict-card-owned').textContent()).toContain('Card belongs to someone else')
    expect(await page.getByTestId('conflict-duplicate-card').textContent()).toContain('Same card in another row')
    expect(await planRow('Jon Dup').textContent()).toContain('Same card in another row')
    // The row names who holds the card, and whether a user or a visitor.
    expect(await planRow('Hal Taker').textContent()).toContain(`Card belongs to ${holder.name} (user)`)
    await job.expectAccessible('Roster, the plan')
    await page.screenshot({ path: screenshotPath('roster.png') })
    // A card's number is read on two lines; where the window is narrower, it is cut with its title
    // whole, never laid over the next row (which it hid, and whose clicks it took).
    expect(await cellsOutsideRows(page)).toEqual([])
    await page.setViewportSize({ width: 1024, height: 768 })
    expect(await cellsOutsideRows(page)).toEqual([])
    await page.setViewportSize({ width: 1366, height: 768 })

    // Resolve Ada: the one at example.org.
    await panel.getByRole('button', { name: /ada\.rosterton@example\.org/ }).click()
    await expect.poll(() => panel.textContent()).toContain('Chosen')
    expect(await page.getByText(/needs? you:/).count()).toBe(0)

    // The card holder gets a second card on purpose; the card of someone else stays skipped.
    // (Hal Taker's row names the holder too, as the holder of the card it asks for.)
    await planRow(holder.name).filter({ hasNotText: 'Hal Taker' }).click()
    await expect.poll(() => panel.textContent()).toContain(holder.name)
    await panel.getByRole('button', { name: 'Do it anyway' }).click()
    await expect
      .poll(() => panel.getByRole('button', { name: 'Do it anyway' }).getAttribute('aria-pressed'))
      .toBe('true')
    expect(await page.getByTestId('conflict-has-card').textContent()).toContain('1 done anyway')
    expect(job.browser.errors).toEqual([])
  })

  it('runs the plan, then the enrollment line: taps, U undoes, S skips', async () => {
    const { page } = job
    // Nothing was sent while planning.
    expect(((await job.state('cards')) as Loose[]).some((c) => c.nfc_id === nfc.ada)).toBe(false)
    await page.getByRole('button', { name: /^Run \d+ rows$/ }).click()
    await page.getByRole('progressbar', { name: 'Rows done' }).waitFor()
    await expect
      .poll(() => page.getByTestId('run-eta').textContent(), { timeout: 30_000 })
      .toMatch(/wait for a card on the enrollment line/)

    const radio = line().getByRole('radio').first()
    await radio.waitFor()
    expect(await radio.isChecked()).toBe(true)
    deviceId = (await radio.getAttribute('value'))!
    await job.expectAccessible('Roster, the run')
    await line()
      .getByRole('button', { name: /Start the line/ })
      .click()

    const current = page.getByTestId('line-current')
    const state = page.getByTestId('line-state')
    const tapFor = async (name: string, nfcId: string) => {
      await expect.poll(() => current.textContent(), { timeout: 15_000 }).toBe(name)
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('waiting')
      await job.control('POST', '/taps', { device_id: deviceId, nfc_id: nfcId })
    }
    await tapFor('Ben Line', nfc.ben)
    await expect.poll(() => current.textContent(), { timeout: 15_000 }).toBe('Cleo Line')
    expect(await page.getByTestId('line-next').textContent()).toBe('Dev Line')
    await job.expectAccessible('Roster, the enrollment line')
    await page.screenshot({ path: '/tmp/roster-line.png' })
    // U: Ben's card is taken back and Ben is named again.
    await page.keyboard.press('u')
    await tapFor('Ben Line', nfc.benAgain)
    await tapFor('Cleo Line', nfc.cleo)
    // S: Dev is left without a card.
    await expect.poll(() => current.textContent(), { timeout: 15_000 }).toBe('Dev Line')
    await page.keyboard.press('s')
    await tapFor('Eli Line', nfc.eli)
    await tapFor('Fay Line', nfc.fay)
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('finished')
    expect(job.browser.errors).toEqual([])
  })

  it('the console holds each card with the right person', async () => {
    const cards = (await job.state('cards')) as Loose[]
    const ownerOf = (nfcId: string) => cards.filter((c) => c.nfc_id === nfcId).map((c) => c.owner?.id ?? null)
    expect(ownerOf(nfc.ada)).toEqual([ids.ada2])
    expect(ownerOf(nfc.holderNew)).toEqual([holder.id])
    // The card of someone else was not taken over; the duplicate went to the first row only.
    expect(cards.find((c) => c.token === heldCard.token).owner.id).toBe(holder.id)
    expect(cards.some((c) => c.owner?.id === ids.hal)).toBe(false)
    expect(ownerOf(nfc.dup)).toEqual([ids.ivy])
    expect(cards.some((c) => c.owner?.id === ids.jon)).toBe(false)
    // The line: Ben's first card taken back, Dev skipped.
    expect(ownerOf(nfc.ben)).toEqual([null])
    expect(ownerOf(nfc.benAgain)).toEqual([ids.Ben])
    expect(ownerOf(nfc.cleo)).toEqual([ids.Cleo])
    expect(cards.some((c) => c.owner?.id === ids.Dev)).toBe(false)
    expect(ownerOf(nfc.eli)).toEqual([ids.Eli])
    expect(ownerOf(nfc.fay)).toEqual([ids.Fay])
    // The PIN column in German: "ja" gave Ivy a PIN; "nein" and "NEIN" gave none.
    const users = (await job.state('users')) as Loose[]
    const hasPin = (id: string) => users.find((u) => u.id === id).pin_hash !== null
    expect(hasPin(ids.ivy!)).toBe(true)
    expect([ids.jon, ids.hal, ids.ada2, ids.Ben].map((id) => hasPin(id!))).toEqual([false, false, false, false])
  })

  it('results: the CSV export and the hand-out PDF, with no PIN', async () => {
    const { page } = job
    await page.getByRole('button', { name: 'See the results' }).click()
    await page.getByRole('heading', { name: 'Results' }).waitFor()
    await job.expectAccessible('Roster, the results')
    await page.screenshot({ path: '/tmp/roster-results.png' })

    // Ivy's PIN, as only PIN slips would show it (main keeps it in memory for this session).
    const pin = await page.evaluate(async () => {
      const list = await window.api!.roster.list()
      if (!list.ok) throw new Error(list.error.message)
      const slips = await window.api!.roster.handout({ id: list.result.rosters[0]!.id, pinSlips: true })
      if (!slips.ok) throw new Error(slips.error.message)
      return slips.result.people.find((p) => p.name === 'Ivy Dup')?.pin
    })
    expect(pin).toMatch(/^\d{4,}$/)

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    const csvPath = join(out.path, 'results.csv')
    await file.saveAs(csvPath)
    const text = await readFile(csvPath, 'utf8')
    expect(text).toContain('Ada Rosterton')
    expect(text).toContain('Fay Line')
    expect(text).not.toContain(pin!)
    await page.getByTestId('results-said').filter({ hasText: 'Saved' }).waitFor()

    // The browser's print dialog stands outside the page: here it records what the page held at each
    // call (PIN slips leave the page right after they are printed), and the PDF is what Chromium
    // renders for print media.
    await page.evaluate(() => {
      const w = window as unknown as { printed: string[]; print: () => void }
      w.printed = []
      w.print = () => void w.printed.push(document.getElementById('roster-print-root')?.textContent ?? '')
    })
    await page.getByRole('button', { name: 'Print hand-out' }).click()
    await page.getByTestId('results-said').filter({ hasText: 'Hand-out' }).waitFor()
    const adaCard = ((await job.state('cards')) as Loose[]).find((c) => c.nfc_id === nfc.ada).display_id as string
    await page.emulateMedia({ media: 'print' })
    const pdfPath = join(out.path, 'handout.pdf')
    const printed = () => page.evaluate(() => (window as unknown as { printed: string[] }).printed)
    expect(await printed()).toHaveLength(1)
    await page.pdf({ path: pdfPath, printBackground: true, format: 'A4' })
    await page.emulateMedia({ media: 'screen' })
    const pdfText = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' })
    expect(pdfText).toContain('Ada Rosterton')
    expect(pdfText).toContain(adaCard)
    expect(pdfText).toContain('Ivy Dup')
    expect(pdfText).not.toContain(pin!)
    // Only the sheet: the app's navigation is not printed.
    expect(pdfText).not.toContain('Touch Passes')
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-png', '-singlefile', pdfPath, '/tmp/roster-handout'])
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdfPath, '-'], { encoding: 'utf8' })
    expect(first).toContain('Ada Rosterton')

    // PIN slips: asked first, Cancel focused.
    await page.getByRole('button', { name: 'Print PIN slips…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Print PIN slips?' })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('never stored')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
    await job.expectAccessible('Roster, PIN slips dialog')
    // Enter on the focused Cancel prints nothing.
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    expect(await printed()).toHaveLength(1)
    await page.getByRole('button', { name: 'Print PIN slips…' }).click()
    await dialog.getByRole('button', { name: 'Print PIN slips' }).click()
    await page.getByTestId('results-said').filter({ hasText: 'PIN slips' }).waitFor()
    const slips = (await printed())[1]!
    expect(slips).toContain('Ivy Dup')
    expect(slips).toContain(pin!)
    // Gone from the page once printed.
    expect(await page.locator('#roster-print-root').count()).toBe(0)
    expect(await page.content()).not.toContain(pin!)
    expect(job.browser.errors).toEqual([])
  })

  it('the roster is listed as finished', async () => {
    const { page } = job
    await page.getByRole('button', { name: 'All rosters' }).click()
    const list = page.getByTestId('roster-list')
    await list.waitFor()
    expect(await list.textContent()).toContain('new-starters.csv')
    // How it ended, in counts: the rows skipped by choice are neither done nor failed.
    await expect.poll(() => list.textContent()).toMatch(/Finished: \d+ done(?!, \d+ failed)/)
  })
})
