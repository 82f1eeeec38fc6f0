import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  status: string
  end_time: number
}

/**
 * A walk-in is added on Today while the person stands at the desk, and nobody presses End visit: their
 * pass runs out by time. They came, so Today puts them under Left, never No-show. The console has no
 * field for an arrival (it keeps the visit ACTIVE); the desk's own record of the walk-in, kept by main
 * with the console (main/services/visitors/desk-arrivals.ts), is what Today's one rule reads
 * (shared/today/groups.ts). The pass running out is played on the demo console (its control API moves
 * the visit's end into the past): no waiting. Web mode, Chromium 1366×768.
 */
describe('Today: a walk-in whose pass runs out', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const rowIn = (group: string) =>
    job.page.getByTestId(`today-group-${group}`).getByTestId('today-row').filter({ hasText: 'Wren Walker' })

  it('is Here once added, then Left (not No-show) when its end passes; the console still says ACTIVE', async () => {
    const { page } = job
    await job.open('Today')
    await page.getByTestId('today-list').waitFor()
    await page.getByRole('button', { name: /^Add walk-in…/ }).click()
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.waitFor()
    await form.getByLabel('First name').fill('Wren')
    await form.getByLabel('Last name').fill('Walker')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    const doors = form.getByTestId('resource-picker').getByRole('checkbox')
    if (!(await doors.first().isChecked())) await doors.first().check()
    await form.getByRole('button', { name: 'Create visitor' }).click()
    const added = page.getByTestId('walk-in-added')
    await added.waitFor()
    expect(await added.textContent()).toContain('Wren Walker was added and is here now.')

    // Standing at the desk: under Here at once, said as a walk-in with the time.
    await rowIn('here').waitFor()
    expect((await rowIn('here').getByTestId('today-arrival').textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Walk-in, added at the desk at \d{1,2}\D\d{2}/
    )
    const wren = ((await job.state('visitors')) as StoredVisitor[]).find(
      (v) => v.first_name === 'Wren' && v.last_name === 'Walker'
    )!
    expect(wren.status).toBe('ACTIVE')

    // The pass runs out: its end an hour on, moved into the past on the console; nobody pressed End visit.
    const now = Math.floor(Date.now() / 1000)
    await job.control('PUT', `/visitors/${wren.id}/window`, { start_time: now - 3600, end_time: now - 60 })
    // Today read again (the screen opened anew reads the console).
    await job.open('Visitors')
    await job.open('Today')
    await rowIn('left').waitFor({ timeout: 20_000 })
    expect(await rowIn('no-show').count()).toBe(0)
    expect(await rowIn('here').count()).toBe(0)

    // The console: the visit as the pass running out left it, still ACTIVE (no door was tapped).
    const held = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.id === wren.id)!
    expect(held).toMatchObject({ status: 'ACTIVE', end_time: now - 60 })
    // Main's list says the same, with the walk-in's record.
    const view = await job.desk('today', 'list')
    expect(view.rows.find((r: { id: string }) => r.id === wren.id)).toMatchObject({
      group: 'left',
      arrival: { where: 'walk-in' }
    })
    await job.expectAccessible('Today with a walk-in whose pass ran out')
  }, 60_000)
})
