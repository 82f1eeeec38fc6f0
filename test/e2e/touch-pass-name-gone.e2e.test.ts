import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface PassRecord {
  id: string
  card_id: string
  card_name: string
}

/**
 * A name typed for a Touch Pass and not saved, when the pass is gone from the console meanwhile (another
 * desk, the UniFi portal): "Not saved yet" says it is no longer on the console and offers what was typed
 * (Copy, Discard), never a link that opens nothing — as Cards and Visitors do (lib/record-drafts `noteGone`).
 * Found by the next read of the list, and by opening it from "Not saved yet". The console is the judge
 * that the pass is gone.
 */
describe('a Touch Pass name typed for a pass another writer removed', () => {
  let job: Job
  const passes = async (): Promise<PassRecord[]> => job.state('touchPasses')

  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.close()
  })

  /** Type a name on `pass` and leave it for `other`: the typing is kept under "Not saved yet". */
  async function typeAndLeave(pass: PassRecord, other: PassRecord, typed: string) {
    const { page } = job
    const table = page.getByTestId('passes-table')
    await table.getByRole('button', { name: pass.card_id, exact: true }).click()
    const details = page.getByTestId('pass-details')
    await expect.poll(() => details.locator('#pass-title').textContent()).toBe(pass.card_id)
    await details.getByLabel('Name on the pass').fill(typed)
    await table.getByRole('button', { name: other.card_id, exact: true }).click()
    await expect.poll(() => details.locator('#pass-title').textContent()).toBe(other.card_id)
    const kept = page.getByTestId('unsaved-drafts')
    await kept.getByRole('button', { name: new RegExp(`^${pass.card_id}: name “${typed}”`) }).waitFor()
  }

  async function removeOnConsole(pass: PassRecord) {
    await job.control('DELETE', `/touch-passes/${pass.id}`)
    expect((await passes()).some((p) => p.id === pass.id)).toBe(false)
  }

  async function saidGone(pass: PassRecord, typed: string) {
    const kept = job.page.getByTestId('unsaved-drafts')
    await expect
      .poll(() => kept.getByTestId('draft-gone').allTextContents())
      .toContain(`${pass.card_id} is no longer on the console: what you typed: “${typed}”`)
    expect(await kept.getByRole('button', { name: new RegExp(`^${pass.card_id}: name`) }).count()).toBe(0)
    await kept.getByRole('button', { name: `Discard what you typed for ${pass.card_id}` }).waitFor()
  }

  it('the next read of the list finds the pass gone; opening one from "Not saved yet" does too', async () => {
    const { page } = job
    await job.open('Touch Passes')
    const table = page.getByTestId('passes-table')
    await table.locator('tbody tr').first().waitFor()
    const onScreen = await table.locator('tbody tr td.id button').allTextContents()
    const all = await passes()
    const [a, b, c] = onScreen.slice(0, 3).map((id) => all.find((p) => p.card_id === id.trim())!)
    expect([a, b, c].every(Boolean)).toBe(true)

    // Left with a name typed, removed on the console, then the list read again (another screen and back).
    await typeAndLeave(a!, b!, 'Lobby spare')
    await removeOnConsole(a!)
    await job.open('Cards')
    await job.open('Touch Passes')
    await saidGone(a!, 'Lobby spare')

    // Left with a name typed, removed on the console, then opened from "Not saved yet": answered gone.
    await typeAndLeave(c!, b!, 'Night shift')
    await removeOnConsole(c!)
    await page
      .getByTestId('unsaved-drafts')
      .getByRole('button', { name: new RegExp(`^${c!.card_id}: name “Night shift”`) })
      .click()
    await saidGone(c!, 'Night shift')
    await job.expectAccessible('Touch Passes with typing kept for passes gone')
  }, 120_000)
})
