import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { allPermissionKeys } from '../../src/demo-console/tokens'

interface StoredVisitor {
  id: string
  first_name: string
  last_name: string
  status: string
  remarks?: string
}

const ALL_KEYS = [...allPermissionKeys]
const GERMAN_PATH = 'Access → Einstellungen → Allgemein → Erweitert → API-Token'

/**
 * A German desk. The visitor form's Save refused for edit:visitor (the keys taken from the token on the
 * console): the error names the key and the console's menu path in German, as Touch Passes' view-only
 * banner does, and the typing stays. The keys given back and checked again: the sidebar says Verbunden,
 * the error is gone, Save sends what was typed and the console holds it.
 */
describe('a missing-key error in German: one menu path, withdrawn when the key is back (web mode, demo console)', () => {
  let job: Job
  const line = (): Locator => job.page.getByTestId('console-answers')
  /** Check again (Erneut prüfen) until the sidebar says `state`. */
  const checkUntil = (state: string) =>
    expect
      .poll(
        async () => {
          const check = line().getByRole('button', { name: 'Erneut prüfen' })
          if ((await check.count()) > 0) await check.click().catch(() => undefined)
          return line().getAttribute('data-state')
        },
        { timeout: 30_000, interval: 1_000 }
      )
      .toBe(state)

  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.control('PUT', '/scopes', { token: 'full', keys: ALL_KEYS }).catch(() => undefined)
    await job?.close()
  })

  it('refused, then the keys back: the error goes, the typing stays and is saved', async () => {
    const { page } = job
    await job.chooseLanguage('de')
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('reachable')
    const visitor = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.status === 'UPCOMING')!
    expect(visitor).toBeDefined()
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /^Besucher$/ })
      .first()
      .click()
    await page.getByTestId('visitors-table').getByText(`${visitor.first_name} ${visitor.last_name}`).first().click()
    const details = page.getByTestId('visitor-details')
    await details.getByRole('button', { name: 'Bearbeiten…' }).click()
    const form = page.getByTestId('visitor-form')
    await form.getByLabel('Bemerkungen').fill('Bringt einen Laptop mit')

    await job.control('PUT', '/scopes', {
      token: 'full',
      keys: ALL_KEYS.filter((k) => k !== 'edit:visitor' && k !== 'edit:credential')
    })
    await form.getByRole('button', { name: 'Änderungen speichern' }).click()
    // The error under Save (components/ErrorNotice), not the form's note of the key.
    const error = form.locator('.error[data-kind="permission"]').filter({ hasText: 'edit:visitor' })
    await error.waitFor({ timeout: 20_000 })
    // Worded in German once the errors' catalogue of the desk's language is in.
    await expect.poll(() => error.textContent(), { timeout: 10_000 }).toContain(GERMAN_PATH)
    expect(await form.getByLabel('Bemerkungen').inputValue()).toBe('Bringt einen Laptop mit')
    await expect.poll(() => line().getAttribute('data-state'), { timeout: 20_000 }).toBe('permissions')

    // The keys given back; Check again (Erneut prüfen) until Verbunden.
    await job.control('PUT', '/scopes', { token: 'full', keys: ALL_KEYS })
    // On the form still (a screen left and opened again starts its form without the old error).
    await checkUntil('reachable')
    expect(await line().textContent()).toContain('Verbunden')
    await expect.poll(() => error.count()).toBe(0)
    expect(await form.getByLabel('Bemerkungen').inputValue()).toBe('Bringt einen Laptop mit')
    const save = form.getByRole('button', { name: 'Änderungen speichern' })
    expect(await save.isDisabled()).toBe(false)
    await job.expectAccessible('the visitor form after the keys came back, in German')

    await save.click()
    await details.getByTestId('visitor-saved').filter({ hasText: 'Besucher gespeichert' }).waitFor({ timeout: 20_000 })
    const held = ((await job.state('visitors')) as StoredVisitor[]).find((v) => v.id === visitor.id)
    expect(held?.remarks).toBe('Bringt einen Laptop mit')
  }, 120_000)

  it("Touch Passes' view-only banner names the same path, in German", async () => {
    const { page } = job
    await job.control('PUT', '/scopes', { token: 'full', keys: ALL_KEYS.filter((k) => k !== 'edit:credential') })
    await page.getByRole('navigation').getByRole('button', { name: 'Touch Passes', exact: true }).click()
    await checkUntil('permissions')
    const banner = page.getByTestId('permission-note')
    await expect.poll(() => banner.textContent(), { timeout: 20_000 }).toContain('edit:credential')
    expect(await banner.textContent()).toContain(GERMAN_PATH)
    expect(await banner.textContent()).not.toContain('Settings → General')
    await job.control('PUT', '/scopes', { token: 'full', keys: ALL_KEYS })
    await checkUntil('reachable')
    await expect.poll(() => banner.count()).toBe(0)
  }, 60_000)
})
