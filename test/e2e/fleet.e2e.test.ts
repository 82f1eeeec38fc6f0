import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoSites, type DemoSite } from '../../src/demo-console/sites'
import { request } from '../unit/demo-console/support'
import { startJob, type Job } from '../support/job'
import { screenshotPath } from '../support/screenshots'
import { tempDir } from '../support/temp'
import { localDay, touchesDay } from '../../src/main/services/today/desk-day'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely
type Loose = any

/**
 * An installer's fleet, end to end: web mode with the built-in demo console, and three more demo
 * sites as separate HTTPS servers saved as consoles of their own — Demo HQ answering, Harbour Office
 * slow (each request waits), Hill Campus down (each connection cut). The Consoles screen shows each
 * console's own state as it answers; a find across consoles opens the record on its console.
 */
describe('the Consoles screen against three demo sites (one slow, one down)', () => {
  let job: Job
  let data: Awaited<ReturnType<typeof tempDir>>
  let sites: DemoSite[]
  const ids: Record<string, string> = {}
  const control = async (site: DemoSite, method: string, path: string, body?: unknown): Promise<Loose> => {
    const answer = await request(site.url, site.certificatePem, method, `/__demo${path}`, {
      body,
      token: site.tokens.full
    })
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
    return answer.body?.data
  }

  beforeAll(async () => {
    data = await tempDir('fleet-e2e-')
    ;[job, sites] = await Promise.all([startJob(), startDemoSites({ dataDir: data.path, sites: 3 })])
    // Each site saved as a console, as Settings → Add console does (its certificate probed, its token checked).
    for (const site of sites) {
      const saved = await job.page.evaluate((input) => window.api!.connections.save(input), {
        name: site.name,
        url: site.url,
        token: site.tokens.full,
        fingerprint256: site.fingerprint256
      })
      if (!saved.ok) throw new Error(saved.error.message)
      ids[site.name] = saved.result.id
    }
    await control(sites[1]!, 'PUT', '/faults', { latencyMs: 500 })
    await control(sites[2]!, 'PUT', '/faults', { resetRate: 1 })
    await job.page.reload()
    await job.page
      .getByTestId('active-connection')
      .getByTitle(/simulated console/)
      .waitFor()
  })
  afterAll(async () => {
    await job?.close()
    await Promise.allSettled((sites ?? []).map((s) => s.close()))
    await data?.remove()
  })

  const row = (name: string) => job.page.locator(`[data-testid=fleet-console][data-name="${name}"]`)
  const focusOnBody = () => job.page.evaluate(() => !document.activeElement || document.activeElement === document.body)

  it('shows each console’s own state as it answers: the slow one last, the dead one not answering', async () => {
    const { page } = job
    await job.open('Consoles')
    await expect.poll(() => focusOnBody()).toBe(false)
    // Demo HQ and the built-in console answer while the slow site is still being read.
    await expect.poll(() => row('Demo HQ').getAttribute('data-state'), { timeout: 8000 }).toBe('reachable')
    expect(await row('Harbour Office').getAttribute('data-state')).toBe('reading')
    await expect.poll(() => row('Hill Campus').getAttribute('data-state'), { timeout: 8000 }).toBe('unreachable')
    expect(await row('Hill Campus').textContent()).toContain('Not answering')
    await expect.poll(() => row('Harbour Office').getAttribute('data-state'), { timeout: 15_000 }).toBe('reachable')
    expect(await row('Demo console').getAttribute('data-state')).toBe('reachable')

    // What each row says is what its console holds.
    const hq = sites[0]!
    const [cards, passes] = await Promise.all([
      control(hq, 'GET', '/state/cards'),
      control(hq, 'GET', '/state/touchPasses')
    ])
    const free = passes.filter((p: Loose) => ['SUSPENDED', 'INACTIVE'].includes(p.status) && !p.user_id).length
    const visitors = await control(hq, 'GET', '/state/visitors')
    const day = localDay(new Date())
    const today = visitors.filter((v: Loose) => touchesDay(v, day)).length
    const cells = (await row('Demo HQ').locator('td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())
    expect(cells).toEqual([
      'Connected',
      '3.3.10 or newer',
      'All 8 held',
      cards.length.toLocaleString('en'),
      String(free),
      String(today),
      '0'
    ])
    expect(await row('Hill Campus').textContent()).toMatch(/Could not reach the console|did not answer/)
    await expect.poll(() => page.getByTestId('fleet-progress').textContent()).toContain('3 of 4 consoles connected.')
    await job.expectAccessible('Consoles, every console read')
  })

  it('finds a card across consoles and opens it on its console, which becomes the active one', async () => {
    const { page } = job
    const harbour = sites[1]!
    const card = (await control(harbour, 'GET', '/state/cards')).find((c: Loose) => c.status === 'assigned')
    const search = page.getByRole('searchbox', { name: /Name, email, employee number/ })
    await search.fill(card.display_id)
    await search.press('Enter')
    const group = (name: string) => page.locator(`[data-testid=fleet-found-console][data-name="${name}"]`)
    await expect
      .poll(() => group('Demo HQ').textContent(), { timeout: 8000 })
      .toContain('Nothing found on this console.')
    await expect
      .poll(() => group('Harbour Office').textContent(), { timeout: 15_000 })
      .toContain(`Card ${card.display_id}`)
    // Its kind said once: the title names it ("Card Card 100002" read the tag and the title together).
    expect(
      await group('Harbour Office').locator('[data-testid=fleet-hit][data-kind=card]').first().innerText()
    ).not.toMatch(/Card\s+Card/)
    await expect
      .poll(() => group('Hill Campus').textContent(), { timeout: 15_000 })
      .toMatch(/Could not reach the console|did not answer/)
    await job.expectAccessible('Consoles, found across consoles')
    await page.screenshot({ path: screenshotPath('consoles.png'), fullPage: true })

    const open = page.getByRole('button', { name: `Open Card ${card.display_id} on Harbour Office` })
    await open.focus()
    await page.keyboard.press('Enter')
    // The record on its console: Cards with that card selected, Harbour Office the active console.
    await page.getByRole('heading', { level: 1, name: 'Cards' }).waitFor()
    await page
      .getByRole('complementary', { name: 'Card details' })
      .getByRole('heading', { name: `Card ${card.display_id}` })
      .waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('active-connection').textContent()).toContain('Harbour Office')
    const listed = await page.evaluate(() => window.api!.connections.list())
    expect(listed.ok && listed.result.activeId).toBe(ids['Harbour Office'])
    expect(await focusOnBody()).toBe(false)
    await job.expectAccessible('Cards, opened from a find across consoles')
  })

  it('finds a visitor by name and opens it in Visitors on its console', async () => {
    const { page } = job
    const [visitor] = await control(sites[0]!, 'GET', '/state/visitors')
    await job.open('Consoles')
    const search = page.getByRole('searchbox', { name: /Name, email, employee number/ })
    await search.fill(`${visitor.first_name} ${visitor.last_name}`)
    await page.getByRole('button', { name: 'Find on every console' }).click()
    const name = `${visitor.first_name} ${visitor.last_name}`
    const hit = page
      .locator('[data-testid=fleet-found-console][data-name="Demo HQ"] [data-testid=fleet-hit][data-kind=visitor]')
      .filter({ hasText: name })
      .first()
    await hit.waitFor({ timeout: 15_000 })
    // Its kind in the button's name: a person of the same name on Demo HQ has an Open of their own.
    await hit.getByRole('button', { name: `Open visitor ${name} on Demo HQ` }).click()
    await page.getByRole('heading', { level: 1, name: 'Visitors' }).waitFor()
    await page.getByTestId('visitor-details').getByRole('heading', { name }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('active-connection').textContent()).toContain('Demo HQ')
    const listed = await page.evaluate(() => window.api!.connections.list())
    expect(listed.ok && listed.result.activeId).toBe(ids['Demo HQ'])
    expect(await focusOnBody()).toBe(false)
  })
})
