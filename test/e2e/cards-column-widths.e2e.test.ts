import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { request } from '../unit/demo-console/support'

/**
 * Cards' columns by what they hold, at 1366×768 with a card's details open beside the table, in
 * English and in German: imported cards (7-byte UIDs, numbered with their 17-digit decimal) whose
 * aliases an installer tells them apart by are shown whole up to 24 characters, and their Owner
 * column, empty, is no wider than its header. Measured in Chromium: nothing in an alias cell
 * overflows it (as the pseudo-locale walk measures clipping).
 */
const aliases = ['Imp-0231 Lager Nord', 'Imp-0232 Müller, Anna', 'Imp-0233 Lager Süd', 'Imp-0234 Empfang West']

describe("Cards' columns sized by their content at 1366×768 (Chromium, demo console)", () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
    // An installer's import of spare cards: 7-byte UIDs, aliases, no owner.
    const csv = aliases.map((alias, i) => `04C0FFEE0A1${i}0${i},"${alias}"`).join('\n')
    const answer = await request(job.demo.url, job.demo.ca, 'POST', '/api/v1/developer/credentials/nfc_cards/import', {
      token: job.demo.token,
      file: { field: 'file', name: 'spares.csv', content: `${csv}\n` }
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  /** Each row's alias and owner cells, measured, with the Owner header's own width. */
  async function measured(page: Page) {
    return page.evaluate(() => {
      const header = document.querySelectorAll('[role=grid] [role=columnheader]')[4] as HTMLElement
      const rows = [...document.querySelectorAll('[data-testid=card-rows] [role=row]:not([data-pending])')]
      return {
        ownerHeader: header.getBoundingClientRect().width,
        ownerLabel: (header.querySelector('button') as HTMLElement).scrollWidth,
        cells: rows.map((row) => {
          const cells = row.querySelectorAll<HTMLElement>('[role=gridcell]')
          const alias = cells[1]!
          return {
            alias: alias.textContent ?? '',
            scroll: alias.scrollWidth,
            client: alias.clientWidth,
            owner: cells[4]!.textContent?.trim() ?? ''
          }
        })
      }
    })
  }

  async function imported(page: Page, filterLabel: string, detailsLabel: string) {
    await page.getByRole('searchbox', { name: filterLabel }).fill('Imp-023')
    const rows = page.locator('[data-testid=card-rows] [role=row]:not([data-pending])')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(aliases.length)
    await rows.first().click()
    await page.getByRole('complementary', { name: detailsLabel }).waitFor()
    const shown = await measured(page)
    expect(shown.cells.map((c) => c.alias).sort()).toEqual([...aliases].sort())
    for (const c of shown.cells) {
      expect(c.owner).toBe('')
      expect(c.scroll, JSON.stringify(c)).toBeLessThanOrEqual(c.client)
    }
    // Empty, the Owner column is its header (label and sort arrow, padding) and no wider.
    expect(shown.ownerHeader, JSON.stringify(shown)).toBeLessThanOrEqual(shown.ownerLabel + 40)
  }

  it('shows each alias whole and the empty Owner column no wider than its header, details open', async () => {
    const { page } = job
    await job.open('Cards')
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    await imported(page, 'Filter cards', 'Card details')
    await job.expectAccessible('Cards, imported cards with their details')
  })

  it('in German too', async () => {
    const { page } = job
    await job.chooseLanguage('de')
    await job.open('Cards')
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/von [\d.]+ Karten/)
    await imported(page, 'Karten filtern', 'Kartendetails')
    expect(job.browser.errors).toEqual([])
  })
})
