import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { allPermissionKeys } from '../../src/demo-console/tokens'
import { extraOnlyKeys, keyProbes } from '../../src/shared/access/permissions'

/** Every key the demo console's tokens can hold. */
const ALL_KEYS = [...allPermissionKeys]

/**
 * The console's state under the console's name in the sidebar comes from every answer main gets, not
 * only from its check: the demo console is made to refuse every key (403), fail every call (500) and
 * cut every connection (no answer), and the sidebar and the screens say the same each time, then
 * "Connected" again once it is well.
 */
describe('the sidebar and the screens say the same of the console, from every answer', () => {
  let job: Job
  const line = (): Locator => job.page.getByTestId('console-answers')
  const panel = (): Locator => job.page.getByTestId('console-reach')

  /** The Visitors screen asks the console again (its Search). */
  async function searchVisitors(): Promise<void> {
    await job.open('Visitors')
    await job.page.getByRole('search').getByRole('button', { name: 'Search' }).click()
  }

  async function checkAgain(): Promise<void> {
    const button = line().getByRole('button', { name: 'Check again' })
    await button.focus()
    await job.page.keyboard.press('Enter')
  }

  /**
   * The console well again: the person asks again (by keyboard) until the state says so. The desk may
   * find it well first by itself (its next read, Today's socket), and then the button is gone: that is
   * the same ending, not a failure.
   */
  async function askAgainUntil(button: Locator, state: () => Promise<string | null>, want: string): Promise<void> {
    await expect
      .poll(
        async () => {
          if ((await state()) === want) return want
          try {
            await button.focus({ timeout: 2_000 })
            await job.page.keyboard.press('Enter')
          } catch {
            // Gone or re-drawn between the look and the press: look again.
          }
          return state()
        },
        { timeout: 30_000, interval: 1_000 }
      )
      .toBe(want)
  }

  beforeAll(async () => {
    job = await startJob()
    // A batch, so that Import shows its upload panel (which says whether the console answers).
    const created = await job.page.evaluate(() => window.api!.batches.create({ name: 'Desk cards' }))
    expect(created.ok).toBe(true)
  })
  afterAll(async () => {
    await job?.control('DELETE', '/faults').catch(() => undefined)
    await job?.close()
  })

  it('starts Connected, and Import says the console answers', async () => {
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('reachable')
    expect(await line().textContent()).toContain('Connected')
    await job.open('Import')
    await expect.poll(() => panel().getAttribute('data-state'), { timeout: 20_000 }).toBe('ok')
  })

  it('403 to everything: "Missing permissions" naming the keys, not Connected; keys back and Check again: Connected', async () => {
    await job.control('PUT', '/scopes', { token: 'full', keys: [] })
    await searchVisitors()
    // The screen says the key is missing…
    await job.page.getByRole('alert').filter({ hasText: 'view:visitor' }).first().waitFor({ timeout: 20_000 })
    // …and so does the sidebar, naming it.
    await expect.poll(() => line().getAttribute('data-state')).toBe('permissions')
    const said = (await line().textContent())!
    expect(said).toContain('Missing permissions')
    expect(said).toContain('view:visitor')
    expect(said).not.toContain('Connected')
    await job.expectAccessible('Missing permissions')
    await job.page.screenshot({ path: '/tmp/connection-missing-permissions.png' })

    // The keys given back on the console: Check again (from the keyboard) finds them held.
    await job.control('PUT', '/scopes', { token: 'full', keys: ALL_KEYS })
    await askAgainUntil(
      line().getByRole('button', { name: 'Check again' }),
      () => line().getAttribute('data-state'),
      'reachable'
    )
    expect(await line().textContent()).toContain('Connected')
    expect(await job.page.evaluate(() => document.activeElement !== document.body)).toBe(true)
  })

  it('a token without view:device: Today reads every 15 s naming the key; its socket changes nothing in the sidebar, and Test connection names the key there as in Settings', async () => {
    await job.control('PUT', '/scopes', { token: 'full', keys: ALL_KEYS.filter((k) => k !== 'view:device') })
    await job.open('Today')
    await expect
      .poll(() => job.page.getByTestId('today-source').textContent(), { timeout: 20_000 })
      .toMatch(/Updating every 15 s: .*view:device/)
    // Today has opened (and been refused) its socket: an extra off, not a missing permission.
    await job.open('Visitors')
    await job.open('Today')
    await expect
      .poll(() => job.page.getByTestId('today-source').textContent(), { timeout: 20_000 })
      .toContain('this token lacks view:device')
    // Main's state itself (the sidebar's source), asked after the socket was refused.
    const reach = await job.page.evaluate(() => window.api!.connections.reach())
    expect(reach).toMatchObject({ ok: true, result: { state: 'reachable' } })
    expect(await line().getAttribute('data-state')).toBe('reachable')
    expect(await line().textContent()).not.toContain('Missing permissions')
    // Settings' Test connection lists view:device Missing (Enroll lists its readers with it): the sidebar
    // names the same key, one list from the one connection state.
    await job.open('Settings')
    const card = job.page.getByRole('listitem', { name: (await job.desk('connections', 'list')).profiles[0].name })
    await card.getByRole('button', { name: /^Test connection to / }).click()
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toMatch(/lacks 1 permission in all: view:device/)
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('permissions')
    expect(await line().textContent()).toContain('view:device')
    await job.control('PUT', '/scopes', { token: 'full', keys: ALL_KEYS })
    await askAgainUntil(
      line().getByRole('button', { name: 'Check again' }),
      () => line().getAttribute('data-state'),
      'reachable'
    )
  })

  it('500 to everything: "Answering with errors" in the sidebar as on the screen; well again: Connected', async () => {
    await job.control('PUT', '/faults', { errorRate: { '*': 1 } })
    await searchVisitors()
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('trouble')
    expect(await line().textContent()).toContain('Answering with errors')
    // The sidebar says why; the screen's list says only that it is not available, and is no second alert.
    const notice = job.page.locator('main .error[data-outage="true"]').first()
    await notice.waitFor({ timeout: 20_000 })
    expect(await notice.textContent()).toContain('Not available while the console cannot be used')
    expect(await notice.getAttribute('role')).toBeNull()
    await job.expectAccessible('Answering with errors')

    await job.control('DELETE', '/faults')
    await askAgainUntil(
      line().getByRole('button', { name: 'Check again' }),
      () => line().getAttribute('data-state'),
      'reachable'
    )
  })

  it('no answer: "Not answering" in the sidebar and "cannot be reached" on Import; back: both say it answers', async () => {
    await job.control('PUT', '/faults', { resetRate: 1 })
    await searchVisitors()
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 30_000 }).toBe('unreachable')
    expect(await line().textContent()).toContain('Not answering')
    await job.open('Import')
    await expect.poll(() => panel().getAttribute('data-state'), { timeout: 30_000 }).toBe('unreachable')
    expect(await panel().textContent()).toContain('cannot be reached')
    await job.expectAccessible('Not answering')
    await job.page.screenshot({ path: '/tmp/connection-not-answering.png' })

    // The console back: Import's Try again is the sidebar's Check again; both say it answers.
    await job.control('DELETE', '/faults')
    await askAgainUntil(
      panel().getByRole('button', { name: 'Try again' }),
      () => panel().getAttribute('data-state'),
      'ok'
    )
    await expect.poll(() => line().getAttribute('data-state')).toBe('reachable')
    expect(job.browser.errors).toEqual([])
  })

  it('403 to everything, then keys back with 500 to everything, then well: Connected at the first answer, never the keys the 500s could not tell', async () => {
    // Every key probed, but Today's live-updates key (an extra, said on Today).
    const extras: readonly string[] = extraOnlyKeys
    const jobKeys = Object.keys(keyProbes).filter((k) => !extras.includes(k))
    await job.control('PUT', '/scopes', { token: 'full', keys: [] })
    await searchVisitors()
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('permissions')
    // Check again names every key the jobs need, as Settings' Test connection does.
    await checkAgain()
    await expect
      .poll(
        async () => {
          const said = (await line().textContent()) ?? ''
          return jobKeys.filter((k) => !said.includes(k))
        },
        { timeout: 20_000 }
      )
      .toEqual([])
    expect(await line().textContent()).toContain('Missing permissions')

    await job.control('PUT', '/scopes', { token: 'full', keys: ALL_KEYS })
    await job.control('PUT', '/faults', { errorRate: { '*': 1 } })
    await searchVisitors()
    await checkAgain()
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('trouble')
    expect(await line().textContent()).toContain('Answering with errors')

    // Well again: every state the sidebar shows from now on is kept, to prove "Missing permissions" never comes.
    await job.page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { seenStates: string[] }).seenStates = seen
      const el = document.querySelector('[data-testid="console-answers"]')!
      new MutationObserver(() => seen.push(el.getAttribute('data-state') ?? '')).observe(el, {
        attributes: true,
        attributeFilter: ['data-state']
      })
    })
    await job.control('DELETE', '/faults')
    await searchVisitors()
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('reachable')
    expect(await line().textContent()).toContain('Connected')
    expect(await line().textContent()).not.toContain('Missing permissions')
    const seen = await job.page.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates)
    expect(seen).not.toContain('permissions')
    expect(job.browser.errors).toEqual([])
  })
})
