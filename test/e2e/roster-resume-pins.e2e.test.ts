import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { startWebMode, type Started } from '../support/processes'
import { request } from '../unit/demo-console/support'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely; tests assert their fields
type Loose = any

/**
 * A roster run with PINs whose answers were lost (the console carried a PIN out and lost its answer, then
 * went down), the app killed mid-run (SIGKILL) and restarted: Resume checks those PINs by the PIN each
 * person held before, says what it found, and the results' PIN cells, the Print PIN slips dialog and the
 * console agree on who holds a PIN from this roster and whose digits are no longer known. No PIN is
 * given twice.
 */
describe('roster: PINs whose answer was lost, resumed after a kill (Chromium 1366×768)', () => {
  let job: Job
  let again: Started<{ url: string; dataDir: string }> | undefined
  const people = 10
  const ids: string[] = []

  beforeAll(async () => {
    job = await startJob()
    for (let i = 0; i < people; i++) {
      const made = (await job.control('POST', '/users', {
        first_name: 'Pin',
        last_name: `Person${i}`,
        email: `pin.person${i}@example.com`
      })) as { id: string }
      ids.push(made.id)
    }
  })
  afterAll(async () => {
    await again?.stop()
    await job?.close()
  })

  it('says what the check found, and the rows, the slips and the console agree', async () => {
    const { page } = job
    await job.open('Roster')
    const csv =
      'Email,PIN\r\n' + Array.from({ length: people }, (_, i) => `pin.person${i}@example.com,yes`).join('\r\n') + '\r\n'
    await page
      .getByTestId('roster-file')
      .setInputFiles({ name: 'pins.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('heading', { name: 'Columns' }).waitFor()
    await page.getByTestId('map-email').selectOption({ label: 'Email' })
    await page.getByTestId('map-pin').selectOption({ label: 'PIN' })
    await page.getByTestId('option-pin').selectOption('column')
    await page.getByRole('button', { name: 'Make the plan' }).click()
    await job.control('PUT', '/faults', { latencyMs: 300 })
    await page.getByRole('button', { name: `Run ${people} rows` }).click()
    const bar = page.getByRole('progressbar', { name: 'Rows done' })
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(1)
    // The next PIN the console carries out loses its answer, and the console goes down with it.
    await job.control('PUT', '/faults', {
      latencyMs: 300,
      afterCommit: { status500: 1, paths: ['PUT /users/:id/pin_codes'], thenDown: true }
    })
    await expect.poll(() => page.getByTestId('run-counts').textContent(), { timeout: 30_000 }).toContain('to check')
    job.web.child.kill('SIGKILL')
    await new Promise((resolve) => job.web.child.once('exit', resolve))
    // Who held a PIN when the app stopped (the console's state on disk), and which.
    const atKill = new Map((await storedUsers()).filter((u) => ids.includes(u.id)).map((u) => [u.id, u.pin_hash]))
    const heldAtKill = ids.filter((id) => atKill.get(id) !== null)
    expect(heldAtKill.length).toBeGreaterThan(0)
    expect(heldAtKill.length).toBeLessThan(people)

    again = await startWebMode(job.dataDir)
    await page.goto(again.info.url)
    await page.reload()
    await job.open('Roster')
    await page.getByTestId('roster-list').getByRole('button', { name: 'Resume pins.csv' }).click()
    await page.getByRole('progressbar', { name: 'Rows done' }).waitFor()
    await page
      .getByRole('button', { name: /^(Resume|Check and retry)/ })
      .first()
      .click()
    await expect.poll(() => page.getByTestId('run-eta').textContent(), { timeout: 60_000 }).toContain('Finished')
    // Resume says what its check found, not only that it checks: a PIN set, its digits not known.
    const found = (await page.getByTestId('run-pins-checked').textContent()) ?? ''
    expect(found).toMatch(/Checked \d+ PINs? whose answer was lost: /)
    expect(found).toMatch(/\d+ set, (its|their) digits not known \(no slip: give a new PIN on the PINs screen\)/)

    // The console after the run: everyone holds a PIN, and who held one at the kill holds the same one.
    const after = new Map(((await liveState('users')) as Loose[]).map((u) => [u.id, u.pin_hash]))
    for (const id of ids) expect(after.get(id), id).not.toBeNull()
    for (const id of heldAtKill) expect(after.get(id), id).toBe(atKill.get(id))

    // The results: each row's PIN cell by the one rule; the PINs given before the kill read "Yes, no slip".
    await page.getByRole('button', { name: 'See the results' }).click()
    const rows = page.getByTestId('result-rows').getByRole('row')
    await expect.poll(() => page.getByTestId('result-pin').count()).toBe(people)
    const cellOf = new Map<string, string>()
    for (let i = 0; i < people; i++) {
      const text =
        (await rows
          .filter({ hasText: `Pin Person${i}` })
          .first()
          .getByTestId('result-pin')
          .textContent()) ?? ''
      cellOf.set(ids[i]!, text.trim())
    }
    const noSlip = ids.filter((id) => cellOf.get(id) === 'Yes, no slip')
    expect(
      [...cellOf.values()].every((c) => c === 'Yes' || c === 'Yes, no slip'),
      [...cellOf.values()].join()
    ).toBe(true)
    expect(noSlip.sort()).toEqual([...heldAtKill].sort())

    // The dialog names those very people, and nobody as without a PIN or still to check.
    await page.getByRole('button', { name: 'Print PIN slips…' }).click()
    const dialog = page.getByRole('dialog')
    // The sentence counts them and says what to do; their names are listed below it.
    const forgotten = (await dialog.getByTestId('slips-forgotten').textContent()) ?? ''
    const listed = (await dialog.getByTestId('slips-forgotten-names').textContent()) ?? ''
    for (let i = 0; i < people; i++)
      expect(listed.includes(`Pin Person${i}`), `Pin Person${i}`).toBe(noSlip.includes(ids[i]!))
    expect(forgotten).toContain('PINs screen')
    expect(await dialog.getByTestId('slips-none').count()).toBe(0)
    expect(await dialog.getByTestId('slips-to-check').count()).toBe(0)
    await job.expectAccessible('Roster, Print PIN slips after a restart')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(job.browser.errors.filter((e) => !/WebSocket|ERR_CONNECTION|Failed to fetch|500/.test(e))).toEqual([])
  })

  /** The console's users as its state on disk holds them (the app, and the console in it, is down). */
  async function storedUsers(): Promise<Loose[]> {
    const stored = JSON.parse(await readFile(join(job.dataDir, 'demo-console', 'state', 'users.json'), 'utf8'))
    return Array.isArray(stored) ? stored : Object.values(stored)
  }

  /** The console's state through its control API at whatever address it has after the restart. */
  async function liveState(resource: string): Promise<Loose> {
    const listed = await job.page.evaluate(() => window.api!.connections.list())
    if (!listed.ok) throw new Error(listed.error.message)
    const url = listed.result.profiles.find((p) => p.demo)!.url
    const answer = await request(url, job.demo.ca, 'GET', `/__demo/state/${resource}`, { token: job.demo.token })
    expect(answer.status).toBe(200)
    return answer.body.data
  }
})
