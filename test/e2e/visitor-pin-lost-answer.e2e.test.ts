import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  pin_hash?: string | null
}

/**
 * Visitors' "Generate and assign PIN" whose answer is lost after the console gave it (the connection cut):
 * main reads the visitor back as the PINs screen does; the panel shows the PIN given, says it was read back,
 * and never "No PIN" — the console holds a PIN for her.
 */
describe('Visitors in Chromium (web mode): a PIN whose answer was lost', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.control('DELETE', '/faults').catch(() => undefined)
    await job?.close()
  })

  it('shows the PIN given, said as read back, and the console holds it', async () => {
    const { page } = job
    await job.open('Visitors')
    await page.getByRole('button', { name: 'New visitor…' }).click()
    const form = page.getByTestId('visitor-form')
    await form.getByLabel('First name').fill('Jonas')
    await form.getByLabel('Last name').fill('Verloren')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    await form
      .getByTestId('resource-picker')
      .getByRole('checkbox', { name: /^Lobby\s*\(/ })
      .check()
    await form.getByRole('button', { name: 'Create visitor', exact: true }).click()
    const details = page.getByTestId('visitor-details')
    await details.locator('#visitor-title').filter({ hasText: 'Jonas Verloren' }).waitFor()

    await job.control('PUT', '/faults', { afterCommit: { reset: 1, paths: ['PUT /visitors/*'] } })
    const credentials = page.getByTestId('visitor-credentials')
    await credentials.getByRole('button', { name: 'Generate and assign PIN' }).click()
    const pin = credentials.getByTestId('visitor-pin')
    await pin.waitFor()
    expect((await pin.textContent())!.replace(/\D/g, '').length).toBeGreaterThanOrEqual(4)
    await page
      .getByText(/The console's answer was lost, so this was read back/)
      .first()
      .waitFor()
    expect(await credentials.getByText('No PIN').count()).toBe(0)
    await job.expectAccessible('a visitor PIN read back')

    const held = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.last_name === 'Verloren')
    expect(held?.pin_hash).toBeTruthy()
  })
})
