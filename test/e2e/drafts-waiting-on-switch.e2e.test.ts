import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { startDemoConsoleProcess } from '../support/processes'
import { tempDir } from '../support/temp'
import { focusUnseen } from '../support/focus-seen'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  visitor_company?: string
  remarks?: string
}

/**
 * An edit typed and left unsaved on one console, a switch to another and back: the switch back says what
 * is waiting there ("1 unsaved change waiting: Visitors — Hélène Brückner", said once and shown above the
 * screen with a button that opens it), and the screen holding it says so at its top with a way to the form
 * — the form itself is under a long list, far below the window's edge (1366×768). Two consoles: the
 * built-in demo console and a second demo console process. The save afterwards is checked on the console.
 */
describe('a switch back to a console says the unsaved edit waiting there, and opens it', () => {
  let job: Job
  let other: Awaited<ReturnType<typeof startDemoConsoleProcess>> | undefined
  let otherDir: Awaited<ReturnType<typeof tempDir>> | undefined
  let visitor: StoredVisitor

  beforeAll(async () => {
    job = await startJob()
    const now = Math.floor(Date.now() / 1000)
    // A long list: the form opens under it.
    for (let i = 0; i < 40; i++) {
      const answer = await job.api('POST', '/visitors', {
        first_name: 'Listed',
        last_name: `Visitor ${String(i + 1).padStart(2, '0')}`,
        visit_reason: 'Business',
        start_time: now + 3600 + i,
        end_time: now + 5 * 3600
      })
      expect(answer.status).toBe(200)
    }
    // A visit that opens a door (the form asks first before saving one that opens none).
    const site = (await job.state('site')) as { groups: { id: string; hidden?: boolean }[] }
    const resources = [{ id: site.groups.find((g) => !g.hidden)!.id, type: 'door_group' }]
    const answer = await job.api('POST', '/visitors', {
      resources,
      first_name: 'Hélène',
      last_name: 'Brückner',
      visit_reason: 'Business',
      start_time: now + 3600,
      end_time: now + 5 * 3600
    })
    expect(answer.status).toBe(200)
    visitor = answer.body.data as StoredVisitor
  }, 120_000)
  afterAll(async () => {
    await other?.stop()
    await otherDir?.remove()
    await job?.close()
  })

  it('says it on the switch, above the screen and at the top of Visitors; the form it opens saves', async () => {
    const { page } = job
    const { activeId } = await job.desk('connections', 'list')
    const first = ((await job.desk('connections', 'list')).profiles as { id: string; name: string }[]).find(
      (p) => p.id === activeId
    )!
    otherDir = await tempDir('annex-console-')
    other = await startDemoConsoleProcess(otherDir.path)
    await job.desk('connections', 'save', {
      name: 'Annex view',
      url: other.info.url,
      token: other.info.tokens.full,
      fingerprint256: other.info.fingerprint256
    })
    await job.desk('connections', 'select', { id: activeId })

    // On the first console: Hélène's Edit…, Remarks and Company typed, not saved.
    await job.open('Visitors')
    await page.getByLabel('Name', { exact: true }).fill('Brückner')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const table = page.getByTestId('visitors-table')
    await table.getByRole('button', { name: 'Hélène Brückner' }).click()
    const details = page.getByTestId('visitor-details')
    await expect.poll(() => details.locator('#visitor-title').textContent()).toBe('Hélène Brückner')
    await details.getByRole('button', { name: 'Edit…' }).click()
    const form = page.getByTestId('visitor-form')
    await form.getByLabel('Company').fill('Brückner Bau')
    await form.getByLabel('Remarks').fill('Bringt Pläne mit')
    // The search emptied: the whole list again, the form under it.
    await page.getByLabel('Name', { exact: true }).fill('')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(20)

    // Settings: the second console, then the first again.
    await job.open('Settings')
    await page.getByRole('listitem', { name: 'Annex view' }).getByRole('button', { name: /^Use / }).click()
    const announced = () => page.getByTestId('action-announcer').textContent()
    await expect.poll(announced, { timeout: 10_000 }).toContain('Using Annex view')
    expect(await announced()).toContain(`1 unsaved edit kept with ${first.name}`)
    // Nothing waits on the second console.
    expect(await page.getByTestId('drafts-waiting').count()).toBe(0)
    await page.getByRole('listitem', { name: first.name }).getByRole('button', { name: /^Use / }).click()
    await expect.poll(announced, { timeout: 10_000 }).toContain(`Using ${first.name}`)
    expect(await announced()).toContain('1 unsaved change waiting: Visitors — Hélène Brückner.')

    // Shown above the screen, with a button that opens it.
    const waiting = page.getByTestId('drafts-waiting')
    expect(await waiting.textContent()).toContain(`1 unsaved change waiting on ${first.name}`)
    await waiting.getByRole('button', { name: 'Visitors — Hélène Brückner' }).click()

    // Visitors says it at its top, in view, with a way to the form under the long list.
    const note = page.getByTestId('form-waiting')
    await note.waitFor({ timeout: 20_000 })
    expect(await note.textContent()).toContain('what you typed for Hélène Brückner is kept in the form below')
    await expect
      .poll(() =>
        note.evaluate((el) => {
          const r = el.getBoundingClientRect()
          return r.top >= 0 && r.bottom <= window.innerHeight
        })
      )
      .toBe(true)
    // Seen on its screen: no longer above it.
    expect(await page.getByTestId('drafts-waiting').count()).toBe(0)
    await expect
      .poll(() => page.getByTestId('visitors-table').locator('tbody tr').count(), { timeout: 20_000 })
      .toBeGreaterThan(20)
    await note.getByRole('button', { name: 'Go to the form' }).click()
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid=visitor-form]'))))
      .toBe(true)
    await expect.poll(() => focusUnseen(page)).toBe('')
    expect(await form.getByLabel('Company').inputValue()).toBe('Brückner Bau')
    expect(await form.getByLabel('Remarks').inputValue()).toBe('Bringt Pläne mit')
    await job.expectAccessible('Visitors, the form kept across a switch')

    // Saved: the console holds what was typed, and the note goes with the form.
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(
        async () =>
          ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.id === visitor.id)?.visitor_company,
        {
          timeout: 20_000
        }
      )
      .toBe('Brückner Bau')
    const held = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.id === visitor.id)!
    expect(held.remarks).toBe('Bringt Pläne mit')
    await expect.poll(() => note.count()).toBe(0)
  }, 180_000)
})
