import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { startJob, type Job } from '../support/job'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely
type Loose = any

const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement)

/**
 * Replacing a visitor's PIN on Visitors asks first, as on PINs (test/e2e/first-start-pin.e2e.test.ts):
 * the same question, Cancel focused, and only "Replace the PIN" changes what the console holds.
 */
describe('Visitors in Chromium (web mode): replacing a visitor’s PIN is said and confirmed', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.close()
  })

  it('Esc and Cancel leave the console’s PIN as it was; Replace the PIN changes it', async () => {
    const { page } = job
    // A visit current whatever the time of day the test runs (the seed's visits end in the afternoon):
    // booked at the console with a PIN of its own.
    const now = Math.floor(Date.now() / 1000)
    const booked = await job.api('POST', '/visitors', {
      first_name: 'Pia',
      last_name: 'Halvorsen',
      visit_reason: 'Business',
      start_time: now - 300,
      end_time: now + 2 * 3600
    })
    expect(booked.status).toBe(200)
    const generated = await job.api('POST', '/credentials/pin_codes')
    expect(generated.status).toBe(200)
    const assigned = await job.api('PUT', `/visitors/${booked.body.data.id}/pin_codes`, {
      pin_code: generated.body.data
    })
    expect(assigned.status).toBe(200)
    const visitors: Loose[] = await job.state('visitors')
    const name = (v: Loose) => `${v.first_name} ${v.last_name}`
    // A current visit holding a PIN, whose name is its own.
    const visitor = visitors.find(
      (v) =>
        v.pin_hash !== null &&
        !['CANCELLED', 'VISITED', 'NO_VISIT'].includes(v.status) &&
        v.end_time > Date.now() / 1000 &&
        visitors.filter((other) => name(other) === name(v)).length === 1
    )
    expect(visitor, 'a current visitor with a PIN').toBeDefined()
    const full = name(visitor)
    const pinHash = async () => (await job.state('visitors')).find((v: Loose) => v.id === visitor.id).pin_hash
    const before = visitor.pin_hash

    await job.open('Visitors')
    await page.getByTestId('visitors-table').waitFor()
    await page.getByLabel('Name', { exact: true }).fill(full)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByTestId('visitors-table').getByRole('button', { name: full, exact: true }).click()
    const creds = page.getByTestId('visitor-credentials')
    const replace = creds.getByRole('button', { name: 'Replace with a new PIN…' })
    await replace.click()

    const dialog = page.getByRole('dialog', { name: `Replace ${full}’s PIN?` })
    await dialog.waitFor()
    expect(await dialog.getByTestId('pin-replace-warning').textContent()).toBe(
      `${full} already has a PIN; assigning replaces it — the old PIN stops opening doors.`
    )
    await job.expectAccessible('Visitors: replace a PIN?')
    expect(await focused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true)

    // Esc: nothing sent, back on the button that asked.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await focused(replace)).toBe(true)
    expect(await pinHash()).toBe(before)

    // Enter on the focused Cancel: the same.
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    expect(await focused(replace)).toBe(true)
    expect(await pinHash()).toBe(before)
    expect(job.browser.sentChannels).not.toContain('visitors.assignNewPin')

    // Replace the PIN: the console holds a new one, shown once, said once.
    await replace.click()
    await dialog.getByRole('button', { name: 'Replace the PIN' }).click()
    await page.getByTestId('action-announcer').filter({ hasText: 'PIN assigned' }).waitFor()
    expect(await creds.getByTestId('visitor-pin').textContent()).toMatch(/^\d{4,}$/)
    await expect.poll(pinHash).not.toBe(before)
    expect(await pinHash()).toEqual(expect.any(String))
    expect(job.browser.errors).toEqual([])
  })
})
