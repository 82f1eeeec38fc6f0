import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinter, type IppPrinterStack } from '../support/ipp-printer'
import { readPdf } from '../support/pdf-check'
import { kioskDoors } from '../support/kiosk-visit'

/**
 * Badges on a real printer, in web mode (a browser-only badge station): the desk adds an IPP printer
 * (ippeveprinter on loopback) by its address on Badges, sees its state and prints a test label; the
 * kiosk checks a visitor in and the badge arrives at the printer with nothing clicked but the kiosk's
 * own buttons — the document the printer kept is the label's size, with the visitor's name and the
 * console's QR value. A printer out of labels: the kiosk says to see the desk and why (in the visitor's
 * Spanish: the printer's own reason is worded from its IPP keyword), Today says why,
 * and the print history holds no badge for that visitor.
 */
describe('badge printing to a real IPP printer, web mode', () => {
  let job: Job
  let stack: IppPrinterStack
  let printer: IppPrinter
  let empty: IppPrinter
  let aborting: IppPrinter
  const ids: Record<string, string> = {}

  /** A call through the app's bridge in the tab, as the desk makes it (job.desk). */
  const api = (ns: string, method: string, input?: unknown) => job.desk(ns, method, input)

  beforeAll(async () => {
    stack = await ippPrinterStack()
    printer = await stack.start({ name: 'Lobby labels' })
    empty = await stack.start({ behaviour: 'out-of-media', name: 'Empty labels' })
    aborting = await stack.start({ behaviour: 'aborts', name: 'Jammed labels' })
    job = await startJob()
    const from = Math.floor(Date.now() / 1000) - 1800
    // The kiosk checks in only a visit that opens a door (shared/kiosk/check-in-rule.ts).
    const resources = await kioskDoors({
      call: (channel, input) => api(...(channel.split('.') as [string, string]), input)
    })
    const visit = (first: string, last: string) =>
      api('visitors', 'create', {
        first_name: first,
        last_name: last,
        visitor_company: 'Globex',
        visit_reason: 'Business',
        start_time: from,
        end_time: from + 6 * 3600,
        week_schedule: null,
        resources
      })
    ids['mira'] = (await visit('Mira', 'Solberg')).id
    ids['omar'] = (await visit('Omar', 'Quist')).id
    await api('kiosk', 'saveSettings', { idleSeconds: 120, directions: '', deskName: 'the front desk', pin: '582046' })
  }, IPP_STACK_HOOK_MS + 60_000)
  afterAll(async () => {
    await job?.close()
    await stack?.stop()
  })

  it('adds the printer by its address on Badges, shows it Ready and prints a test label', async () => {
    const { page } = job
    await job.open('Badges')
    const panel = page.getByTestId('badge-printers')
    await panel.getByLabel('Printer address').fill('not a printer')
    await panel.getByRole('button', { name: 'Add printer' }).click()
    await panel.getByText('is not a printer address').waitFor()
    // What was typed stays, to be corrected.
    expect(await panel.getByLabel('Printer address').inputValue()).toBe('not a printer')
    await panel.getByLabel('Printer address').fill(printer.url)
    await panel.getByLabel('Name (optional)').fill('Lobby labels')
    await panel.getByRole('button', { name: 'Add printer' }).click()
    const row = panel.getByTestId('badge-printer').filter({ hasText: 'Lobby labels' })
    await row.getByTestId('badge-printer-state').filter({ hasText: 'Ready' }).waitFor()
    await row.getByRole('button', { name: 'Print a test label on Lobby labels' }).click()
    await row.getByText(/Test label printed \(job \d+\)/).waitFor()
    expect(readPdf((await printer.documents())[0]!.path).text).toContain('Test label')
    await job.expectAccessible('Badges → badge printers')
  })

  it('the kiosk checks a visitor in and the badge arrives at the printer with nothing clicked', async () => {
    const { page } = job
    const settings = await api('badges', 'settings')
    await api('badges', 'saveSettings', { ...settings, printer: printer.url, silent: true })
    const before = (await printer.documents()).length
    const entered = await api('kiosk', 'enter')
    await page.evaluate((path) => location.assign(path), entered.path as string)
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    await page.getByRole('button', { name: 'Check in' }).click()
    await page.getByLabel('Your first and last name').fill('Mira Solberg')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Is this your visit?' }).waitFor()
    await page.getByRole('button', { name: 'Yes, print my badge' }).click()
    await page.getByRole('heading', { name: 'Welcome, Mira Solberg' }).waitFor()
    expect(await page.getByTestId('kiosk-done').textContent()).toContain('Take your badge from the printer.')

    const docs = await printer.documents()
    expect(docs).toHaveLength(before + 1)
    const kept = readPdf(docs.at(-1)!.path)
    expect(kept.pages).toBe(1)
    expect(kept.widthMm).toBeCloseTo(62, 0)
    expect(kept.heightMm).toBeCloseTo(100, 0)
    expect(kept.text).toContain('Mira Solberg')
    const held = (await job.state('visitors')).find((v: { id: string }) => v.id === ids['mira'])
    expect(held.qr).toBeTruthy()
    expect(kept.qr).toBe(held.qr)
    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
  })

  it('a printer out of labels: the kiosk sends the visitor to the desk and says why, in the visitor’s Spanish', async () => {
    const { page } = job
    await api('badges', 'addPrinter', { url: empty.url, name: 'Empty labels' })
    const settings = await api('badges', 'settings')
    await api('badges', 'saveSettings', { ...settings, printer: empty.url, silent: true })
    await page.getByRole('button', { name: 'Español' }).click()
    await page.getByRole('button', { name: 'Registrar mi llegada' }).click()
    await page.getByLabel('Su nombre y apellidos').fill('Omar Quist')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: '¿Es esta su visita?' }).waitFor()
    await page.getByRole('button', { name: 'Sí, imprimir mi tarjeta' }).click()
    await page.getByRole('heading', { name: 'No se ha podido imprimir su tarjeta' }).waitFor()
    expect(await page.getByTestId('kiosk-print-failed').textContent()).toContain('Por favor, diríjase a')
    // The printer said media-empty (IPP printer-state-reasons): its reason in the visitor's language.
    const reason = page.getByTestId('kiosk-print-reason')
    await expect.poll(() => reason.textContent()).toMatch(/^La impresora «Empty labels» se ha quedado sin etiquetas\./)
    expect(await reason.getAttribute('lang')).toBeNull()
    await job.expectAccessible('kiosk: badge not printed, in Spanish')
    await page.getByRole('button', { name: 'Listo' }).click()
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
  })

  it('Today shows why, and the print history holds the badge the printer finished and, as not printed, the one it did not', async () => {
    const { page } = job
    const left = await api('kiosk', 'exit', { pin: '582046' })
    await page.evaluate((path) => location.assign(path), left.path as string)
    await page.getByRole('navigation').waitFor()
    await job.open('Today')
    const checkins = page.getByTestId('kiosk-checkins')
    const omar = checkins.getByRole('row').filter({ hasText: 'Omar Quist' })
    await omar.waitFor()
    expect(await omar.textContent()).toContain(
      'Checked in, no badge came out: The printer “Empty labels” is out of labels.'
    )
    expect(await omar.textContent()).toContain('Load a new roll of labels')
    expect(await checkins.getByRole('row').filter({ hasText: 'Mira Solberg' }).textContent()).toContain(
      'Printed on Lobby labels'
    )
    await job.expectAccessible('Today: a badge not printed')

    const { items } = await api('badges', 'history', { limit: 50 })
    // Newest first: Omar's attempt, which the printer did not print (no job, its reason), then Mira's badge.
    expect(items.map((e: { visitorId: string }) => e.visitorId)).toEqual([ids['omar'], ids['mira']])
    expect(items[0]).toMatchObject({ output: 'printer', printer: 'Empty labels' })
    expect(items[0].jobId).toBeUndefined()
    expect(items[0].failed.reason).toMatch(/out of labels/)
    expect(items[1]).toMatchObject({ output: 'printer', printer: 'Lobby labels', jobId: expect.any(Number) })
    expect(items[1].failed).toBeUndefined()
    await job.open('Badges')
    const history = page.getByTestId('badge-history')
    await history.waitFor()
    expect(await history.getByRole('row').filter({ hasText: 'Mira Solberg' }).textContent()).not.toContain(
      'Not printed'
    )
    const omarRow = history.getByRole('row').filter({ hasText: 'Omar Quist' })
    expect(await omarRow.getByTestId('history-failed').textContent()).toMatch(/Not printed: .*out of labels/)
    // Added meanwhile (through main, while the kiosk was shown): the screen reads the printers again.
    await page.getByRole('button', { name: 'Check printers again' }).click()
    const empties = page.getByTestId('badge-printer').filter({ hasText: 'Empty labels' })
    // The row may show the state of the read before the click, then "Reading…": wait for the new read's
    // state and its advice together.
    await empties
      .filter({ hasText: 'Load a new roll of labels' })
      .getByTestId('badge-printer-state')
      .filter({ hasText: 'Out of labels' })
      .waitFor()
    await job.expectAccessible('Badges: a printer out of labels')
  })
  it('a job the printer aborts is said as what to do, never its IPP keyword; once the badge printed after it, no Try again', async () => {
    const { page } = job
    await api('badges', 'addPrinter', { url: aborting.url, name: 'Jammed labels' })
    const settings = await api('badges', 'settings')
    await api('badges', 'saveSettings', { ...settings, printer: aborting.url, silent: true })
    // Read afresh: the screen's printer choice starts from the badge printer of the settings.
    await page.reload()
    const history = page.getByTestId('badge-history')
    await history.waitFor()
    await history.getByRole('button', { name: 'Try again Omar Quist’s badge…' }).first().click()
    const print = page.getByRole('button', { name: 'Print badge' })
    await expect.poll(() => print.isEnabled(), { timeout: 15_000 }).toBe(true)
    await print.click()
    const alert = page.getByRole('alert').filter({ hasText: 'Jammed labels' })
    await alert.waitFor({ timeout: 60_000 })
    expect(await alert.textContent()).toContain('The printer “Jammed labels” stopped the badge itself.')
    expect(await alert.textContent()).toContain('Look at the printer’s display or lights for what it needs')
    expect(await page.textContent('body')).not.toMatch(/aborted-by-system|reports “/)
    const failedRows = history.getByRole('row').filter({ hasText: 'Omar Quist' })
    await expect.poll(() => failedRows.count()).toBe(2)
    expect(await failedRows.first().textContent()).toContain('stopped the badge itself')
    await job.expectAccessible('Badges: a job the printer aborted')

    // The same badge, printed on the printer that works: the printer holds its document.
    const before = (await printer.documents()).length
    await api('badges', 'saveSettings', { ...(await api('badges', 'settings')), printer: printer.url, silent: true })
    await page.reload()
    await history.waitFor()
    await history.getByRole('button', { name: 'Try again Omar Quist’s badge…' }).first().click()
    await expect.poll(() => print.isEnabled(), { timeout: 15_000 }).toBe(true)
    await print.click()
    await expect.poll(async () => (await printer.documents()).length, { timeout: 60_000 }).toBe(before + 1)
    // Recorded once the printer says the job completed (after it received the document).
    const newest = async () => (await api('badges', 'history', { limit: 50 })).items[0]
    await expect.poll(async () => (await newest()).printer, { timeout: 60_000 }).toBe('Lobby labels')
    const items = [await newest()]
    expect(items[0]).toMatchObject({ visitorId: ids['omar'], printer: 'Lobby labels', jobId: expect.any(Number) })
    expect(items[0].failed).toBeUndefined()
    // Both failed attempts now say so, and neither invites a second badge.
    const omarRows = history.getByRole('row').filter({ hasText: 'Omar Quist' })
    await expect.poll(() => omarRows.count()).toBe(3)
    const later = history.getByTestId('history-printed-later')
    await expect.poll(() => later.count()).toBe(2)
    expect(await later.first().textContent()).toMatch(/^Printed later, at /)
    expect(await history.getByRole('button', { name: /^Try again Omar Quist/ }).count()).toBe(0)
    expect(await history.getByRole('button', { name: 'Reprint Omar Quist’s badge…' }).count()).toBe(1)
    await job.expectAccessible('Badges: a failed print printed later')
  }, 180_000)
})
