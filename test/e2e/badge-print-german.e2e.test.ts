import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinter, type IppPrinterStack } from '../support/ipp-printer'
import { kioskDoors } from '../support/kiosk-visit'

interface HeldVisitor {
  id: string
  qr?: string | null
}

/**
 * A German desk's badge printing, in Chromium over web mode, with a real IPP printer that takes no
 * label stock (ippeveprinter's own Letter and A4): Badge printers says so on its row before anyone
 * picks it; a badge printed to it is refused with no QR code given on the console, and its Audit row
 * says why in German (no English of main's). On Today, P on a visitor under Left, whose badge is off,
 * says why once in the live region and keeps the focus on the visitor. axe-core on each state.
 */
describe('badge printing on a German desk (Chromium, web mode, real IPP printer)', () => {
  let job: Job
  let stack: IppPrinterStack
  let office: IppPrinter
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    stack = await ippPrinterStack()
    office = await stack.start({ media: 'office', name: 'Office' })
    job = await startJob()
    const resources = await kioskDoors({
      call: (channel, input) => job.desk(...(channel.split('.') as [string, string]), input)
    })
    const from = Math.floor(Date.now() / 1000) - 1800
    const visit = async (first: string, last: string) =>
      (
        await job.desk('visitors', 'create', {
          first_name: first,
          last_name: last,
          visitor_company: 'Globex',
          visit_reason: 'Business',
          start_time: from,
          end_time: from + 6 * 3600,
          week_schedule: null,
          resources
        })
      ).id as string
    ids['ana'] = await visit('Ana', 'Ruiz')
    ids['lena'] = await visit('Lena', 'Park')
    // Lena came and left: her visit ended at the desk, so Today lists her under Left.
    await job.control('POST', '/visitor-taps', { visitor_id: ids['lena'] })
    await job.desk('visitors', 'endVisit', { id: ids['lena'] })
    await job.desk('badges', 'addPrinter', { url: office.url, name: 'Office' })
    const settings = await job.desk('badges', 'settings')
    await job.desk('badges', 'saveSettings', { ...settings, printer: office.url, silent: true })
    await job.chooseLanguage('de')
  }, IPP_STACK_HOOK_MS + 60_000)
  afterAll(async () => {
    await job?.close()
    await stack?.stop()
  })

  const qrOf = async (id: string) =>
    ((await job.state('visitors')) as HeldVisitor[]).find((v) => v.id === id)?.qr ?? null

  it('the office printer is listed as taking no badge label; a badge printed to it is refused, no QR code given, and Audit says why in German', async () => {
    const { page } = job
    await job.open('Badges')
    const office = page.getByTestId('badge-printer').filter({ hasText: 'Office' })
    await expect
      .poll(() => office.getByTestId('badge-printer-media').textContent(), { timeout: 15_000 })
      .toMatch(/^Nimmt keine Etiketten im Format 62 × 100 mm an .*Er nimmt .*(Letter|A4)/)
    await job.expectAccessible('Ausweise: a printer that takes no badge label')

    await job.open('Today')
    await page.getByRole('button', { name: 'Ausweis drucken für Ana Ruiz' }).click()
    const print = page.getByRole('button', { name: 'Ausweis drucken', exact: true })
    await expect.poll(() => print.isEnabled(), { timeout: 15_000 }).toBe(true)
    await print.click()
    const refusal = page.getByRole('alert').filter({ hasText: 'Office' })
    await expect.poll(() => refusal.textContent()).toMatch(/nimmt keine Etiketten im Format 62 × 100 mm an/)
    await job.expectAccessible('Ausweise: the badge refused by the printer')
    // The console: no QR code given for a badge that could not come out.
    expect(await qrOf(ids['ana']!)).toBeNull()

    await job.open('Audit')
    const table = page.getByTestId('audit-table')
    const row = table.getByRole('row').filter({ hasText: 'Ana Ruiz' }).filter({ hasText: 'Office' })
    await row.first().waitFor()
    const message = row.first().getByTestId('audit-message')
    await expect
      .poll(() => message.textContent())
      .toMatch(/Der Drucker „Office“ nimmt keine Etiketten im Format 62 × 100 mm an/)
    expect(await message.textContent()).not.toMatch(/auf Englisch aufgezeichnet|does not take|No badge was printed/)
    expect(await message.locator('[lang="en"]').count()).toBe(0)
    // The journal keeps main's English for the file and the CLI, and the row is a refused badge print.
    expect((await job.audit()).filter((r) => r.action === 'badge print')).toEqual([
      expect.objectContaining({ outcome: 'refused', code: 'PRINTER_MEDIA_UNSUPPORTED' })
    ])
    await job.expectAccessible('Protokoll: a refused badge print in German')
  })

  it('Today: P on a visitor under Left says once why there is no badge, and the focus stays on her', async () => {
    const { page } = job
    await job.open('Today')
    const lena = page.getByTestId('today-group-left').getByTestId('today-row').filter({ hasText: 'Lena Park' })
    await lena.waitFor()
    const name = lena.getByRole('button', { name: 'Lena Park', exact: true })
    await name.focus()
    await page.keyboard.press('p')
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: 'Ein beendeter Besuch bekommt keinen Ausweis: Sein Code würde keine Tür öffnen' })
      .waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Lena Park')
    // Still Today: no badge was asked for.
    expect(await page.getByTestId('today-group-left').count()).toBe(1)
    await job.expectAccessible('Heute: P on a visitor whose badge is off')
  })
})
