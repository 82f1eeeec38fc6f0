import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { tlsIppPrinter, type TlsIppPrinter } from '../support/ipp-printer'
import { placeholdersCut } from '../support/overflowing'

/**
 * Badges at 1366×768 (the desk's usual screen), with a printer added: no field, button or list of the
 * screen cuts its words — its value or its placeholder (the printer address field was too narrow for
 * "ipp://192.168.1.40/ipp/print") — and the printer panel with its Remove… question passes axe.
 */
describe('Badges at 1366×768: nothing cut', () => {
  let job: Job
  let printer: TlsIppPrinter

  beforeAll(async () => {
    printer = await tlsIppPrinter({ name: 'Lobby labels' })
    job = await startJob()
    const probed = await job.desk('badges', 'probePrinter', { url: printer.url })
    await job.desk('badges', 'addPrinter', {
      url: printer.url,
      name: 'Lobby label printer',
      fingerprint256: (probed.certificate as { fingerprint256: string }).fingerprint256
    })
  }, 120_000)
  afterAll(async () => {
    await job?.close()
    await printer?.stop()
  })

  it('no field or button of Badges overflows, its placeholder included', async () => {
    const { page } = job
    await job.open('Badges')
    const panel = page.getByTestId('badge-printers')
    await panel.getByTestId('badge-printer').waitFor()
    const cut = await page.evaluate(() => {
      const screen = document.querySelector('[data-testid="badge-printers"]')!.closest('main') ?? document.body
      return [...screen.querySelectorAll<HTMLElement>('input, select, textarea, button')]
        .filter((el) => el.offsetParent !== null)
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map(
          (el) => el.getAttribute('aria-label') ?? el.closest('label')?.textContent?.trim() ?? el.textContent?.trim()
        )
    })
    // A placeholder is not in a field's scroll size: measured in the field's own font (one rule for every screen).
    cut.push(...(await placeholdersCut(page, 'main')))
    expect(cut).toEqual([])
    await job.expectAccessible('Badges, its printers')

    await panel.getByRole('button', { name: 'Remove the printer Lobby label printer…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Remove the printer Lobby label printer?' })
    await dialog.waitFor()
    await job.expectAccessible('Badges, Remove a printer')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })
})
