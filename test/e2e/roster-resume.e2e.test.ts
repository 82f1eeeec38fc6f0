import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { startWebMode, type Started } from '../support/processes'
import { request } from '../unit/demo-console/support'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely; tests assert their fields
type Loose = any

/**
 * A roster run killed mid-way (SIGKILL of the app, as a power cut would) is listed after the restart
 * as stopped mid-run with "Resume", its run saying that one standing (never also "Finished") and how
 * many rows are done, to check and not started, each row once; resumed, it finishes, and the console
 * holds every card once, bound to its person.
 */
describe('roster: killed mid-run, resumed after the restart (Chromium 1366×768)', () => {
  let job: Job
  let again: Started<{ url: string; dataDir: string }> | undefined
  const people = 30
  const nfcOf = (i: number) => `5A17BB${String(i).padStart(8, '0')}`
  const ids: string[] = []

  beforeAll(async () => {
    job = await startJob()
    for (let i = 0; i < people; i++) {
      const made = (await job.control('POST', '/users', {
        first_name: 'Resume',
        last_name: `Person${i}`,
        email: `resume.person${i}@example.com`
      })) as { id: string }
      ids.push(made.id)
    }
  })
  afterAll(async () => {
    await again?.stop()
    await job?.close()
  })

  it('resumes after a kill and sends nothing twice', async () => {
    const { page } = job
    await job.open('Roster')
    const csv =
      'Email,Card\r\n' +
      Array.from({ length: people }, (_, i) => `resume.person${i}@example.com,${nfcOf(i)}`).join('\r\n') +
      '\r\n'
    await page
      .getByTestId('roster-file')
      .setInputFiles({ name: 'resume.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('heading', { name: 'Columns' }).waitFor()
    await page.getByTestId('map-email').selectOption({ label: 'Email' })
    await page.getByTestId('map-card').selectOption({ label: 'Card' })
    await page.getByRole('button', { name: 'Make the plan' }).click()
    await page.getByRole('button', { name: `Run ${people} rows` }).click()
    // A slow console, so the kill lands mid-run.
    await job.control('PUT', '/faults', { latencyMs: 400 })
    const bar = page.getByRole('progressbar', { name: 'Rows done' })
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(3)
    job.web.child.kill('SIGKILL')
    await new Promise((resolve) => job.web.child.once('exit', resolve))
    const before = ((await readCards()) as Loose[]).filter((c) => c.nfc_id?.startsWith('5A17BB')).length
    expect(before).toBeLessThan(people)

    // The restart: the same data dir, so the same address (web-address.json). The tab is loaded afresh, as
    // after closing it: what the journal kept is what the roster list shows (an open tab reconnecting by
    // itself is test/e2e/web-restart.e2e.test.ts).
    again = await startWebMode(job.dataDir)
    await page.goto(again.info.url)
    await page.reload()
    await job.open('Roster')
    const list = page.getByTestId('roster-list')
    await list.waitFor()
    expect(await list.textContent()).toContain('Stopped mid-run')
    await job.expectAccessible('Roster, stopped mid-run')
    await list.getByRole('button', { name: 'Resume resume.csv' }).click()
    await page.getByRole('progressbar', { name: 'Rows done' }).waitFor()
    // One standing on the Run step (its badge, its words, its buttons): stopped mid-run, never also finished.
    expect(await standingsShown()).toEqual(['Stopped mid-run'])
    const resume = page.getByRole('button', { name: 'Resume', exact: true })
    expect((await resume.getAttribute('class')) ?? '').toContain('primary')
    expect((await seeResults().getAttribute('class')) ?? '').not.toContain('primary')
    // What is true after the restart: the rows done, those in flight at the kill (to check) and those not
    // started add up to the roster, each row once, and Resume says it checks the rows to check first.
    const stoppedSays = (await page.getByTestId('run-eta').textContent()) ?? ''
    const said = /Stopped: (\d+) done, (\d+) to check, (\d+) not started\./.exec(stoppedSays)
    expect(said, stoppedSays).not.toBeNull()
    const [done, toCheck, notStarted] = said!.slice(1).map(Number) as [number, number, number]
    expect(done + toCheck + notStarted).toBe(people)
    expect(notStarted).toBeGreaterThan(0)
    expect(stoppedSays).toContain('Resume checks the rows to check first')
    // The bar counts the rows that ended of the same rows.
    const bar2 = page.getByRole('progressbar', { name: 'Rows done' })
    expect(Number(await bar2.getAttribute('aria-valuemax'))).toBe(people)
    expect(Number(await bar2.getAttribute('aria-valuenow'))).toBe(done + toCheck)
    await job.expectAccessible('Roster, the run stopped mid-run')
    await resume.click()
    await expect.poll(() => page.getByTestId('run-eta').textContent(), { timeout: 60_000 }).toContain('Finished')
    // Finished, and nothing else: See the results first, no Resume.
    await expect.poll(standingsShown, { timeout: 10_000 }).toEqual(['Finished'])
    expect(await page.getByRole('button', { name: 'Resume', exact: true }).count()).toBe(0)
    expect((await seeResults().getAttribute('class')) ?? '').toContain('primary')

    // Every card on the console once, bound to its person.
    const cards = ((await readCards()) as Loose[]).filter((c) => c.nfc_id?.startsWith('5A17BB'))
    expect(cards).toHaveLength(people)
    for (let i = 0; i < people; i++) {
      const mine = cards.filter((c) => c.nfc_id === nfcOf(i))
      expect(mine, nfcOf(i)).toHaveLength(1)
      expect(mine[0].owner?.id, nfcOf(i)).toBe(ids[i])
      // Each person holds one card of the roster: none given twice.
      expect(
        cards.filter((c) => c.owner?.id === ids[i]),
        ids[i]
      ).toHaveLength(1)
    }
    expect(job.browser.errors.filter((e) => !/WebSocket|ERR_CONNECTION|Failed to fetch/.test(e))).toEqual([])
  })

  const seeResults = () => page().getByRole('button', { name: 'See the results' })

  /** The run's standings the Roster screen says now (its badge and the Run step), each once. */
  async function standingsShown(): Promise<string[]> {
    const text = (await page().getByRole('main').textContent()) ?? ''
    return ['Planned', 'Running', 'Stopped mid-run', 'Run through', 'Finished'].filter((w) => text.includes(w))
  }

  /** The console's cards, through its control API at whatever address it has now. */
  async function readCards(): Promise<Loose> {
    if (!again) {
      // The app is down: the demo console was in its process and is down too; its state is on disk.
      const stored = JSON.parse(await readFile(join(job.dataDir, 'demo-console', 'state', 'nfc-cards.json'), 'utf8'))
      return Array.isArray(stored) ? stored : Object.values(stored)
    }
    const listed = await page().evaluate(() => window.api!.connections.list())
    if (!listed.ok) throw new Error(listed.error.message)
    const url = listed.result.profiles.find((p) => p.demo)!.url
    const answer = await request(url, job.demo.ca, 'GET', '/__demo/state/cards', { token: job.demo.token })
    expect(answer.status).toBe(200)
    return answer.body.data
  }
  const page = () => job.page
})
