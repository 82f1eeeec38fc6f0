import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely
type Loose = any

/** The console's user or visitor whose full name is `name` (the person search lists both). */
async function ownerNamed(job: Job, name: string): Promise<Loose> {
  const people: Loose[] = [...(await job.state('users')), ...(await job.state('visitors'))]
  const found = people.filter((u) => `${u.first_name} ${u.last_name}` === name)
  expect(found, `exactly one person named ${name}`).toHaveLength(1)
  return found[0]
}

describe('first start in Chromium (web mode): the demo console and PINs', () => {
  let job: Job

  beforeAll(async () => {
    job = await startJob()
  })
  afterAll(async () => {
    await job?.close()
  })

  it('selects the built-in demo console and generates a PIN', async () => {
    const { page } = job
    await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Demo console')
    // The first screen is Start; PINs is one click away in the sidebar.
    await page.getByRole('heading', { name: 'Where to start' }).waitFor()
    await job.open('PINs')
    await job.expectAccessible('PINs')
    await page.getByRole('button', { name: 'Generate PIN' }).click()
    const pin = page.getByTestId('generated-pin')
    await pin.waitFor()
    expect(await pin.textContent()).toMatch(/^\d{8}$/)
    // The secret left the address bar once read.
    expect(page.url()).not.toContain('#k=')
    expect(job.browser.errors).toEqual([])
  })

  it('assigns the PIN to a user found by search, and says it will not be shown again', async () => {
    const { page } = job
    const pin = (await page.getByTestId('generated-pin').textContent())!
    await page.getByRole('searchbox', { name: 'Find a user or visitor' }).fill('Ng')
    const first = page.getByRole('option').first()
    await first.waitFor()
    await job.expectAccessible('PINs with person results')
    const name = (await first.locator('strong').textContent())!
    const before = (await ownerNamed(job, name)).pin_hash
    await first.click()
    await page.screenshot({ path: 'docs/screens/pins.png' })
    await page.getByRole('button', { name: 'Assign PIN' }).click()
    const status = page.getByRole('status').filter({ hasText: `PIN ${pin} assigned to ${name}` })
    await status.waitFor()
    expect(await status.textContent()).toContain('will not show it again')
    // The console holds the new PIN for that person now (stored hashed; the seed may have given an older one).
    const after = (await ownerNamed(job, name)).pin_hash
    expect(after).toEqual(expect.any(String))
    expect(after).not.toBe(before)
    expect(job.browser.errors).toEqual([])
  })

  it("removes that person's PIN", async () => {
    const { page } = job
    await page.getByText("Remove someone's PIN").click()
    await page.getByRole('searchbox', { name: 'Whose PIN' }).fill('Ng')
    const first = page.getByRole('option').first()
    await first.waitFor()
    await job.expectAccessible("PINs: remove someone's PIN")
    const name = (await first.locator('strong').textContent())!
    await first.click()
    await page.getByRole('button', { name: 'Remove PIN' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `${name} has no PIN any more.` })
      .waitFor()
    expect((await ownerNamed(job, name)).pin_hash).toBeNull()
    expect(job.browser.errors).toEqual([])
  })
})
