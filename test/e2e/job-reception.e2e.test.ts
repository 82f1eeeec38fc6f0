import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startJob, type Job } from '../support/job'
import { tempDir } from '../support/temp'
import { shownMoment } from '../support/typed-moment'

/** "2026-12-01T09:00" in the browser's (the desk's) local time, `minutes` from now. */
function localInput(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

const SITE_NAME = 'Nordhavn Harbour Offices East' // 29 characters
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><rect width="400" height="120" fill="#1d4ed8"/></svg>'
const STOCKS = ['dk-11202', 'dymo-30256', '4x3in', 'a6'] as const
const PT_PER_MM = 72 / 25.4

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  status: string
  pin_hash: string | null
  qr: string | null
  group_ids: string[]
  schedule: { week: unknown }
}
interface StoredSite {
  doors: { id: string; name: string }[]
  groups: { id: string; name: string; door_ids: string[] }[]
}

/**
 * The reception desk's whole job, through the screens only: a visitor for today with a door group
 * and single doors, a PIN, a QR code, a badge PDF; an edit that adds a door; a cancel; searches by
 * full name. What the console holds is read back through its control API after each write.
 */
describe('job: reception desk (Chromium 1366×768, web mode, demo console)', () => {
  let job: Job
  let out: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    job = await startJob()
    out = await tempDir('access-desk-reception-')
  })
  afterAll(async () => {
    await job?.close()
    await out?.remove()
  })

  async function stored(): Promise<{
    visitor: StoredVisitor
    site: StoredSite
    granted: string[]
    lobbyDoors: string[]
  }> {
    const visitors = (await job.state('visitors')) as StoredVisitor[]
    const visitor = visitors.find((v) => v.first_name === 'Rosa' && v.last_name === 'Holmgaard')!
    expect(visitor, 'Rosa Holmgaard on the console').toBeTruthy()
    const site = (await job.state('site')) as StoredSite
    const doorIds = visitor.group_ids.flatMap((id) => site.groups.find((g) => g.id === id)?.door_ids ?? [])
    const granted = [...new Set(doorIds)].map((id) => site.doors.find((d) => d.id === id)!.name).sort()
    const lobby = site.groups.find((g) => g.name === 'Lobby')!
    const lobbyDoors = lobby.door_ids.map((id) => site.doors.find((d) => d.id === id)!.name)
    return { visitor, site, granted, lobbyDoors }
  }
  const groupNames = (v: StoredVisitor, site: StoredSite) =>
    v.group_ids.map((id) => site.groups.find((g) => g.id === id)!.name).filter((n) => !/^visitor-\d+$/.test(n))

  it('creates a visitor for today with a door group and single doors', async () => {
    const { page } = job
    await job.open('Visitors')
    await page.getByTestId('visitors-table').waitFor()
    await job.expectAccessible('Visitors')

    await page.getByRole('button', { name: 'New visitor…' }).click()
    const form = page.getByTestId('visitor-form')
    await form.getByLabel('First name').fill('Rosa')
    await form.getByLabel('Last name').fill('Holmgaard')
    await form.getByLabel('Company').fill('Harbour Freight')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    // A walk-in: valid from now, not recurring. The weekly schedule editor and its copy panel are
    // passed through before the visit is made a one-time one again.
    const recurring = form.getByLabel('Recurring visit')
    expect(await recurring.isChecked()).toBe(false)
    const from = await shownMoment(form.getByLabel('Valid from'))
    expect(Math.abs(from - Date.now())).toBeLessThan(6 * 60_000)
    await recurring.check()
    const schedule = form.getByTestId('schedule-editor')
    await schedule.getByRole('button', { name: 'Copy to other days: Monday' }).click()
    await schedule.getByRole('group', { name: 'Copy Monday to' }).waitFor()
    await job.expectAccessible('visitor form with the weekly schedule and its copy panel')
    await schedule.getByRole('button', { name: 'Cancel' }).click()
    await form.getByLabel('Recurring visit').uncheck()
    // No door yet: the form asks before sending; "Choose doors" is the default and goes back.
    await form.getByRole('button', { name: 'Create visitor' }).click()
    const noDoors = form.getByTestId('no-doors')
    expect(await noDoors.textContent()).toContain('will open nothing')
    expect(
      await noDoors.getByRole('button', { name: 'Choose doors' }).evaluate((b) => b === document.activeElement)
    ).toBe(true)
    await job.expectAccessible('no-doors question')
    await page.keyboard.press('Enter')
    await noDoors.waitFor({ state: 'detached' })
    expect(job.browser.sentChannels).not.toContain('visitors.create')

    const picker = form.getByTestId('resource-picker')
    await picker.getByRole('checkbox', { name: /^Lobby\s*\(/ }).check()
    await picker.getByLabel(/Server Room/).check()
    await job.expectAccessible('visitor form')

    // An end already past is refused at the field; nothing is sent.
    await form.getByLabel('Valid from').fill(localInput(-3 * 24 * 60))
    await form.getByLabel('Valid until').fill(localInput(-2 * 24 * 60))
    await form.getByRole('button', { name: 'Create visitor' }).click()
    expect(await form.getByTestId('end-time-error').textContent()).toContain('in the past')
    expect(job.browser.sentChannels).not.toContain('visitors.create')
    await job.expectAccessible('visitor form with a refused field')

    await form.getByLabel('Valid from').fill(localInput(-30))
    await form.getByLabel('Valid until').fill(localInput(6 * 60))
    await form.getByRole('button', { name: 'Create visitor' }).click()
    const details = page.getByTestId('visitor-details')
    await details.waitFor()
    expect(await details.getByTestId('visitor-resources').textContent()).toBe('Lobby (group), Server Room')
    await job.expectAccessible('visitor details')

    const { visitor, site, granted, lobbyDoors } = await stored()
    expect(visitor.status).toBe('ACTIVE')
    expect(groupNames(visitor, site)).toEqual(['Lobby'])
    expect(granted).toEqual([...lobbyDoors, 'Server Room'].sort())
  })

  it('gives the visitor a PIN and a QR code', async () => {
    const { page } = job
    const creds = page.getByTestId('visitor-credentials')
    await creds.getByRole('button', { name: 'Generate and assign PIN' }).click()
    expect(await creds.getByTestId('visitor-pin').textContent()).toMatch(/^\d{4,}$/)
    // No QR code yet, said plainly; nothing to download or revoke until one is assigned.
    await expect.poll(() => creds.getByTestId('qr-state').textContent()).toContain('No QR code yet')
    expect(await creds.getByRole('button', { name: 'Download QR (PNG)' }).isDisabled()).toBe(true)
    expect((await stored()).visitor.qr).toBeNull()
    await creds.getByRole('button', { name: 'Assign QR code' }).click()
    expect(await creds.getByTestId('qr-assigned').textContent()).toContain('QR code assigned to Rosa Holmgaard')
    await creds.getByTestId('visitor-qr').waitFor()
    await job.expectAccessible('credentials panel')

    // The card picker and the revoke question, passed through and left without a change.
    await creds.getByRole('button', { name: 'Pick a card…' }).click()
    const cardDialog = page.getByRole('dialog')
    await cardDialog
      .getByRole('list')
      .or(cardDialog.getByText(/no card|No NFC|enroll one/i))
      .first()
      .waitFor()
    await job.expectAccessible('card picker')
    await page.keyboard.press('Escape')
    await cardDialog.waitFor({ state: 'detached' })
    await creds.getByRole('button', { name: 'Revoke QR code…' }).click()
    await creds.getByTestId('revoke-qr').waitFor()
    await job.expectAccessible('revoke QR question')
    await creds.getByRole('button', { name: 'Keep it' }).click()
    expect(job.browser.sentChannels).not.toContain('visitors.unassignQr')

    const { visitor } = await stored()
    expect(visitor.pin_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(visitor.qr).toBeTruthy()
  })

  it('prints the badge to PDF with a logo and a long site name; the VISITOR tag is whole on every label', async () => {
    const { page } = job
    await page.getByTestId('visitor-credentials').getByRole('button', { name: 'Make a badge…' }).click()
    const preview = page.getByTestId('badge-preview')
    await preview.waitFor()
    expect(await page.getByLabel('Visitor', { exact: true }).inputValue()).toBe('Rosa Holmgaard')
    await job.expectAccessible('Badges')

    await page.getByLabel('Site name on the badge').fill(SITE_NAME)
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGO_SVG)
    })
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByTestId('action-announcer').filter({ hasText: 'Badge settings saved' }).waitFor()
    await preview.locator('img.b-logo').waitFor()
    await expect.poll(() => preview.textContent()).toContain(SITE_NAME)

    for (const stock of STOCKS) {
      await page.getByTestId('badge-stock').selectOption(stock)
      const badge = preview.locator(`.visitor-badge.stock-${stock}`)
      await badge.waitFor()
      const fit = await badge.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const tag = el.querySelector('.b-kind')!.getBoundingClientRect()
        const site = el.querySelector('.b-site') as HTMLElement
        const qr = el.querySelector('.b-qr')!.getBoundingClientRect()
        return {
          tagInside: tag.left >= box.left && tag.right <= box.right + 0.5 && tag.width > 20,
          tagText: (el.querySelector('.b-kind') as HTMLElement).innerText,
          siteWhole: site.scrollHeight <= site.clientHeight + 1,
          qrInside: qr.bottom <= box.bottom + 0.5 && qr.right <= box.right + 0.5
        }
      })
      expect(fit, stock).toEqual({ tagInside: true, tagText: 'VISITOR', siteWhole: true, qrInside: true })
      await badge.screenshot({ path: join(out.path, `badge-${stock}.png`) })
    }

    await page.getByTestId('badge-stock').selectOption('dymo-30256')
    // Web mode with no printer of main's: Print hands the badge to the browser's print dialog.
    await page.getByRole('button', { name: 'Print badge' }).click()
    await page.getByTestId('badge-done').filter({ hasText: 'print dialog' }).waitFor()
    await page.emulateMedia({ media: 'print' })
    const pdfPath = join(out.path, 'badge.pdf')
    await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true })
    await page.emulateMedia({ media: 'screen' })

    const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' })
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!
    const width = Number(size[1])
    expect(Math.abs(width - 59 * PT_PER_MM)).toBeLessThan(1.5)
    // The first page, as an image and as placed words: the tag and the site's name are on it, whole.
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', pdfPath, join(out.path, 'p1')])
    const png = await readFile(join(out.path, 'p1.png'))
    expect(png.readUInt32BE(16)).toBe(Math.round((width / 72) * 150))
    const words = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', pdfPath, '-'], { encoding: 'utf8' })
    const tag = /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">VISITOR<\/word>/.exec(words)
    expect(tag, 'VISITOR on the first page').not.toBeNull()
    // Inside the label and its 4 mm margin, not cut at the edge.
    expect(Number(tag![2])).toBeLessThanOrEqual(width - 3 * PT_PER_MM)
    for (const word of SITE_NAME.split(' ')) expect(words).toContain(`>${word}</word>`)
    expect(words).toContain('>Rosa</word>')
  })

  it('edits the visitor, adding one door: every earlier door stays granted on the console', async () => {
    const { page } = job
    await job.open('Visitors')
    await page.getByLabel('Name', { exact: true }).fill('Rosa Holmgaard')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const table = page.getByTestId('visitors-table')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    expect(await page.getByTestId('pager-summary').textContent()).toContain('1 visitor')
    await table.getByRole('button', { name: 'Rosa Holmgaard' }).click()
    await page.getByTestId('visitor-details').getByRole('button', { name: 'Edit…' }).click()
    const form = page.getByTestId('visitor-form')
    const picker = form.getByTestId('resource-picker')
    await picker.getByLabel(/Server Room/).waitFor()
    expect(await picker.getByLabel(/Server Room/).isChecked()).toBe(true)
    expect(await picker.getByRole('checkbox', { name: /^Lobby\s*\(/ }).isChecked()).toBe(true)
    await job.expectAccessible('edit form')
    await picker.getByRole('checkbox', { name: /^Office/ }).check()
    await form.getByRole('button', { name: 'Save changes' }).click()
    const details = page.getByTestId('visitor-details')
    await details.waitFor()
    expect(await details.getByTestId('visitor-resources').textContent()).toBe('Lobby (group), Server Room, Office')

    const { visitor, site, granted, lobbyDoors } = await stored()
    expect(groupNames(visitor, site)).toEqual(['Lobby'])
    expect(granted).toEqual([...lobbyDoors, 'Server Room', 'Office'].sort())
    // Only the doors changed: the one-time visit got no weekly schedule.
    expect(visitor.schedule.week).toBeNull()
    await page.getByTestId('visitor-details').getByRole('button', { name: 'Edit…' }).click()
    expect(await page.getByTestId('visitor-form').getByLabel('Recurring visit').isChecked()).toBe(false)
    await page.getByTestId('visitor-form').getByRole('button', { name: 'Cancel' }).click()
  })

  it('cancels the visit: says what the console keeps, and the badge is refused', async () => {
    const { page } = job
    const before = (await stored()).visitor
    await page.getByTestId('visitor-details').getByRole('button', { name: 'Cancel visit…' }).click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.getByTestId('cancel-credentials').textContent()).toContain('will keep the PIN')
    // The destructive button does not take the default focus.
    expect(
      await dialog.getByRole('button', { name: 'Cancel visit' }).evaluate((b) => b === document.activeElement)
    ).toBe(false)
    await job.expectAccessible('cancel dialog')
    await dialog.getByRole('button', { name: 'Cancel visit' }).click()
    const note = page.getByTestId('cancel-note')
    await note.waitFor()
    expect(await note.textContent()).toContain('The console keeps the PIN')
    const details = page.getByTestId('visitor-details')
    await expect.poll(() => details.textContent()).toContain('Cancelled')
    expect(
      await page.getByTestId('visitor-credentials').getByRole('button', { name: 'Make a badge…' }).isDisabled()
    ).toBe(true)
    await job.expectAccessible('cancelled visitor')

    // As the console leaves them: the status changes, the PIN and the QR code stay on the visitor.
    const { visitor, granted, lobbyDoors } = await stored()
    expect(visitor.status).toBe('CANCELLED')
    expect(visitor.pin_hash).toBe(before.pin_hash)
    expect(visitor.qr).toBe(before.qr)
    expect(granted).toEqual([...lobbyDoors, 'Server Room', 'Office'].sort())

    // Badges: found by full name in the other order, and refused.
    await job.open('Badges')
    const field = page.getByLabel('Visitor', { exact: true })
    // The screen opens on the visitor chosen before (read from the console); the search starts after.
    await expect.poll(() => field.inputValue()).toBe('Rosa Holmgaard')
    await field.fill('holmgaard rosa')
    await page.getByRole('button', { name: 'Find visitor' }).click()
    await page
      .getByRole('list', { name: 'Visitors found' })
      .getByRole('button', { name: /Rosa Holmgaard/ })
      .click()
    const refused = page.getByTestId('badge-refused')
    await refused.waitFor()
    expect(await refused.textContent()).toContain('was cancelled')
    expect(await page.getByRole('button', { name: 'Print badge' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Save as PDF' }).isDisabled()).toBe(true)
    await job.expectAccessible('Badges, refused')

    // A visit that has ended (the status filter speaks words): a warning and a deliberate choice.
    await job.open('Visitors')
    // The status filter applies without a name (the console ignores it with one, and the screen says so).
    expect(await page.getByLabel('Status').isDisabled()).toBe(true)
    await page.getByLabel('Name', { exact: true }).fill('')
    // Applied as soon as it changes, without pressing Search.
    await page.getByLabel('Status').selectOption({ label: 'Left' })
    const table = page.getByTestId('visitors-table')
    await expect.poll(async () => (await table.locator('tbody').textContent()) ?? '').not.toContain('Here')
    const leftRow = table.locator('tbody tr', { hasText: 'Left' }).first()
    const leftName = (await leftRow.getByRole('button').textContent())!.trim()
    await leftRow.getByRole('button').click()
    // Its details offer no badge (one rule of what a visit's stage allows), and say why beside the button.
    const make = page.getByTestId('visitor-credentials').getByRole('button', { name: 'Make a badge…' })
    expect(await make.isDisabled()).toBe(true)
    const why = await make.evaluate((b) =>
      (b.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    )
    expect(why).toMatch(/visit that is over/)
    // Badges itself still makes one deliberately: found by name, warned, made only when chosen.
    await job.open('Badges')
    await page.getByLabel('Visitor', { exact: true }).fill(leftName)
    await page.getByRole('button', { name: 'Find visitor' }).click()
    await page
      .getByRole('list', { name: 'Visitors found' })
      .getByRole('button', { name: new RegExp(leftName) })
      .first()
      .click()
    const ended = page.getByTestId('badge-ended')
    await ended.waitFor()
    expect(await page.getByRole('button', { name: 'Print badge' }).isDisabled()).toBe(true)
    await job.expectAccessible('Badges, visit ended')
    await ended.getByRole('checkbox', { name: /Make the badge anyway/ }).click()
    await page.getByTestId('badge-preview').waitFor()
    expect(await page.getByRole('button', { name: 'Print badge' }).isEnabled()).toBe(true)
    // Previewing badges assigned no QR code: the only assignment was the explicit one.
    expect(job.browser.sentChannels.filter((c) => c === 'visitors.assignQr')).toHaveLength(1)
    expect(job.browser.errors).toEqual([])
  })
})
