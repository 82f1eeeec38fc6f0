import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { buttonsCovered, overflowing } from '../support/overflowing'
import { screenshotPath } from '../support/screenshots'
import { tlsIppPrinter, type TlsIppPrinter } from '../support/ipp-printer'

/**
 * A long unbroken word a person typed — a file name kept as a batch's name, a pasted search — wraps
 * inside its box on every screen that shows it back (Chromium 1366×768): the screen never scrolls
 * sideways, nothing runs over a panel's edge, and every button stays whole and clickable. A batch named
 * after its 78-character CSV file once laid the batch's title over the Batches panel (a click on
 * "New batch…" landed on the title); an 80-character one pushed Add and Delete batch… out of view; a
 * pasted search widened the Consoles screen and pushed Find off it.
 */
const fileName = 'rentree_2026_batiment_A_badges_visiteurs_et_personnel_temporaire_export_RH.csv'
const longest = `${fileName}_2`

describe('a long unbroken word typed wraps on every screen that shows it back', () => {
  let job: Job
  let printer: TlsIppPrinter
  beforeAll(async () => {
    ;[job, printer] = await Promise.all([startJob(), tlsIppPrinter({ name: 'Lobby labels' })])
  }, 120_000)
  afterAll(async () => {
    await job?.close()
    await printer?.stop()
  })

  /** What a person would see wrong on the screen now: overflow, and buttons a click would not reach. */
  async function faults(root = 'main'): Promise<string[]> {
    // A field holding the long word scrolls it inside itself, as every text field does: not a fault.
    return [...(await overflowing(job.page, root, 'input')), ...(await buttonsCovered(job.page, root))]
  }

  /** The element drawn whole inside the screen's part (main), not past its edge or scrolled out sideways. */
  function whole(element: Locator): Promise<boolean> {
    return element.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const main = el.closest('main')!.getBoundingClientRect()
      return r.width > 0 && r.left >= main.left - 1 && r.right <= main.right + 1
    })
  }

  it.each([
    ['a CSV file’s name (78 characters)', fileName],
    ['the longest a batch may have (80)', longest]
  ])(
    'Import: a batch named %s',
    async (_, name) => {
      const { page } = job
      expect(name.length).toBeGreaterThanOrEqual(78)
      expect(name.length).toBeLessThanOrEqual(80)
      await job.open('Import')
      await page.getByRole('button', { name: 'New batch…' }).click()
      await page.getByTestId('batch-name').fill(name)
      await page.getByRole('button', { name: 'Create batch' }).click()
      await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe(name)
      await job.settled()
      expect(await faults()).toEqual([])
      // The batch's own buttons, each whole in the window (they were cut at the window's edge).
      for (const button of ['Add', 'Delete batch…', 'New batch…']) {
        expect(await whole(page.getByRole('button', { name: button, exact: true })), button).toBe(true)
      }
      // A batch is this computer's until it is uploaded: kept under the whole name typed, nothing cut.
      await page.screenshot({ path: screenshotPath(`import-long-batch-name-${name.length}.png`) })
      const kept = (await job.desk('batches', 'list')) as { batches: { name: string }[] }
      expect(kept.batches.map((b) => b.name)).toContain(name)
    },
    60_000
  )

  it('Consoles: a pasted search of one long word, then Find', async () => {
    const { page } = job
    await job.open('Consoles')
    const query = `Ben Ng ${'q'.repeat(123)}`
    const field = page.getByRole('searchbox', { name: /^Name, email, employee number/ })
    await field.fill(query)
    const find = page.getByRole('button', { name: 'Find on every console' })
    await find.click()
    await page.getByRole('heading', { name: `Found for “${query}”` }).waitFor()
    await job.settled()
    expect(await faults()).toEqual([])
    await page.screenshot({ path: screenshotPath('consoles-long-find.png') })
    expect(await whole(find)).toBe(true)
    expect(await field.inputValue()).toBe(query)
  }, 60_000)

  it('Visitors: a visitor whose first and last names are each one word of 64 characters, the list and the details', async () => {
    const { page } = job
    const first = `Wolfeschlegelsteinhausenbergerdorff${'x'.repeat(29)}`
    const last = `Bartholomew${'y'.repeat(53)}`
    const doors = await job.desk('sites', 'doors')
    const from = Math.floor(Date.now() / 1000) - 1800
    const created = await job.desk('visitors', 'create', {
      first_name: first,
      last_name: last,
      visit_reason: 'Business',
      start_time: from,
      end_time: from + 6 * 3600,
      week_schedule: null,
      resources: [{ id: doors.items[0].id, type: 'door' }]
    })
    // The console holds the names whole: what the screens show back is what was typed.
    const held = ((await job.state('visitors')) as { id: string; first_name: string; last_name: string }[]).find(
      (v) => v.id === created.id
    )
    expect(held).toMatchObject({ first_name: first, last_name: last })
    await job.open('Visitors')
    await page.getByTestId('visitors-table').getByText(first).first().waitFor()
    await job.settled()
    expect(await faults()).toEqual([])
    await page
      .getByTestId('visitors-table')
      .getByRole('button', { name: new RegExp(first) })
      .first()
      .click()
    await page.getByTestId('visitor-details').waitFor()
    await job.settled()
    expect(await faults()).toEqual([])
  }, 60_000)

  it('Badges: a printer named with one word of 80 characters', async () => {
    const { page } = job
    const name = `Lobby_label_printer_${'z'.repeat(60)}`
    const probed = await job.desk('badges', 'probePrinter', { url: printer.url })
    await job.desk('badges', 'addPrinter', {
      url: printer.url,
      name,
      fingerprint256: (probed.certificate as { fingerprint256: string }).fingerprint256
    })
    await job.open('Badges')
    await page.getByTestId('badge-printers').getByText(name).first().waitFor()
    await job.settled()
    expect(await faults()).toEqual([])
  }, 60_000)
})
