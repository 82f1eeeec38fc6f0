import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { screenshotPath } from '../support/screenshots'
import { overflowing as overflowingIn } from '../support/overflowing'
import { splitWords } from '../support/split-words'

/**
 * Today in the desk's language (issue 36): the desk chosen German reads Today in German — headings,
 * columns, buttons, the live line, the find's count — with <html lang="de"> and axe clean; in the
 * pseudo-locale (every string ~40 % longer, accented) at 1366×768 nothing on Today overflows or is
 * clipped, measured.
 */
describe('Today in the desk’s language (web mode, Chromium 1366×768)', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
    const now = Math.floor(Date.now() / 1000)
    for (const [first, last, company] of [
      ['Wiebke', 'Sørensen', 'Harbour Freight'],
      ['Jonas', 'Sørensen', 'Contoso']
    ]) {
      const booked = await job.api('POST', '/visitors', {
        first_name: first,
        last_name: last,
        visitor_company: company,
        visit_reason: 'Business',
        start_time: now - 300,
        end_time: now + 2 * 3600
      })
      expect(booked.status).toBe(200)
    }
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('reads Today in German, <html lang="de">, axe clean, the find counted by German plurals', async () => {
    const { page } = job
    await job.chooseLanguage('de')
    await job.open('Today')
    await page.getByRole('heading', { level: 1, name: 'Heute' }).waitFor()
    expect(await job.lang()).toBe('de')
    await page.getByRole('button', { name: 'Wiebke Sørensen', exact: true }).waitFor()
    expect(await page.getByTestId('today-source').textContent()).toMatch(/Liste gelesen um/)
    expect(await page.getByRole('button', { name: /Spontanbesucher erfassen…/ }).count()).toBe(1)
    expect(await page.getByRole('columnheader', { name: 'Ansprechpartner' }).count()).toBeGreaterThan(0)
    expect(await page.getByRole('button', { name: 'Ausweis drucken für Wiebke Sørensen' }).count()).toBe(1)
    expect(await page.getByRole('heading', { name: 'Anmeldungen am Kiosk' }).count()).toBe(1)
    // Each German word whole on its line at 1366×768, the whole list shown: a column too narrow split
    // "Ansprechpartner" mid-word (the columns are sized for German's longest words).
    expect(await splitWords(page, '[data-testid="today-list"]')).toEqual([])

    const find = page.getByRole('searchbox', { name: 'Besucher von heute suchen' })
    await find.fill('Sørensen')
    await page
      .getByTestId('today-found')
      .filter({ hasText: /^2 von \d+ Besuchern heute passen$/ })
      .waitFor()
    await find.fill('Wiebke')
    await page
      .getByTestId('today-found')
      .filter({ hasText: /^1 von \d+ Besuchern heute passt$/ })
      .waitFor()
    await job.expectAccessible('Today in German')
    // German's longer words (and its one-word headers) stay in their boxes too.
    expect(await overflowing(page)).toEqual([])
    await page.screenshot({ path: screenshotPath('today-de.png') })
    await find.fill('')
  })

  it('in French and Spanish at 1366×768: every column heading whole on its lines, axe clean', async () => {
    const { page } = job
    // Spanish "Credenciales" was split "Credencial|es" in a column sized for English (Debian's Chromium
    // hyphenates nothing): the accessibility check holds every heading of every screen whole (split-words.ts).
    for (const [language, title] of [
      ['fr', 'Aujourd’hui'],
      ['es', 'Hoy']
    ] as const) {
      await job.chooseLanguage(language)
      await job.open('Today')
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      await page.getByRole('button', { name: 'Wiebke Sørensen', exact: true }).waitFor()
      expect(await splitWords(page, '[data-testid="today-list"]'), language).toEqual([])
      await job.expectAccessible(`Today in ${language}`)
    }
  })

  it('in the pseudo-locale at 1366×768: nothing on Today overflows or is clipped (measured)', async () => {
    const { page } = job
    await job.chooseLanguage('en-XA')
    await job.open('Today')
    const title = page.locator('h1#today-title')
    await title.waitFor()
    expect(await job.lang()).toBe('en-XA')
    // Pseudo words: accented, so not the English title.
    await page.waitForFunction(() => /[^\x20-\x7e]/.test(document.getElementById('today-title')?.textContent ?? ''))
    await page.locator('[data-testid="today-row"]').first().waitFor()

    // The measure itself: a button too narrow for its words is found.
    await page.evaluate(() => {
      const b = document.createElement('button')
      b.id = 'too-narrow'
      b.style.cssText = 'width: 40px; white-space: nowrap; overflow: hidden'
      b.textContent = 'Ŵéļçóɱé ļőŕéɱ ïƥšûɱ'
      document.querySelector('section[aria-labelledby="today-title"]')!.append(b)
    })
    expect(await overflowing(page)).toEqual([expect.stringContaining('Ŵéļçóɱé ļőŕéɱ')])
    await page.evaluate(() => document.getElementById('too-narrow')!.remove())

    const steps: Record<string, string[]> = {}
    steps['list'] = await overflowing(page)
    await page.getByTestId('today-find').fill('Sørensen')
    await page.getByTestId('today-found').filter({ hasText: /\S/ }).waitFor()
    steps['find'] = await overflowing(page)
    await page.getByTestId('today-find').fill('')
    await page.getByTestId('walk-in-doors').getByRole('button').click()
    await page.getByRole('dialog').waitFor()
    steps['walk-in doors dialog'] = await overflowing(page, '[role="dialog"]')
    await page.screenshot({ path: screenshotPath('today-pseudo.png') })
    await page.keyboard.press('Escape')

    expect(steps).toEqual(Object.fromEntries(Object.keys(steps).map((s) => [s, []])))
  }, 60_000)

  it('a desk in German starts in German: no English screen title or sidebar name in any frame before its words load', async () => {
    const { page } = job
    // Every h1 and sidebar text the page shows from its first frame on (the recorder is in place before any script).
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { seenTexts: seen })
      const record = (): void => {
        for (const el of document.querySelectorAll('h1, nav button')) seen.push((el.textContent ?? '').trim())
      }
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await job.chooseLanguage('de')
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /\S/ }).waitFor()
    await page.getByRole('navigation').getByRole('button', { name: 'Einstellungen' }).waitFor()
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts)
    expect(seen.length).toBeGreaterThan(0)
    // The shell's English names that German says otherwise (shell/en.json, screen.*).
    const english = ['Home', 'Today', 'Cards', 'Enroll', 'Roster', 'Visitors', 'Audit', 'Consoles', 'Settings']
    expect([...new Set(seen.filter((text) => english.includes(text)))]).toEqual([])
  })
})

/**
 * Every visible element of Today (or `root`) whose text does not fit its box, by the shared measure
 * (test/support/overflowing.ts). The sidebar is measured by the shell's own test, not here.
 */
function overflowing(page: Page, root = 'section[aria-labelledby="today-title"]'): Promise<string[]> {
  return overflowingIn(page, root)
}
