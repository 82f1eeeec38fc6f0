import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely
type Loose = any

/**
 * Five "Ben Ng" on the console, as HR onboarded them: one with a mailbox of his own, two sharing the
 * front desk's, two with none. The PINs screen's picker names each one its own way (shared/person-apart.ts),
 * the confirm line and the outcome name the one picked the same way (lib/person-line `pickedName`), and the
 * PIN goes to the one picked — read on the console afterwards, not on the screen.
 */
const seeded = [
  { first_name: 'Ben', last_name: 'Ng', email: 'ben.ng@example.com' },
  { first_name: 'Ben', last_name: 'Ng', email: 'frontdesk@example.com' },
  { first_name: 'Ben', last_name: 'Ng', email: 'frontdesk@example.com' },
  { first_name: 'Ben', last_name: 'Ng' },
  { first_name: 'Ben', last_name: 'Ng' }
]

const benNgs = async (job: Job): Promise<Loose[]> =>
  ((await job.state('users')) as Loose[]).filter((u) => u.first_name === 'Ben' && u.last_name === 'Ng')

describe('a PIN given to one of five namesakes through the picker (web mode, Chromium)', () => {
  let job: Job
  const ids: string[] = []

  beforeAll(async () => {
    job = await startJob()
    for (const user of seeded) ids.push(((await job.control('POST', '/users', user)) as { id: string }).id)
  })
  afterAll(async () => {
    await job?.close()
  })

  it('names each Ben Ng apart and gives the PIN to the second one only', async () => {
    const { page } = job
    const before = await benNgs(job)
    expect(before.length).toBeGreaterThanOrEqual(5)
    await job.open('PINs')
    await page.getByRole('button', { name: 'Generate PIN' }).click()
    const pin = (await page.getByTestId('generated-pin').textContent())!
    await page.getByRole('searchbox', { name: 'Find a user or visitor' }).fill('Ben Ng')
    const options = page.getByRole('option', { name: /^Ben Ng/ })
    await expect.poll(() => options.count()).toBe(before.length)
    await job.settled()
    await job.expectAccessible('PINs: the picker open on five namesakes')

    // Every Ben Ng reads differently; the second shares a mailbox, so the console's id tells him apart.
    const names = await options.evaluateAll((els) => els.map((el) => el.textContent!.replace(/\s+/g, ' ').trim()))
    expect(new Set(names).size, names.join(' | ')).toBe(before.length)
    const second = ids[1]!
    const his = names.filter((name) => name.includes(`ID ${second.slice(0, 8)}`))
    expect(his, names.join(' | ')).toHaveLength(1)
    expect(his[0]).toContain('frontdesk@example.com')

    await options.filter({ hasText: `ID ${second.slice(0, 8)}` }).click()
    // Named afterwards as the picker named him: the confirm line and the outcome say which Ben Ng.
    const picked = `Ben Ng · ${his[0]!.match(/ID \S+/)![0]}`
    await expect.poll(() => page.getByTestId('pin-assign-person').textContent()).toBe(`To ${picked} (user)`)
    await page.getByRole('button', { name: 'Assign PIN' }).click()
    const outcome = `PIN ${pin} assigned to ${picked}.`
    await page.getByTestId('action-announcer').filter({ hasText: outcome }).waitFor()
    expect(await page.getByTestId('pin-assigned').textContent()).toContain(outcome)

    // On the console: exactly that Ben Ng holds a PIN now; the others are as they were.
    const after = await benNgs(job)
    const held = after.filter((u) => u.pin_hash !== null).map((u) => u.id)
    const heldBefore = before.filter((u) => u.pin_hash !== null).map((u) => u.id)
    expect(held.sort()).toEqual([...heldBefore, second].sort())
    expect(job.browser.errors).toEqual([])
  })
})
