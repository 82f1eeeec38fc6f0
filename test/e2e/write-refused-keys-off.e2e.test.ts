import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { allPermissionKeys } from '../../src/demo-console/tokens'

interface HeldCard {
  token: string
  display_id: string
  owner: { type: string; id: string } | null
}

/**
 * A write refused with 403 for a key taken from the token since Cards opened: main checks the token's
 * keys again by itself (connections/console-reach.ts), and every button of the key missing now is off,
 * saying why, without Check again — the person is not left pressing buttons that can only be refused.
 * The console holds what it held: the card still has its owner.
 */
describe('Cards after a take back refused for edit:user', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.control('PUT', '/scopes', { token: 'full', keys: [...allPermissionKeys] }).catch(() => undefined)
    await job?.close()
  })

  it('turns "Take back from …" and "Assign to a person…" off, naming edit:user; the card keeps its owner', async () => {
    const { page } = job
    await job.open('Cards')
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    await page.getByRole('combobox', { name: 'Status' }).selectOption('assigned')
    await expect
      .poll(async () => [...new Set(await page.locator('[data-testid=card-rows] .status').allTextContents())])
      .toEqual(['Assigned'])
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    const details = page.getByRole('complementary', { name: 'Card details' })
    const number = (await details.locator('h2').textContent())!.replace('Card ', '').trim()
    const card = ((await job.state('cards')) as HeldCard[]).find((c) => c.display_id === number)!
    expect(card.owner).toBeTruthy()
    const takeBack = details.getByRole('button', { name: /^Take back from / })
    expect(await takeBack.isEnabled()).toBe(true)

    // The key is taken from the token on the console, after Cards read what it may do.
    await job.control('PUT', '/scopes', {
      token: 'full',
      keys: allPermissionKeys.filter((key) => key !== 'edit:user')
    })
    await takeBack.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Take the card back' }).click()
    await page.getByRole('alert').filter({ hasText: 'edit:user' }).first().waitFor({ timeout: 20_000 })

    // No Check again: main's own check after the refusal turns the key's buttons off.
    await expect.poll(() => takeBack.isDisabled(), { timeout: 20_000 }).toBe(true)
    const described = async (button: typeof takeBack) =>
      button.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      )
    expect(await described(takeBack)).toContain('edit:user')
    // Renaming and deleting need edit:credential, still held: still on.
    expect(await details.getByRole('button', { name: 'Delete card…' }).isEnabled()).toBe(true)
    // The sidebar says it too, once main's check of every key (started by the refusal) has answered.
    await expect
      .poll(() => page.getByTestId('console-answers').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('permissions')

    // Another card with nobody holding it: "Assign to a person…" is off too, for the same key.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending')
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    const assign = details.getByRole('button', { name: 'Assign to a person…' })
    await expect.poll(() => assign.isDisabled(), { timeout: 10_000 }).toBe(true)
    expect(await described(assign)).toContain('edit:user')

    // The console holds what it held.
    const after = ((await job.state('cards')) as HeldCard[]).find((c) => c.token === card.token)!
    expect(after.owner).toEqual(card.owner)
    await job.expectAccessible('Cards after a refused take back')
  })
})
