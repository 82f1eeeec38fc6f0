import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface HeldUser {
  id: string
  pin_hash?: string | null
}

/**
 * A PIN replaced on a French desk whose answer was lost (a proxy's 502 after the console replaced it):
 * main reads the person back and finds her PIN changed just now, so the screen says it as done — the
 * PIN given, then the read-back sentence, in French — with no red box, no Réessayer, and no "already
 * has a PIN" warning of before left beside it. The console holds another PIN for her than before.
 */
describe('PINs in Chromium (web mode, French desk): a replace whose answer was lost', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.control('DELETE', '/faults').catch(() => undefined)
    await job?.close()
  })

  it('says in French that the PIN is given, as done, and offers nothing to try again', async () => {
    const { page } = job
    const { id } = (await job.control('POST', '/users', { first_name: 'Chloé', last_name: 'Perdue' })) as {
      id: string
    }
    const hash = async () => ((await job.state('users')) as HeldUser[]).find((u) => u.id === id)!.pin_hash
    await job.chooseLanguage('fr')
    await job.open('PINs')
    const screenSection = page.locator('section[aria-labelledby="pins-title"]')
    // A first PIN for her, given plainly.
    await page.getByRole('button', { name: 'Générer un PIN' }).click()
    await page.getByRole('searchbox', { name: 'Trouver un utilisateur ou un visiteur' }).fill('Chloé Perdue')
    await page.getByRole('option', { name: /Chloé Perdue/ }).click()
    await screenSection.getByText('Chloé Perdue n’a pas encore de PIN.').waitFor()
    await page.getByRole('button', { name: 'Attribuer le PIN' }).click()
    await page.getByTestId('pin-assigned').waitFor()
    const before = await hash()
    expect(before).toBeTruthy()

    // Another, replacing it, whose answer is lost. The new PIN comes from main: read once it is drawn.
    const first = (await page.getByTestId('generated-pin').textContent())!.trim()
    await page.getByRole('button', { name: 'En générer un autre' }).click()
    await expect.poll(async () => (await page.getByTestId('generated-pin').textContent())?.trim()).not.toBe(first)
    const pin = (await page.getByTestId('generated-pin').textContent())!.trim()
    expect(pin).toMatch(/^\d{4,}$/)
    await page.getByRole('searchbox', { name: 'Trouver un utilisateur ou un visiteur' }).fill('Chloé Perdue')
    await page.getByRole('option', { name: /Chloé Perdue/ }).click()
    await page.getByTestId('pin-held').waitFor()
    await job.control('PUT', '/faults', { afterCommit: { status502: 1, paths: ['PUT /users/:id/pin_codes'] } })
    await page.getByRole('button', { name: 'Attribuer le PIN' }).click()
    await page.getByRole('button', { name: 'Remplacer le PIN' }).click()

    const done = page.getByTestId('pin-assigned')
    await expect.poll(() => done.textContent()).toContain(`PIN ${pin} attribué à Chloé Perdue.`)
    expect(await done.textContent()).toContain('La réponse de la console s’est perdue')
    expect(await done.textContent()).not.toMatch(/answer was lost|assigned to/)
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0)
    expect(await page.getByTestId('pin-held').count()).toBe(0)
    // The console replaced it: her PIN is another than before (its hash is all the console keeps).
    const now = await hash()
    expect(now).toBeTruthy()
    expect(now).not.toBe(before)
    await job.expectAccessible('PINs after a lost answer, found given')
  })
})
