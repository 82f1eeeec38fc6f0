import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

interface HeldUser {
  id: string
  pin_hash?: string | null
}

/**
 * A PIN given on a French desk whose answer was lost (the connection cut after the console gave it):
 * main reads the person back, and every line of the PINs screen says what it found, in French — the
 * red box and the person's line agree with the console, which holds a PIN for her.
 */
describe('PINs in Chromium (web mode, French desk): a give whose answer was lost', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.control('DELETE', '/faults').catch(() => undefined)
    await job?.close()
  })

  it('says in French that she holds a PIN now, and no line says she has none', async () => {
    const { page } = job
    const { id } = (await job.control('POST', '/users', { first_name: 'Chloé', last_name: 'Perdue' })) as {
      id: string
    }
    await job.chooseLanguage('fr')
    await job.open('PINs')
    await page.getByRole('button', { name: 'Générer un PIN' }).click()
    const pin = (await page.getByTestId('generated-pin').textContent())!.trim()
    await page.getByRole('searchbox', { name: 'Trouver un utilisateur ou un visiteur' }).fill('Chloé Perdue')
    await page.getByRole('option', { name: /Chloé Perdue/ }).click()
    // On the screen (the live region keeps the last thing said, the pick's, until the next is said).
    const screenSection = page.locator('section[aria-labelledby="pins-title"]')
    await screenSection.getByText('Chloé Perdue n’a pas encore de PIN.').waitFor()
    await job.control('PUT', '/faults', { afterCommit: { reset: 1, paths: ['PUT /users/:id/pin_codes'] } })
    await page.getByRole('button', { name: 'Attribuer le PIN' }).click()

    const alert = page.getByRole('region', { name: 'Attribuer ce PIN' }).getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain('Chloé Perdue a maintenant un PIN')
    expect(await alert.textContent()).not.toMatch(/answer was lost|holds a PIN/)
    expect(await page.getByTestId('pin-held').textContent()).toContain('Chloé Perdue a déjà un PIN')
    expect(await screenSection.getByText('Chloé Perdue n’a pas encore de PIN.').count()).toBe(0)
    // The console holds a PIN for her: the one shown (its hash is all the console keeps).
    const users = (await job.state('users')) as HeldUser[]
    expect(users.find((u) => u.id === id)!.pin_hash).toBeTruthy()
    expect(pin).toMatch(/^\d+$/)
    await job.expectAccessible('PINs after a lost answer, read back')
  })
})
