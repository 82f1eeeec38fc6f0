import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'

/**
 * The rule "after every action the focus is somewhere sensible, never the page body" held on every screen
 * at once: each screen is opened fresh and each of its buttons pressed by keyboard (Enter, as a keyboard
 * user would), one at a time. After the action has settled the focus must be on an element of the page;
 * a dialog it opened is closed with Escape and the focus must again be on the page. The mechanism is
 * `lib/action-outcome.svelte.ts` (mounted once in App.svelte); this test is what holds every screen to it.
 *
 * Buttons that leave the desk or hand work to the browser are not pressed: printing and PDF (the
 * browser's dialog), downloads and file choosers, the kiosk (another page), buying (charged on a real
 * console; its own tests count the passes).
 */
const NOT_PRESSED =
  /print|pdf|download|export|choose|open file|browse|kiosk|buy|purchase|log ?out|save as|copy|trust the new|remove console|^\s*$/i

const SCREENS = [
  'Home',
  'Today',
  'Cards',
  'Enroll',
  'Import',
  'Roster',
  'PINs',
  'Touch Passes',
  'Visitors',
  'Badges',
  'Audit',
  'Consoles',
  'Settings'
]

async function focusIsOnThePage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body || el === document.documentElement) return 'body'
    return `${el.tagName.toLowerCase()}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`
  })
}

/** The names of the enabled buttons inside the screen (not the navigation), in document order. */
async function buttonsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('main button:not([disabled])')]
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim())
  )
}

describe('the focus after every action on every screen', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.close()
  })

  it('is never left on the page body', async () => {
    const { page } = job
    const lost: string[] = []
    let pressed = 0
    for (const screen of SCREENS) {
      await job.open(screen)
      await page.waitForTimeout(300)
      const names = (await buttonsOf(page)).slice(0, 30)
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!
        if (NOT_PRESSED.test(name)) continue
        // Each button from a freshly opened screen: what an earlier one did does not hide it.
        await job.open(screen === 'Home' ? 'Settings' : 'Home')
        await job.open(screen)
        await page.waitForTimeout(150)
        const nth = names.slice(0, i).filter((n) => n === name).length
        const button = page.locator('main button:not([disabled])', { hasText: name }).nth(nth)
        if (!(await button.isVisible().catch(() => false))) continue
        await button.focus()
        await page.keyboard.press('Enter')
        pressed++
        // Settled: whatever the action read or wrote has been answered and drawn.
        await page.waitForLoadState('networkidle').catch(() => undefined)
        await page.waitForTimeout(250)
        const after = await focusIsOnThePage(page)
        if (after === 'body') lost.push(`${screen} → ${name}`)
        if (await page.locator('[role="dialog"][aria-modal="true"]').count()) {
          await page.keyboard.press('Escape')
          await page.waitForTimeout(200)
          if ((await focusIsOnThePage(page)) === 'body') lost.push(`${screen} → ${name} → Escape`)
        }
      }
    }
    expect(pressed).toBeGreaterThan(40)
    expect(lost).toEqual([])
  }, 600_000)
})
