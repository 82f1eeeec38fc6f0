import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { startJob, type Job } from '../support/job'

type Held = { id: string; pin_hash: string | null }

const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement)

/**
 * "Replace X's PIN?" is open on the PIN the screen read, while another desk (the console's own API)
 * puts a PIN of its own in its place: they hold a PIN on both sides, so whether they hold one cannot
 * tell. Replace the PIN then sends nothing, the console keeps the other desk's PIN, and the question
 * is asked again saying the PIN was changed meanwhile (shared/seen `pinDigest`); answered again, the
 * PIN is replaced. On PINs and on the Visitors credentials panel.
 */
describe('a PIN replaced by another desk while "Replace X’s PIN?" is open is not overwritten', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
  }, 180_000)
  afterAll(async () => {
    await job?.close()
  })

  /** The other desk: a PIN the console makes, given to the person through the API; its hash after. */
  async function otherDeskReplaces(resource: 'users' | 'visitors', id: string): Promise<string> {
    const generated = await job.api('POST', '/credentials/pin_codes')
    expect(generated.status).toBe(200)
    const put = await job.api('PUT', `/${resource}/${id}/pin_codes`, { pin_code: generated.body.data })
    expect(put.status).toBe(200)
    return (await hashOf(resource, id))!
  }
  const hashOf = async (resource: 'users' | 'visitors', id: string) =>
    ((await job.state(resource)) as Held[]).find((p) => p.id === id)!.pin_hash

  it('PINs: nothing sent, the other desk’s PIN stays, asked again; answered, it is replaced', async () => {
    const { page } = job
    const { id } = (await job.control('POST', '/users', { first_name: 'Uma', last_name: 'Replaced' })) as {
      id: string
    }
    const first = await otherDeskReplaces('users', id)
    await job.open('PINs')
    await page.getByRole('button', { name: 'Generate PIN' }).click()
    await page.getByTestId('generated-pin').waitFor()
    await page.getByRole('searchbox', { name: 'Find a user or visitor' }).fill('Uma Replaced')
    await page.getByRole('option', { name: /Uma Replaced/ }).click()
    await page.getByTestId('pin-held').waitFor()
    await page.getByRole('button', { name: 'Assign PIN' }).click()
    const dialog = page.getByRole('dialog', { name: 'Replace Uma Replaced’s PIN?' })
    await dialog.waitFor()
    expect(await dialog.getByTestId('changed-since-shown').count()).toBe(0)

    // Meanwhile another desk gives Uma a PIN of its own.
    const theirs = await otherDeskReplaces('users', id)
    expect(theirs).not.toBe(first)
    await dialog.getByRole('button', { name: 'Replace the PIN' }).click()

    // Asked again, saying why, Cancel focused; the console holds the other desk's PIN.
    const changed = dialog.getByTestId('changed-since-shown')
    await changed.waitFor()
    expect(await changed.textContent()).toContain(
      "Uma Replaced's PIN was changed meanwhile (by another desk or the console's own page); nothing was sent."
    )
    expect(await focused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true)
    expect(await hashOf('users', id)).toBe(theirs)
    expect(await page.getByTestId('pin-assigned').count()).toBe(0)
    await job.expectAccessible('PINs: Replace asked again after another desk replaced the PIN')

    // Answered again: replaced, said once.
    const pin = (await page.getByTestId('generated-pin').textContent())!.trim()
    await dialog.getByRole('button', { name: 'Replace the PIN' }).click()
    await page
      .getByTestId('action-announcer')
      .filter({ hasText: `PIN ${pin} assigned to Uma Replaced` })
      .waitFor()
    await expect.poll(() => hashOf('users', id)).not.toBe(theirs)
    expect(job.browser.errors).toEqual([])
  })

  it('Visitors: nothing sent, the other desk’s PIN stays, asked again; answered, it is replaced', async () => {
    const { page } = job
    const now = Math.floor(Date.now() / 1000)
    const booked = await job.api('POST', '/visitors', {
      first_name: 'Vera',
      last_name: 'Replaced',
      visit_reason: 'Business',
      start_time: now - 300,
      end_time: now + 2 * 3600
    })
    expect(booked.status).toBe(200)
    const id = booked.body.data.id as string
    const first = await otherDeskReplaces('visitors', id)

    await job.open('Visitors')
    await page.getByTestId('visitors-table').waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Vera Replaced')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByTestId('visitors-table').getByRole('button', { name: 'Vera Replaced', exact: true }).click()
    const creds = page.getByTestId('visitor-credentials')
    const replace = creds.getByRole('button', { name: 'Replace with a new PIN…' })
    await replace.click()
    const dialog = page.getByRole('dialog', { name: 'Replace Vera Replaced’s PIN?' })
    await dialog.waitFor()

    // Meanwhile another desk gives Vera a PIN of its own.
    const theirs = await otherDeskReplaces('visitors', id)
    expect(theirs).not.toBe(first)
    await dialog.getByRole('button', { name: 'Replace the PIN' }).click()

    const changed = dialog.getByTestId('changed-since-shown')
    await changed.waitFor()
    expect(await changed.textContent()).toContain(
      "Vera Replaced's PIN was changed meanwhile (by another desk or the console's own page); nothing was sent."
    )
    expect(await focused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true)
    expect(await hashOf('visitors', id)).toBe(theirs)
    expect(await creds.getByTestId('visitor-pin').count()).toBe(0)
    await job.expectAccessible('Visitors: Replace asked again after another desk replaced the PIN')

    // Answered again: replaced, the new PIN shown once.
    await dialog.getByRole('button', { name: 'Replace the PIN' }).click()
    await page.getByTestId('action-announcer').filter({ hasText: 'PIN assigned' }).waitFor()
    expect(await creds.getByTestId('visitor-pin').textContent()).toMatch(/^\d{4,}$/)
    await expect.poll(() => hashOf('visitors', id)).not.toBe(theirs)
    expect(job.browser.errors).toEqual([])
  })
})
