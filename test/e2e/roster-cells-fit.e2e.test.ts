import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * No text of the roster's plan or results table is cut at 1366×768, in English and in German: every
 * cell is measured (`scrollWidth > clientWidth`, as the other language tests measure) with the row's
 * panel open beside the rows. A roster of 31 rows with long names, emails, new cards, people not found
 * and a PIN each: the widest words the tables hold.
 */
describe('roster: the plan and the results fit their cells (Chromium 1366×768)', () => {
  let job: Job
  const people = [
    ['Jana', 'Schreiber-Wolkenstein'],
    ['Maximiliane', 'Oberhuber-Falkenstein'],
    ['Bartholomäus', 'Übermuth'],
    ['Ana María', 'de la Fuente Rodríguez']
  ]

  /** Line i's person: long names and emails; the lines of `unknown` name nobody the console holds. */
  const unknown = new Set([5, 11, 17, 23, 29])
  const personOf = (i: number, language: string) => {
    const [first, last] = people[i % people.length]!
    const name = { first: first!, last: `${last} ${language.toUpperCase()}${i}` }
    const email = `${first!.toLowerCase().replace(/\W/g, '')}.${language}${i}@beispiel-unternehmen.de`
    return { ...name, email: unknown.has(i) ? `neue.person.${language}${i}@beispiel-unternehmen.de` : email }
  }

  beforeAll(async () => {
    job = await startJob()
    await job.page.setViewportSize({ width: 1366, height: 768 })
    for (const language of ['en', 'de'])
      for (let i = 0; i < 31; i++) {
        if (unknown.has(i)) continue
        const p = personOf(i, language)
        await job.control('POST', '/users', { first_name: p.first, last_name: p.last, email: p.email })
      }
  })
  afterAll(async () => {
    await job?.close()
  })

  const csv = (language: string) => {
    const lines = ['First name,Last name,Email,Card,PIN']
    for (let i = 0; i < 31; i++) {
      const p = personOf(i, language)
      lines.push(
        `${p.first},${p.last},${p.email},5A17${language === 'en' ? 'CD' : 'CE'}${String(i).padStart(8, '0')},yes`
      )
    }
    return lines.join('\r\n') + '\r\n'
  }

  /**
   * Cells whose text is cut (wider than shown) with no title that holds it whole: "text (width)". A cell
   * may be one line ending in an ellipsis only when its title says all of it (RosterRows' fullTitles).
   */
  const clipped = (selector: string) =>
    job.page.locator(selector).evaluateAll((cells) =>
      cells
        .filter((c) => {
          const text = c.textContent?.replace(/\s+/g, ' ').trim() ?? ''
          const title = (c as HTMLElement).title.replace(/\s+/g, ' ').trim()
          return text && c.scrollWidth > c.clientWidth + 1 && !title.includes(text)
        })
        .map(
          (c) =>
            `${c.textContent!.trim()} [title: ${(c as HTMLElement).title}] (${c.clientWidth}px < ${c.scrollWidth}px)`
        )
    )
  /** Cells that must be read in full (a card's number): wider or taller than shown, title or not. */
  const cut = (selector: string) =>
    job.page
      .locator(selector)
      .evaluateAll((cells) =>
        cells
          .filter(
            (c) =>
              c.scrollWidth > c.clientWidth + 1 ||
              c.scrollHeight > c.clientHeight + 1 ||
              c.getBoundingClientRect().height > c.parentElement!.getBoundingClientRect().height
          )
          .map((c) => `${c.textContent!.trim()} (${c.clientWidth}px)`)
      )

  it.each([
    ['en', 'Make the plan', 'Leave this row out', /^Run \d+ rows?$/, 'See the results', 'Results', 'Done (26)'],
    [
      'de',
      'Plan erstellen',
      'Diese Zeile auslassen',
      /^\d+ Zeilen? ausführen$/,
      'Ergebnisse ansehen',
      'Ergebnisse',
      'Erledigt (26)'
    ]
  ] as const)('in %s', async (language, makePlan, leaveOut, run, seeResults, results, allDone) => {
    const { page } = job
    await job.chooseLanguage(language)
    await job.open('Roster')
    await page
      .getByTestId('roster-file')
      .setInputFiles({ name: `staff-${language}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv(language)) })
    await page.getByRole('button', { name: makePlan }).click()
    await page.getByTestId('plan-rows').waitFor()
    await page.getByTestId('plan-row').waitFor()
    expect(await clipped('[data-testid="plan-rows"] .cell')).toEqual([])
    expect(await cut('[data-testid="plan-rows"] [role="row"] > .cell:nth-child(4)')).toEqual([])
    await page.screenshot({ path: `/tmp/roster-cells-plan-${language}.png` })

    // The people not found are left out (the panel goes on to the next row that needs you), so the rest runs.
    for (let n = 0; n < unknown.size; n++) {
      await page.getByTestId('plan-row').getByRole('button', { name: leaveOut }).click()
      await expect
        .poll(() => page.getByRole('button', { name: leaveOut }).count())
        .toBe(unknown.size - n - 1 > 0 ? 1 : 0)
    }
    await page.getByRole('button', { name: run }).click()
    await expect.poll(() => page.getByRole('button', { name: seeResults }).count(), { timeout: 30_000 }).toBe(1)
    await page.getByRole('button', { name: seeResults }).click()
    await page.getByRole('heading', { name: results }).waitFor()
    // The run ended: every card given, each named with its display ID beside its NFC ID (the widest cell).
    await expect.poll(() => page.getByRole('button', { name: allDone }).count(), { timeout: 60_000 }).toBe(1)
    // The first row opened beside the rows: the table at its narrowest.
    await page.getByTestId('result-rows').getByRole('row').first().click()
    await page.getByTestId('result-row').waitFor()
    expect(await clipped('[data-testid="result-rows"] .cell')).toEqual([])
    expect(await cut('[data-testid="result-rows"] [role="row"] > .cell:nth-child(4)')).toEqual([])
    await page.screenshot({ path: `/tmp/roster-cells-results-${language}.png` })
    await job.expectAccessible(`Roster results in ${language}`)
  })
})
