import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
}

/**
 * A walk-in whose create the console carried out but whose answer was lost (the demo console's
 * afterCommit reset on POST /visitors). Main reads the console back at once: the form closes as after
 * any create, saying the outcome was read back, and no second Create is offered as if nothing had
 * happened. The console holds one such visitor and the audit row is settled Done.
 */
describe('Today: a walk-in created while the console’s answer was lost', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.control('DELETE', '/faults').catch(() => undefined)
    await job?.close()
  })

  it('one Create: the console holds one Walter Lost, the screen says created (read back), the form is closed', async () => {
    const { page } = job
    await job.open('Today')
    await page.getByTestId('today-list').waitFor()
    await page.getByRole('button', { name: /^Add walk-in…/ }).click()
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.waitFor()
    await form.getByLabel('First name').fill('Walter')
    await form.getByLabel('Last name').fill('Lost')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    // A door, so that no question comes between the click and the create.
    const doors = form.getByTestId('resource-picker').getByRole('checkbox')
    if (!(await doors.first().isChecked())) await doors.first().check()

    await job.control('PUT', '/faults', { afterCommit: { reset: 1, paths: ['POST /visitors'] } })
    await form.getByRole('button', { name: 'Create visitor' }).click()
    const added = page.getByTestId('walk-in-added')
    await added.waitFor({ timeout: 15_000 })
    await job.control('DELETE', '/faults')

    expect(await added.textContent()).toContain(
      "Walter Lost was added and is here now. The console's answer was lost, so this was read back from the console; nothing was sent twice."
    )
    // The form is closed: no Create to press again as if nothing had happened.
    expect(await page.getByTestId('today-walk-in').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Create visitor' }).count()).toBe(0)
    // The focus is on the next step, printing their badge.
    expect(await added.getByRole('button').evaluate((el) => el === document.activeElement)).toBe(true)

    const held = ((await job.state('visitors')) as StoredVisitor[]).filter(
      (v) => v.first_name === 'Walter' && v.last_name === 'Lost'
    )
    expect(held).toHaveLength(1)
    expect(job.browser.sentChannels.filter((c) => c === 'visitors.create')).toHaveLength(1)
    const creates = (await job.audit()).filter((r) => r.action === 'create' && r.target === 'visitor')
    expect(creates).toEqual([expect.objectContaining({ outcome: 'ok' })])
    await job.expectAccessible('Today after a walk-in read back')
  })
})
