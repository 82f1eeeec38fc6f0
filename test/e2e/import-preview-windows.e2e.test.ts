import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * The CSV preview of a 10,000-line file (issue 33): main answers the counts of the whole file and a
 * window of its lines, and the tab asks for the lines it scrolls to. The counts are exact, no message
 * from main carries the file's lines whole, and a problem line far past the first window is reached
 * by scrolling to it, with its reason.
 */
describe('CSV preview of 10,000 lines, a window at a time (web mode, demo console)', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const LINES = 10_000
  const id = (i: number) => `04B8${i.toString(16).toUpperCase().padStart(4, '0')}`
  /** Lines (1-based) made wrong on purpose, each with what the preview must say of it. */
  const problems = new Map<number, { text: string; status: string; why: RegExp }>([
    [7, { text: 'not-an-id,Bad-7', status: 'refused', why: /hex|NFC ID/i }],
    [4_000, { text: `${id(0)},Again-4000`, status: 'duplicate', why: /line 1\b/ }],
    [6_000, { text: `${id(5_999).toLowerCase()},Lower-6000`, status: 'repaired', why: /uppercase/i }],
    [9_990, { text: '4.21E+13,Sci-9990', status: 'refused', why: /scientific/i }]
  ])

  it('says the exact counts of the whole file, and every problem line is reached by scrolling to it', async () => {
    const { page } = job
    // The size of every message main sends the tab from here on.
    const received: number[] = []
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => received.push(String(frame.payload).length)))
    await page.reload()
    await job.open('Import')
    await page.getByTestId('no-batches').waitFor()
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Windows')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Windows')

    const csv = Array.from({ length: LINES }, (_, i) => problems.get(i + 1)?.text ?? `${id(i)},Line-${i + 1}`).join(
      '\n'
    )
    received.length = 0
    await page
      .getByLabel('CSV file to import')
      .setInputFiles({ name: 'windows.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await expect
      .poll(() => page.getByTestId('csv-counts').textContent(), { timeout: 30_000 })
      .toBe('9,996 ok · 1 repaired · 2 refused · 1 duplicate')
    // The whole file's lines as JSON are ~1 MB: no message from main came near that.
    expect(Math.max(...received)).toBeLessThan(100_000)

    const region = page.getByRole('region', { name: 'Lines of the file' })
    const line = (n: number) => page.getByTestId('csv-preview').locator(`tbody tr[data-index="${n - 1}"]`)
    for (const [n, expected] of problems) {
      // Scrolled to as a person would: on from the lines drawn (their height is known once drawn;
      // those not drawn yet are estimated), until the line is drawn with what main says of it.
      await expect
        .poll(
          async () => {
            if ((await line(n).count()) > 0) return await line(n).getAttribute('data-status')
            await region.evaluate((el, target) => {
              const drawn = [...el.querySelectorAll<HTMLElement>('tbody tr[data-index]')]
              const first = Number(drawn[0]?.dataset['index'] ?? 0)
              el.scrollTop += (target - 2 - first) * (drawn[0]?.getBoundingClientRect().height ?? 30)
            }, n - 1)
            return null
          },
          { timeout: 15_000 }
        )
        .toBe(expected.status)
      expect(await line(n).locator('td.num').textContent()).toBe(String(n))
      expect(await line(n).locator('td.why').textContent()).toMatch(expected.why)
    }
    expect(Math.max(...received)).toBeLessThan(100_000)
    await job.expectAccessible('CSV preview of 10,000 lines scrolled to line 9,990')

    // Next problem (issue 31): each press scrolls to the next problem line and puts the focus on it.
    const next = page.getByRole('button', { name: 'Next problem' })
    for (const [n, place] of [
      [7, '1 of 4 problems'],
      [4_000, '2 of 4 problems'],
      [6_000, '3 of 4 problems'],
      [9_990, '4 of 4 problems']
    ] as const) {
      await next.focus()
      await page.keyboard.press('Enter')
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.querySelector('td.num')?.textContent))
        .toBe(String(n))
      expect(await page.getByTestId('csv-problem-count').textContent()).toBe(place)
    }
    await job.expectAccessible('CSV preview on its last problem line')

    // The valid lines go into the batch: the ok and the repaired ones, the exact count.
    await page.getByRole('button', { name: 'Add 9,997 valid rows to the batch' }).click()
    await expect
      .poll(() => page.getByTestId('csv-added').textContent(), { timeout: 60_000 })
      .toMatch(/^Added 9,997 rows; 2 refused lines and 1 duplicate line were left out\.$/)
    expect(await page.getByTestId('batch-rows').getAttribute('aria-rowcount')).toBe(String(9_997 + 1))

    // Uploaded as they are (the preview still open): the keyboard ends on the upload's summary (issue 31:
    // with this 9,997-row batch the screen's title had it).
    await page.getByRole('button', { name: 'Upload 9,997 cards to the console' }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 180_000 })
      .toBe('Sent 9,997: 9,997 imported.')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('upload-result')
  })
})
