import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinter, type IppPrinterStack } from '../support/ipp-printer'
import { readPdf } from '../support/pdf-check'
import { relayToLoopback } from '../support/dns-sd'

const run = promisify(execFile)

/**
 * An ipps:// badge printer in web mode, against a real TLS IPP printer on loopback (ippeveprinter with
 * its own self-signed certificate): the desk adds it on Badges only after confirming the fingerprint
 * shown, which is the one the printer serves (as openssl reads it), and prints a test label through the
 * pin. The printer then presents another certificate at the same address (reset, or a machine in its
 * place): the next print is refused with what to do, and no job reaches it. Last, "Find printers on
 * this network" hears it announce itself over DNS-SD (avahi, as a network printer does): chosen, it
 * fills the add form, and adding it asks for its certificate to be confirmed all the same.
 */
describe('an ipps:// badge printer, its certificate confirmed and pinned, web mode', () => {
  let job: Job
  let stack: IppPrinterStack
  let printer: IppPrinter
  let other: IppPrinter
  const stops: (() => Promise<void>)[] = []

  /** The SHA-256 fingerprint of the certificate served on a port, as openssl reads it (AA:BB:…). */
  async function servedFingerprint(port: number): Promise<string> {
    const { stdout } = await run('sh', [
      '-c',
      `openssl s_client -connect localhost:${port} </dev/null 2>/dev/null | openssl x509 -noout -fingerprint -sha256`
    ])
    return stdout.trim().split('=')[1]!
  }

  beforeAll(async () => {
    stack = await ippPrinterStack()
    printer = await stack.start({ name: 'Secure labels', tls: true, announce: true })
    job = await startJob()
  }, IPP_STACK_HOOK_MS + 60_000)
  afterAll(async () => {
    for (const stop of stops) await stop()
    await job?.close()
    await stack?.stop()
  })

  it('adds it once the fingerprint shown, the one the printer serves, is confirmed; prints a test label', async () => {
    const { page } = job
    await job.open('Badges')
    const panel = page.getByTestId('badge-printers')
    await panel.getByLabel('Printer address').fill(printer.ippsUrl!)
    await panel.getByLabel('Name (optional)').fill('Secure labels')
    await panel.getByRole('button', { name: 'Add printer' }).click()

    const dialog = page.getByRole('dialog', { name: `Trust the printer at ${printer.ippsUrl}?` })
    await dialog.waitFor()
    const shown = (await dialog
      .getByRole('group', { name: /^Printer's SHA-256 fingerprint / })
      .getAttribute('aria-label'))!
    expect(shown.split(' ').at(-1)).toBe(await servedFingerprint(printer.port))
    // Cancel first, with the focus; the trusting button is not the default.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel')
    await job.expectAccessible('Badges → the printer certificate dialog')

    await dialog.getByRole('button', { name: 'Trust and add printer' }).click()
    const row = panel.getByTestId('badge-printer').filter({ hasText: 'Secure labels' })
    await row.getByTestId('badge-printer-state').filter({ hasText: 'Ready' }).waitFor()
    const listed = (await job.desk('badges', 'printers')).items.find(
      (p: { name: string }) => p.name === printer.ippsUrl
    )
    expect(listed).toMatchObject({ displayName: 'Secure labels', fingerprint256: shown.split(' ').at(-1) })

    await row.getByRole('button', { name: 'Print a test label on Secure labels' }).click()
    await row.getByText(/Test label printed \(job \d+\)/).waitFor()
    const docs = await printer.documents()
    expect(docs).toHaveLength(1)
    expect(readPdf(docs[0]!.path).text).toContain('Test label')
  })

  it('another certificate at its address: the next print is refused with what to do, and no job reaches it', async () => {
    const { page } = job
    const trusted = await servedFingerprint(printer.port)
    await printer.stop()
    other = await stack.start({ name: 'Secure labels', tls: true, port: printer.port, announce: true })
    expect(await servedFingerprint(other.port)).not.toBe(trusted)

    const row = page.getByTestId('badge-printers').getByTestId('badge-printer').filter({ hasText: 'Secure labels' })
    await row.getByRole('button', { name: 'Print a test label on Secure labels' }).click()
    const refusal = row.getByRole('alert')
    await refusal.waitFor()
    // The printer as the desk names it (its address, or its name), then what happened and its outcome:
    // a test label's, not a badge's.
    expect(await refusal.textContent()).toMatch(
      /^The certificate of the printer .+ is not the one you trusted\. The connection was refused\. The test label was not printed\./
    )
    expect(await refusal.textContent()).toMatch(/then choose Trust again on the printer in Badges/)
    // The remedy is on Badges, not in Settings (the printer's pin is not a console's).
    expect(await refusal.getByRole('button', { name: /Settings/ }).count()).toBe(0)
    expect(await other.documents()).toEqual([])
    await job.expectAccessible('Badges → a printer’s certificate refused')
  })

  it('finds it on the network (DNS-SD): chosen, it fills the add form, and its certificate is confirmed to add it', async () => {
    const { page } = job
    const panel = page.getByTestId('badge-printers')
    await panel.getByRole('button', { name: 'Find printers on this network' }).click()
    const found = panel.getByTestId('found-printer').filter({ hasText: 'Secure labels' })
    await found.waitFor({ timeout: 15_000 })
    expect(await found.textContent()).toContain('Encrypted (IPPS)')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Printers on this network')
    await job.expectAccessible('Badges → printers found on this network')
    // Announced at this machine's network address, where ippeveprinter (loopback only) is relayed.
    const [address, port] = (await found.locator('.mono').textContent())!.split(/:(?=\d+$)/)
    expect(Number(port)).toBe(other.port)
    stops.push((await relayToLoopback(address!, other.port)).stop)

    await found.getByRole('button', { name: `Use Secure labels at ${address}` }).click()
    const url = `ipps://${address}:${other.port}/ipp/print`
    expect(await panel.getByLabel('Printer address').inputValue()).toBe(url)
    expect(await panel.getByLabel('Name (optional)').inputValue()).toBe('Secure labels')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add printer')
    await panel.getByLabel('Name (optional)').fill('Found labels')
    await panel.getByRole('button', { name: 'Add printer' }).click()
    const dialog = page.getByRole('dialog', { name: `Trust the printer at ${url}?` })
    await dialog.waitFor()
    const shown = (await dialog
      .getByRole('group', { name: /^Printer's SHA-256 fingerprint / })
      .getAttribute('aria-label'))!
    expect(shown.split(' ').at(-1)).toBe(await servedFingerprint(other.port))
    await dialog.getByRole('button', { name: 'Trust and add printer' }).click()
    const row = panel.getByTestId('badge-printer').filter({ hasText: 'Found labels' })
    await row.getByTestId('badge-printer-state').filter({ hasText: 'Ready' }).waitFor()
    await row.getByRole('button', { name: 'Print a test label on Found labels' }).click()
    await row.getByText(/Test label printed \(job \d+\)/).waitFor()
    expect(await other.documents()).toHaveLength(1)
  })
})
