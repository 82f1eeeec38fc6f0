import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  status: string
  start_time: number
  end_time: number
  remarks?: string
}

/**
 * The reception ends a visit from Today's row (the visitor leaves before their end time): the question
 * says what it does, Keep the visit is focused first, "End visit now" sets the visit's end to now on the
 * console and nothing else, the row moves to Left with no badge to reprint, said once, the focus on it.
 */
describe('job: Today, a visit ended at the desk (Chromium, web mode, demo console)', () => {
  let job: Job
  let visit: StoredVisitor

  beforeAll(async () => {
    job = await startJob()
    const now = Math.floor(Date.now() / 1000)
    const booked = await job.api('POST', '/visitors', {
      first_name: 'Odile',
      last_name: 'Marchetti',
      visitor_company: 'Tern Labs',
      visit_reason: 'Business',
      remarks: 'Meeting room 2',
      start_time: now - 600,
      end_time: now + 4 * 3600
    })
    expect(booked.status).toBe(200)
    visit = booked.body.data as StoredVisitor
    // Here: she tapped in at a door.
    await job.control('POST', '/visitor-taps', { visitor_id: visit.id })
  })
  afterAll(async () => {
    await job?.close()
  })

  const rowOf = (group: string) =>
    job.page.getByTestId(`today-group-${group}`).getByTestId('today-row').filter({ hasText: 'Odile Marchetti' })

  it('ends the visit now: only its end changes on the console, the row moves to Left, said once, focus on it; axe', async () => {
    const { page } = job
    await job.open('Today')
    await rowOf('here').waitFor()
    await rowOf('here').getByRole('button', { name: 'End visit of Odile Marchetti' }).click()
    const dialog = page.getByRole('dialog', { name: 'End this visit now?' })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('stop opening doors at once')
    // The destructive answer is never the default.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keep the visit')
    await job.expectAccessible('Today: End this visit now?')

    const before = Math.floor(Date.now() / 1000)
    await dialog.getByRole('button', { name: 'End visit now' }).click()
    await rowOf('left').waitFor()
    const after = Math.floor(Date.now() / 1000)

    // The console: the end is now, nothing else written over.
    const held = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.id === visit.id)!
    expect(held.end_time).toBeGreaterThanOrEqual(before)
    expect(held.end_time).toBeLessThanOrEqual(after)
    expect(held).toMatchObject({ start_time: visit.start_time, remarks: 'Meeting room 2', first_name: 'Odile' })

    // Said once, the focus on the visitor's row where it now stands.
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: 'Visit of Odile Marchetti ended: their doors no longer open.' })
      .waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="today-group-left"]') !== null))
      .toBe(true)
    // A visit over: no End visit, no badge.
    expect(
      await rowOf('left')
        .getByRole('button', { name: /End visit of/ })
        .count()
    ).toBe(0)
    expect(
      await rowOf('left')
        .getByRole('button', { name: /badge for Odile Marchetti/ })
        .isDisabled()
    ).toBe(true)
    await job.expectAccessible('Today after End visit')

    // (The audit row, End visit, is asserted by test/unit/visitors/end-visit.test.ts.)
  })
})
