import { afterAll, beforeAll, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * A card's alias saved on Cards while another desk (the demo console's own API) writes the console: main
 * asks the console as it is at the save, never the list Cards read, and the conflict dialog never lets a
 * choice stand on a value the person did not read. The console's cards are asserted afterwards.
 */
let job: Job
beforeAll(async () => {
  job = await startJob()
}, 180_000)
afterAll(async () => {
  await job?.close()
})

type Card = {
  display_id: string
  token: string
  alias: string
  status: string
  owner?: { id: string } | null
}

async function openCard(card: Card) {
  const { page } = job
  await page.getByRole('searchbox', { name: 'Filter cards' }).fill(card.display_id)
  await expect.poll(() => page.locator('[data-testid=card-rows] [role=row]').count()).toBe(1)
  await page.locator('[data-testid=card-rows] [role=row]').first().click()
  const details = page.getByRole('complementary', { name: 'Card details' })
  await expect.poll(() => details.locator('h2').textContent()).toBe(`Card ${card.display_id}`)
  return details
}

const held = async (token: string) => ((await job.state('cards')) as Card[]).find((c) => c.token === token)!

it('Cards: an alias another desk gave a card while the edit was open is refused, naming that card and its holder', async () => {
  await job.open('Cards')
  const cards = (await job.state('cards')) as Card[]
  const users = (await job.state('users')) as { id: string; first_name: string; last_name: string }[]
  const live = cards.filter((c) => c.status !== 'deleted' && c.alias !== 'Lobby 3')
  const card = live.find((c) => !c.owner?.id)!
  const other = live.find((c) => c.owner?.id && users.some((u) => u.id === c.owner!.id))!
  const holder = users.find((u) => u.id === other.owner!.id)!
  const details = await openCard(card)
  await details.getByRole('textbox', { name: 'Alias' }).fill('Lobby 3')

  // Another desk gives the other card that alias while this edit is open (Cards' list still says otherwise).
  expect((await job.api('PUT', `/credentials/nfc_cards/tokens/${other.token}`, { alias: 'Lobby 3' })).status).toBe(200)

  await details.getByRole('button', { name: 'Save alias' }).click()
  const said = `Alias "Lobby 3" is already used by card ${other.display_id} (${holder.first_name} ${holder.last_name}); choose another.`
  await expect.poll(() => details.textContent()).toContain(said)
  await job.expectAccessible('Cards alias refused')
  const after = (await job.state('cards')) as Card[]
  expect(after.filter((c) => c.alias === 'Lobby 3').map((c) => c.token)).toEqual([other.token])
  expect((await held(card.token)).alias).toBe(card.alias)
  expect(job.browser.errors).toEqual([])
})

it('Cards: the conflict dialog says a value changed again while it was open and asks again; the old choice sends nothing', async () => {
  const { page } = job
  const cards = (await job.state('cards')) as Card[]
  const card = cards.find((c) => c.status !== 'deleted' && !c.owner?.id && c.alias !== 'Lobby 3' && c.alias !== '')!
  const details = await openCard(card)
  await details.getByRole('textbox', { name: 'Alias' }).fill('Front desk spare')
  await job.api('PUT', `/credentials/nfc_cards/tokens/${card.token}`, { alias: 'Loading bay' })
  await details.getByRole('button', { name: 'Save alias' }).click()

  const dialog = page.getByTestId('edit-conflicts')
  await dialog.waitFor()
  expect(await dialog.textContent()).toContain('Loading bay')
  expect(await dialog.textContent()).not.toContain('Changed again on the console just now')

  // While the dialog is open, another desk changes the alias again; the person, having read "Loading bay",
  // chooses to keep the console's and saves.
  await job.api('PUT', `/credentials/nfc_cards/tokens/${card.token}`, { alias: 'Loading bay 2' })
  await dialog.getByRole('radio', { name: /Keep the console's/ }).check()
  await dialog.getByRole('button', { name: 'Save with these choices' }).click()

  // Asked again, saying so: the new value, the line beside the field, the live text, and no choice left made.
  await expect.poll(() => dialog.textContent()).toContain('Changed again on the console just now')
  expect(await dialog.textContent()).toContain('Loading bay 2')
  expect(await page.getByTestId('conflict-again-live').textContent()).toContain('Alias changed again on the console')
  expect(await dialog.getByRole('radio', { name: /Keep the console's/ }).isChecked()).toBe(false)
  expect(await dialog.getByRole('radio', { name: /Use yours/ }).isChecked()).toBe(false)
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('choice-alias')
  await job.expectAccessible('conflict dialog changed again')
  expect((await held(card.token)).alias).toBe('Loading bay 2')

  // Another change, then "Use yours" chosen against the value before it: asked again, nothing written.
  await job.api('PUT', `/credentials/nfc_cards/tokens/${card.token}`, { alias: 'Loading bay 3' })
  await dialog.getByRole('radio', { name: /Use yours/ }).check()
  await dialog.getByRole('button', { name: 'Save with these choices' }).click()
  await expect.poll(() => dialog.textContent()).toContain('Loading bay 3')
  expect(await dialog.getByRole('radio', { name: /Use yours/ }).isChecked()).toBe(false)
  expect((await held(card.token)).alias).toBe('Loading bay 3')

  // Chosen against the value the console holds: written.
  await dialog.getByRole('radio', { name: /Use yours/ }).check()
  await dialog.getByRole('button', { name: 'Save with these choices' }).click()
  await page.getByTestId('action-announcer').filter({ hasText: 'Alias saved.' }).waitFor()
  expect(await dialog.count()).toBe(0)
  expect((await held(card.token)).alias).toBe('Front desk spare')
  expect(job.browser.errors).toEqual([])
})
