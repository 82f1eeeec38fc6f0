import { afterAll, beforeAll, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * An action acts on what the person saw, or asks again (shared/seen): in Chromium, another desk gives the card
 * shown to someone else while its details are open; "Take the card back" is then asked again naming the new
 * holder, nothing is sent, the focus is on Cancel, axe is clean, and the console still has the card with them.
 */
let job: Job
beforeAll(async () => {
  job = await startJob()
}, 180_000)
afterAll(async () => {
  await job?.close()
})

type Card = { display_id: string; token: string; owner?: { id: string } | null }

it('Cards: a take-back after another desk moved the card is asked again with the new holder; nothing sent', async () => {
  const { page } = job
  await job.open('Cards')
  const cards = (await job.state('cards')) as Card[]
  const card = cards.find((c) => c.owner?.id)!
  const users = (await job.state('users')) as { id: string; first_name: string; last_name: string }[]
  const other = users.find((u) => u.id !== card.owner!.id)!
  await page.getByRole('searchbox', { name: 'Filter cards' }).fill(card.display_id)
  await page.locator('[data-testid=card-rows] [role=row]').first().click()
  const details = page.getByRole('complementary', { name: 'Card details' })
  await details.getByRole('button', { name: /^Take back from / }).waitFor()

  const moved = await job.api('PUT', `/users/${other.id}/nfc_cards`, { token: card.token, force_add: true })
  expect(moved.status).toBe(200)

  await details.getByRole('button', { name: /^Take back from / }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Take the card back' }).click()
  const name = `${other.first_name} ${other.last_name}`
  await expect.poll(() => dialog.textContent()).toContain(`belongs to ${name} now`)
  expect(await dialog.textContent()).toContain(`Take card ${card.display_id} back from ${name}?`)
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
  await job.expectAccessible('Cards take-back asked again')
  const held = ((await job.state('cards')) as Card[]).find((c) => c.token === card.token)!
  expect(held.owner?.id).toBe(other.id)
})
