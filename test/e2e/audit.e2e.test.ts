import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startJob, type Job } from '../support/job'
import { tempDir } from '../support/temp'
import { screenshotPath } from '../support/screenshots'

/** "2026-12-01T09:00" in the browser's (the desk's) local time, `minutes` from now. */
function localInput(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

const NFC_ID = '04D1D2D3D4D5D6'

/**
 * The audit trail, walked as a desk would: writes made on several screens (a visitor created, a PIN
 * and a QR code given, a badge saved, a Touch Pass bought, cards imported, the visit cancelled),
 * then the Audit screen lists a row for each with its outcome, filters them, exports them as CSV,
 * and keeps them as long as the retention says. What the console holds is checked after the writes.
 */
describe('audit trail (Chromium 1366×768, web mode, demo console)', () => {
  let job: Job
  let out: Awaited<ReturnType<typeof tempDir>>
  let pin = ''
  let passesBefore = 0
  /** The visit's start as typed (the desk's local time) and the pass bought and given, with its holder. */
  let visitFrom = ''
  let bought = { card_id: '', holder: '' }

  beforeAll(async () => {
    job = await startJob()
    out = await tempDir('access-desk-audit-')
  })
  afterAll(async () => {
    await job?.close()
    await out?.remove()
  })

  it('makes writes across screens: visitor, PIN, QR, badge, Touch Pass purchase, import, cancel', async () => {
    const { page } = job
    // Visitors: a new visitor with a door group.
    await job.open('Visitors')
    await page.getByTestId('visitors-table').waitFor()
    await page.getByRole('button', { name: 'New visitor…' }).click()
    const form = page.getByTestId('visitor-form')
    await form.getByLabel('First name').fill('Audra')
    await form.getByLabel('Last name').fill('Trailsen')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    await form
      .getByTestId('resource-picker')
      .getByRole('checkbox', { name: /^Lobby\s*\(/ })
      .check()
    visitFrom = localInput(-10)
    await form.getByLabel('Valid from').fill(visitFrom)
    await form.getByLabel('Valid until').fill(localInput(4 * 60))
    await form.getByRole('button', { name: 'Create visitor' }).click()
    await page.getByTestId('visitor-details').waitFor()

    // A PIN and a QR code.
    const creds = page.getByTestId('visitor-credentials')
    await creds.getByRole('button', { name: 'Generate and assign PIN' }).click()
    pin = (await creds.getByTestId('visitor-pin').textContent()) ?? ''
    expect(pin).toMatch(/^\d{4,}$/)
    await expect.poll(() => creds.getByTestId('qr-state').textContent()).toContain('No QR code yet')
    await creds.getByRole('button', { name: 'Assign QR code' }).click()
    await creds.getByTestId('qr-assigned').waitFor()

    // A badge saved as PDF (web mode: the browser's print dialog, recorded by main).
    await creds.getByRole('button', { name: 'Make a badge…' }).click()
    await page.getByTestId('badge-preview').waitFor()
    // Web mode with no printer of main's: Print hands the badge to the browser's print dialog.
    await page.getByRole('button', { name: 'Print badge' }).click()
    await page.getByTestId('badge-done').filter({ hasText: 'print dialog' }).waitFor()

    // One Touch Pass bought, then given to a user who holds none.
    type StatePass = { id: string; card_id: string; user_id: string }
    const heldBefore = (await job.state('touchPasses')) as StatePass[]
    passesBefore = heldBefore.length
    await job.open('Touch Passes')
    await page.getByRole('button', { name: 'Buy passes…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Buy Touch Passes' })
    await dialog.getByLabel('Number of passes').fill('1')
    await dialog.getByRole('checkbox').check()
    await dialog.getByRole('button', { name: /Buy 1 and charge/ }).click()
    await dialog.getByTestId('purchase-done').waitFor()
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    const pass = ((await job.state('touchPasses')) as StatePass[]).find((p) => !heldBefore.some((b) => b.id === p.id))!
    const users = (await job.state('users')) as { id: string; first_name: string; last_name: string }[]
    const nameOf = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`
    const user = users.find((u) => u.first_name && !heldBefore.some((p) => p.user_id === u.id))!
    await page.getByLabel('Status').selectOption('ASSIGNABLE')
    await page.getByTestId('passes-table').getByRole('button', { name: pass.card_id }).click()
    await page.getByTestId('pass-details').getByRole('button', { name: 'Assign to a user…' }).click()
    const assign = page.getByRole('dialog', { name: `Assign ${pass.card_id} to a user` })
    await page.keyboard.type(nameOf(user))
    await expect.poll(() => assign.getByTestId('users-found').getByRole('button').count()).toBeGreaterThan(0)
    await page.keyboard.press('ArrowDown')
    // Enter picks (nothing is sent); Give the pass, focused then, sends.
    await page.keyboard.press('Enter')
    const give = assign.getByRole('button', { name: 'Give the pass' })
    await give.waitFor()
    await page.keyboard.press('Enter')
    // The first user found by that name holds it now (a namesake may come first).
    const holderId = async () =>
      ((await job.state('touchPasses')) as StatePass[]).find((p) => p.id === pass.id)!.user_id
    await expect.poll(holderId).not.toBe('')
    const holder = await holderId()
    bought = { card_id: pass.card_id, holder: nameOf(users.find((u) => u.id === holder)!) }

    // A card imported from a batch.
    await job.open('Import')
    await page.getByRole('button', { name: 'New batch…' }).click()
    const batchForm = page.getByRole('form', { name: 'New batch' })
    await batchForm.getByLabel('Name').fill('Audit cards')
    await batchForm.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Audit cards')
    await page.getByRole('textbox', { name: 'NFC ID to add' }).fill(NFC_ID)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByRole('button', { name: 'Upload 1 card to the console' }).click()
    await expect
      .poll(() =>
        page
          .getByTestId('upload-result')
          .getByText(/Sent 1: 1 imported/)
          .count()
      )
      .toBe(1)

    // The visit cancelled.
    await job.open('Visitors')
    await page.getByLabel('Name', { exact: true }).fill('Audra Trailsen')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const table = page.getByTestId('visitors-table')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    await table.getByRole('button', { name: 'Audra Trailsen' }).click()
    await page.getByTestId('visitor-details').getByRole('button', { name: 'Cancel visit…' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel visit' }).click()
    await page.getByTestId('cancel-note').waitFor()

    // What the console holds after these writes.
    const visitors = (await job.state('visitors')) as {
      first_name: string
      status: string
      pin_hash: string | null
      qr: string | null
    }[]
    const audra = visitors.find((v) => v.first_name === 'Audra')!
    expect(audra.status).toBe('CANCELLED')
    expect(audra.pin_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(audra.qr).not.toBeNull()
    expect(((await job.state('touchPasses')) as unknown[]).length).toBe(passesBefore + 1)
    const cards = (await job.state('cards')) as { nfc_id: string }[]
    expect(cards.filter((c) => c.nfc_id === NFC_ID)).toHaveLength(1)
  })

  it('the Audit screen has a row for each write, with its outcome; filters them; axe clean', async () => {
    const { page } = job
    await job.open('Audit')
    const table = page.getByTestId('audit-table')
    await table.waitFor()
    const actions = async () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')))
    const shown = await actions()
    for (const action of [
      'create',
      'PIN assignment',
      'QR assignment',
      'badge print',
      'purchase',
      'assign',
      'import',
      'cancel visit'
    ]) {
      expect(shown, action).toContain(action)
    }
    // Every row of this walk went through: none refused, none unknown.
    const outcomes = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-outcome')))
    expect(new Set(outcomes)).toEqual(new Set(['ok']))
    // Newest first: the cancel came last.
    expect(shown[0]).toBe('cancel visit')
    const cancelRow = table.locator('tbody tr').first()
    expect(await cancelRow.textContent()).toContain('visit cancelled (kept as Cancelled)')
    expect(await cancelRow.textContent()).toContain('Demo console')
    expect(await page.getByTestId('audit-count').textContent()).toBe(`${shown.length} rows`)
    await job.expectAccessible('Audit')
    await page.screenshot({ path: screenshotPath('audit.png') })

    // Filter by action.
    await page.getByLabel('Action').selectOption('purchase')
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(actions).toEqual(['purchase'])
    expect(await table.locator('tbody tr').first().textContent()).toMatch(/1 Touch Pass; bought \S+/)
    expect(await page.getByTestId('audit-count').textContent()).toBe(`1 row matches the filter (of ${shown.length})`)

    // Free text, by keyboard: the field and Enter.
    await page.getByRole('button', { name: 'Clear' }).click()
    await expect.poll(async () => (await actions()).length).toBe(shown.length)
    const text = page.getByLabel('Text')
    await text.focus()
    await page.keyboard.type('trailsen')
    await page.keyboard.press('Enter')
    // The request of a PIN, a QR code or a cancel names only the visitor's id: the row names them too.
    await expect.poll(actions).toEqual(['cancel visit', 'badge print', 'QR assignment', 'PIN assignment', 'create'])

    // The visit's times in the desk's zone, as every time on Audit: never a UTC string.
    const visit = table.locator('tbody tr[data-action="create"]').getByTestId('audit-visit')
    expect(await visit.textContent()).toMatch(/^Visit .+ → .+/)
    expect(await visit.textContent()).not.toContain('UTC')

    // The Touch Pass by the card id Touch Passes shows: bought, then given to a user named as they are.
    await page.getByRole('button', { name: 'Clear' }).click()
    await text.fill(bought.card_id.slice(0, 9).toLowerCase())
    await text.press('Enter')
    await expect.poll(actions).toEqual(['assign', 'purchase'])
    const assigned = table.locator('tbody tr').first()
    expect(await assigned.getByTestId('audit-pass').textContent()).toBe(
      `Touch Pass ${bought.card_id} · ${bought.holder}`
    )
    expect(await assigned.textContent()).toContain(`user ${bought.holder}`)
    await text.fill(bought.holder)
    await text.press('Enter')
    await expect.poll(actions).toContain('assign')

    // The Console filter offers the console these rows went to by its name; choosing it keeps every row.
    await page.getByRole('button', { name: 'Clear' }).click()
    const consoles = page.getByLabel('Console')
    await expect.poll(() => consoles.locator('option', { hasText: 'Demo console' }).count()).toBe(1)
    // Chosen by the words offered (its value is the console's key, not its address, which changes).
    await consoles.selectOption({
      label: (await consoles.locator('option', { hasText: 'Demo console' }).textContent())!
    })
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(async () => (await actions()).length).toBe(shown.length)

    // Nothing refused in this walk: the empty answer says what to do.
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.getByLabel('Outcome').selectOption('refused')
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(() => page.getByTestId('audit-empty').textContent()).toContain('No row matches the filter')
    await job.expectAccessible('Audit, nothing matches')

    // A date range that ends before it starts: refused with what to do, nothing asked of main.
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.getByLabel('From', { exact: true }).fill('2026-05-10')
    await page.getByLabel('To', { exact: true }).fill('2026-05-01')
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('pick a “To” date on or after')
    await job.expectAccessible('Audit, a refused date range')
    // Today only: every row.
    const today = localInput(0).slice(0, 10)
    await page.getByLabel('From', { exact: true }).fill(today)
    await page.getByLabel('To', { exact: true }).fill(today)
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(async () => (await actions()).length).toBe(shown.length)
    expect(await page.getByRole('alert').count()).toBe(0)
  })

  it('exports the rows as CSV; neither the file nor the journal holds the token or the PIN', async () => {
    const { page } = job
    await page.getByRole('button', { name: 'Clear' }).click()
    const rows = await page.getByTestId('audit-table').locator('tbody tr').count()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d\d-\d\d\.csv$/)
    const path = join(out.path, 'audit.csv')
    await file.saveAs(path)
    const csv = await readFile(path, 'utf8')
    const lines = csv.split('\r\n').filter(Boolean)
    expect(lines[0]).toBe(
      '\ufefftime,console,console address,desk user,desk computer,action,endpoint,target,target id,target name,card number,card alias,NFC ID,card owner,Touch Pass card id,Touch Pass name,Touch Pass holder,visit from,visit until,detail,outcome,outcome code,code,message,answered at'
    )
    expect(lines).toHaveLength(rows + 1)
    const create = lines.find((l) => l.includes(',create,'))!
    // Times are ISO 8601 with the desk's offset; the visit's start is the instant the desk typed.
    const header = lines[0]!.replace('\ufeff', '').split(',')
    const cells = create.split(',')
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/
    expect(cells[header.indexOf('time')]).toMatch(iso)
    expect(cells[header.indexOf('visit from')]).toMatch(iso)
    expect(Date.parse(cells[header.indexOf('visit from')]!)).toBe(new Date(visitFrom).getTime())
    const given = lines.find((l) => l.includes(`,${bought.card_id},`) && l.includes(',assign,'))!
    const givenCells = given.split(',')
    expect(givenCells[header.indexOf('Touch Pass card id')]).toBe(bought.card_id)
    expect(givenCells[header.indexOf('Touch Pass holder')]).toBe(bought.holder)
    expect(create).toContain('E17 Create visitor,visitor,')
    expect(create).toContain(',Audra Trailsen,')
    expect(create).toContain(`,Demo console,${job.demo.url},`)
    expect(lines.find((l) => l.includes(',import,'))).toContain(
      '1 card from batch “Audit cards”; 1 imported, 0 not imported'
    )
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: `Saved ${rows} rows as` })
      .waitFor()

    const journal = await readFile(join(job.dataDir, 'audit', 'audit.jsonl'), 'utf8')
    for (const text of [csv, journal]) {
      expect(text).not.toContain(job.demo.token)
      expect(text).not.toContain(`"${pin}"`)
      expect(text).not.toMatch(new RegExp(`\\b${pin}\\b`))
    }
  })

  it('retention: bad input says what to type; a shorter time asks first, with Cancel focused', async () => {
    const { page } = job
    const days = page.getByLabel('Days to keep')
    expect(await days.inputValue()).toBe('365')
    await days.fill('a year')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Enter a whole number of days, for example 365.').waitFor()
    await days.fill('0')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Keep the journal at least 1 day.').waitFor()
    await job.expectAccessible('retention, refused')

    await days.fill('30')
    await days.press('Enter')
    const confirm = page.getByRole('group', { name: 'Confirm removing older rows' })
    await confirm.waitFor()
    expect(await confirm.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(
      true
    )
    await job.expectAccessible('retention, confirm')
    await page.screenshot({ path: '/tmp/audit-retention-confirm.png', fullPage: true })
    await page.keyboard.press('Enter') // Cancel
    await confirm.waitFor({ state: 'detached' })
    expect(job.browser.sentChannels).not.toContain('audit.setRetention')

    await days.press('Enter')
    await confirm.getByRole('button', { name: 'Remove older rows' }).click()
    await page.getByTestId('action-announcer').filter({ hasText: 'Rows are kept 30 days.' }).waitFor()
    // Every row is from today: none removed, and the setting stays after a reload.
    await page.reload()
    await page.getByTestId('audit-table').waitFor()
    expect(await page.getByLabel('Days to keep').inputValue()).toBe('30')
    expect(job.browser.errors).toEqual([])
  })
})
