import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * Leaving kiosk mode with the PIN (web mode) goes from the kiosk to the desk's screens under the one
 * focus rule (lib/action-outcome.svelte.ts): the focus is never on the page body and the window never
 * blank on the way. A watcher put in every document of the tab samples, from the PIN's Enter on, where
 * the focus is and whether a heading is shown: at every frame, every few milliseconds, and at every
 * focus lost. A page loaded anew on the way (the kiosk's old `location.assign`) has the body focused
 * and nothing shown until the desk mounts; its samples are read from the document the tab ends on.
 */
const WATCH = () => {
  const seen: string[] = []
  ;(window as unknown as { __seen: string[] }).__seen = seen
  const sample = (why: string) => {
    const active = document.activeElement
    const body = !active || active === document.body || active === document.documentElement
    // The kiosk's first show: from the moment its title is drawn, the body never holds the focus.
    if (sessionStorage.getItem('watch-first-show') === '1' && body && document.querySelector('main h1'))
      seen.push(`${why}: title shown, body focused`)
    if (sessionStorage.getItem('watch-focus') !== '1') return
    const shown = document.querySelector('h1, h2') !== null
    if (body) seen.push(`${why}: body`)
    if (!shown) seen.push(`${why}: blank`)
  }
  const frame = () => {
    sample('frame')
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  setInterval(() => sample('timer'), 5)
  document.addEventListener('focusout', () => setTimeout(() => sample('focusout'), 0), true)
  sample('load')
}

describe('leaving kiosk mode for the desk', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
    await job.desk('kiosk', 'saveSettings', {
      idleSeconds: 120,
      directions: '',
      deskName: 'the reception desk',
      pin: '582046'
    })
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('keeps the focus on a heading from the kiosk’s first show, and from the correct PIN to the desk’s screen, never the body or a blank page', async () => {
    const { page } = job
    await page.addInitScript(WATCH)
    // As an operator starts it (Settings → Start kiosk mode), with a console slow to answer the kiosk's
    // first read: its welcome is drawn before the answer, and takes the focus then, not once it is in.
    await job.control('PUT', '/faults', { latencyMs: 3_000 })
    await page.locator('nav button[data-screen=settings]').click()
    await page.evaluate(() => sessionStorage.setItem('watch-first-show', '1'))
    await page.getByRole('button', { name: 'Start kiosk mode' }).click()
    await page.getByRole('heading', { name: 'Welcome' }).waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.matches('main h1') ?? false), { timeout: 10_000 })
      .toBe(true)
    // Past the console's first answer.
    await page.waitForTimeout(3_500)
    await job.control('DELETE', '/faults')
    const firstShow = await page.evaluate(() => (window as unknown as { __seen?: string[] }).__seen ?? ['no watcher'])
    await page.evaluate(() => sessionStorage.removeItem('watch-first-show'))
    expect([...new Set(firstShow)]).toEqual([])

    await page.getByRole('button', { name: 'Staff' }).click()
    await page.getByTestId('kiosk-exit').waitFor()
    await page.keyboard.type('582046')
    await page.evaluate(() => sessionStorage.setItem('watch-focus', '1'))
    await page.keyboard.press('Enter')

    await page.getByRole('navigation').waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.matches('main h1') ?? false), { timeout: 15_000 })
      .toBe(true)
    expect(new URL(page.url()).pathname).not.toMatch(/\/kiosk$/)
    const seen = await page.evaluate(() => (window as unknown as { __seen?: string[] }).__seen ?? ['no watcher'])
    await page.evaluate(() => sessionStorage.removeItem('watch-focus'))
    expect([...new Set(seen)]).toEqual([])
    // The desk is whole: its kiosk look gone, the document in the desk's language.
    expect(await page.evaluate(() => document.documentElement.classList.contains('kiosk-mode'))).toBe(false)
    await job.expectAccessible('the desk after kiosk mode')
    expect(job.browser.errors).toEqual([])
  }, 90_000)
})
