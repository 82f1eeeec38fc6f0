import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { screenshotPath } from '../support/screenshots'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely
type Loose = any

/** The console's user or visitor whose full name is `name` (the person search lists both). */
async function ownerNamed(job: Job, name: string): Promise<Loose> {
  const people: Loose[] = [...(await job.state('users')), ...(await job.state('visitors'))]
  const found = people.filter((u) => `${u.first_name} ${u.last_name}` === name)
  expect(found, `exactly one person named ${name}`).toHaveLength(1)
  return found[0]
}

/** A user with (or without) a PIN whose full name is theirs alone, found by their unique email. */
async function userWithPin(job: Job, held: boolean): Promise<Loose> {
  const people: Loose[] = [...(await job.state('users')), ...(await job.state('visitors'))]
  const name = (p: Loose) => `${p.first_name} ${p.last_name}`
  const users: Loose[] = await job.state('users')
  const found = users.find(
    (u) => (u.pin_hash !== null) === held && u.user_email && people.filter((p) => name(p) === name(u)).length === 1
  )
  expect(found, `a user ${held ? 'with' : 'without'} a PIN`).toBeDefined()
  return found
}

/** Waits until the app's one live region says `text`. */
async function said(page: Page, text: string): Promise<void> {
  await page.getByTestId('action-announcer').filter({ hasText: text }).waitFor()
}

const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement)

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
    await page.getByRole('heading', { name: 'Home' }).waitFor()
    await job.open('PINs')
    await job.expectAccessible('PINs')
    await page.getByRole('button', { name: 'Generate PIN' }).click()
    const pin = page.getByTestId('generated-pin')
    await pin.waitFor()
    expect(await pin.textContent()).toMatch(/^\d{8}$/)
    // Said once in the app's live region; the focus is on the next step, finding who gets it.
    await said(page, `PIN ${await pin.textContent()} generated`)
    expect(await focused(page.getByRole('searchbox', { name: 'Find a user or visitor' }))).toBe(true)
    // The secret left the address bar once read.
    expect(page.url()).not.toContain('#k=')
    expect(job.browser.errors).toEqual([])
  })

  it('assigns the PIN to a user found by search, and says it will not be shown again', async () => {
    const { page } = job
    const pin = (await page.getByTestId('generated-pin').textContent())!
    const person = await userWithPin(job, false)
    const name = `${person.first_name} ${person.last_name}`
    await page.getByRole('searchbox', { name: 'Find a user or visitor' }).fill(person.user_email)
    const option = page.getByRole('option', { name: new RegExp(name) })
    await option.waitFor()
    await job.expectAccessible('PINs with person results')
    await option.click()
    await said(page, `${name} has no PIN yet.`)
    expect(await focused(page.getByRole('button', { name: 'Assign PIN' }))).toBe(true)
    await page.screenshot({ path: screenshotPath('pins.png') })
    await page.getByRole('button', { name: 'Assign PIN' }).click()
    await said(page, `PIN ${pin} assigned to ${name}`)
    // The words stay on screen, with the focus, to be read again.
    const result = page.getByTestId('pin-assigned')
    expect(await result.textContent()).toContain('will not show it again')
    expect(await focused(result)).toBe(true)
    // The console holds the new PIN for that person now (stored hashed).
    expect((await ownerNamed(job, name)).pin_hash).toEqual(expect.any(String))
    expect(job.browser.errors).toEqual([])
  })

  it('replaces the PIN of someone who has one only after saying so and a confirmation (Cancel focused)', async () => {
    const { page } = job
    await page.getByRole('button', { name: 'Generate another' }).click()
    await expect.poll(() => page.getByRole('searchbox', { name: 'Find a user or visitor' }).count()).toBe(1)
    const pin = (await page.getByTestId('generated-pin').textContent())!
    const person = await userWithPin(job, true)
    const name = `${person.first_name} ${person.last_name}`
    const before = person.pin_hash
    await page.getByRole('searchbox', { name: 'Find a user or visitor' }).fill(person.user_email)
    await page.getByRole('option', { name: new RegExp(name) }).click()
    await expect
      .poll(() => page.getByTestId('pin-held').textContent())
      .toContain(`${name} already has a PIN; assigning replaces it — the old PIN stops opening doors.`)

    await page.getByRole('button', { name: 'Assign PIN' }).click()
    const dialog = page.getByRole('dialog', { name: `Replace ${name}’s PIN?` })
    await dialog.waitFor()
    await job.expectAccessible('PINs: replace a PIN?')
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel')
    // Enter on the focused Cancel: nothing is sent, the old PIN still opens doors; back on Assign PIN.
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    expect((await ownerNamed(job, name)).pin_hash).toBe(before)
    expect(await focused(page.getByRole('button', { name: 'Assign PIN' }))).toBe(true)

    await page.getByRole('button', { name: 'Assign PIN' }).click()
    await dialog.getByRole('button', { name: 'Replace the PIN' }).click()
    await said(page, `PIN ${pin} assigned to ${name}`)
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
    await page.getByRole('button', { name: 'Remove PIN…' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove PIN', exact: true }).click()
    await said(page, `${name} has no PIN any more.`)
    expect((await ownerNamed(job, name)).pin_hash).toBeNull()
    expect(job.browser.errors).toEqual([])
  })
})
