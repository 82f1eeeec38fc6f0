import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../support/processes'
import { tempDir } from '../support/temp'
import { request } from '../unit/demo-console/support'

/**
 * The Settings job, as an installer does it: add the site's console (a second demo console, its
 * own process) with a wrong token, a view-only one, the right one; then the console gets a new
 * certificate, and later stops and comes back. Each step is checked on the screen and in what the
 * app saved or what the console holds.
 */
describe('Settings job: wrong token, view-only token, changed certificate, console gone and back', () => {
  let job: Job
  let site: Started<DemoConsoleInfo>
  let port: string
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = []
  /** The site console's data dir now (a certificate reset moves it). */
  let siteDir: string
  const NAME = 'Site office'
  const WRONG = 'Zm9vYmFyLW5vdC1hLWtleQ'

  /** The cards the site console holds (read with its own CA and full token, never through the app). */
  async function siteCards(): Promise<{ id: string; alias?: string; display_id: string }[]> {
    const ca = await readFile(join(siteDir, 'tls-cert.pem'), 'utf8')
    const answer = await request(site.info.url, ca, 'GET', '/__demo/state/cards', { token: site.info.tokens.full })
    expect(answer.status).toBe(200)
    return answer.body.data
  }

  async function savedProfiles() {
    const listed = await job.page.evaluate(() => window.api!.connections.list())
    if (!listed.ok) throw new Error(listed.error.message)
    return listed.result.profiles
  }

  async function onDisk(name: string): Promise<string> {
    return readFile(join(job.dataDir, name), 'utf8').catch(() => '')
  }

  const profileCard = (): Locator => job.page.getByRole('listitem', { name: NAME })
  /** The sidebar's line under the console's name (its state, from every answer main gets). */
  const sidebar = (): Locator => job.page.getByTestId('console-answers')

  /** Rename the first card on the Cards screen; returns its display id. */
  async function renameFirstCard(alias: string): Promise<string> {
    const { page } = job
    await job.open('Cards')
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    const details = page.getByRole('complementary', { name: 'Card details' })
    const displayId = (await details.locator('h2').textContent())!.replace('Card ', '')
    await details.getByRole('textbox', { name: 'Alias' }).fill(alias)
    await details.getByRole('button', { name: 'Save alias' }).click()
    await page.getByTestId('action-announcer').filter({ hasText: 'Alias saved.' }).waitFor()
    return displayId
  }

  beforeAll(async () => {
    const dir = await tempDir('access-desk-site-')
    dirs.push(dir)
    siteDir = dir.path
    ;[job, site] = await Promise.all([startJob(), startDemoConsoleProcess(siteDir)])
    port = new URL(site.info.url).port
  })
  afterAll(async () => {
    await job?.close()
    await site?.stop()
    await Promise.all(dirs.map((d) => d.remove()))
  })

  it('(a) a wrong token is refused and nothing is saved', async () => {
    const { page } = job
    await job.open('Settings')
    await job.expectAccessible('Settings')
    const form = page.getByRole('form', { name: 'Add a console' })
    await form.getByRole('textbox', { name: 'Name' }).fill(NAME)
    await form.getByRole('textbox', { name: 'Address' }).fill(site.info.url)
    await form.getByLabel('API token').fill(WRONG)
    await form.getByRole('button', { name: 'Check certificate' }).click()
    await expect
      .poll(() => form.getByRole('group', { name: /SHA-256 fingerprint/ }).getAttribute('aria-label'))
      .toContain(site.info.fingerprint256)
    await form.getByRole('checkbox', { name: /I compared the fingerprint/ }).check()
    await job.expectAccessible('Settings, certificate to compare')
    await form.getByRole('button', { name: 'Save and use' }).click()
    const alert = form.getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain('refused this API token, so nothing was saved')
    expect(await alert.textContent()).toContain('API Token → Create New, with the permission keys')
    expect(await alert.isVisible()).toBe(true)
    expect(await alert.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
    await job.expectAccessible('Settings, token refused')
    await page.screenshot({ path: '/tmp/settings-refused.png' })

    expect((await savedProfiles()).map((p) => p.name)).toEqual(['Demo console'])
    expect(await onDisk('profiles.json')).not.toContain(site.info.url)
    expect((await onDisk('profiles.json')) + (await onDisk('secrets.json'))).not.toContain(WRONG)
    expect(await page.getByTestId('active-connection').textContent()).toContain('Demo console')
    expect(await page.content()).not.toContain(WRONG)
  })

  it('(c) a view-only token: Settings lists what it cannot do, the screens disable writes naming the key', async () => {
    const { page } = job
    const form = page.getByRole('form', { name: 'Add a console' })
    await form.getByLabel('API token').fill(site.info.tokens.view)
    await form.getByRole('button', { name: 'Save and use' }).click()
    // The new console's entry says what the token can and cannot do, in view.
    const added = profileCard().getByTestId('test-result')
    await expect.poll(() => added.textContent()).toContain(`Saved "${NAME}" and made it active`)
    expect(await added.textContent()).toMatch(
      /The API token lacks 3 permissions in all: edit:credential, edit:user,? and edit:visitor\./
    )
    expect(await added.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
    const table = profileCard().getByRole('table', { name: 'Permission keys of this token' })
    expect(await table.getByRole('row', { name: /edit:credential/ }).textContent()).toContain('Missing')
    expect(await table.getByRole('row', { name: /view:credential/ }).textContent()).toContain('Allowed')
    await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain(NAME)
    // The sidebar says what Settings says: the console answers, the token lacks the edit keys.
    await expect.poll(() => sidebar().getAttribute('data-state')).toBe('permissions')
    expect(await sidebar().textContent()).toMatch(
      /Missing permissions.*The API token lacks 3 permissions in all: edit:credential, edit:user,? and edit:visitor\./s
    )
    await job.expectAccessible('Settings, view-only token added')
    await page.screenshot({ path: '/tmp/settings-view-only.png' })

    const saved = (await savedProfiles()).find((p) => p.name === NAME)!
    expect(saved).toMatchObject({ url: site.info.url, fingerprint256: site.info.fingerprint256, hasToken: true })
    expect(await onDisk('profiles.json')).not.toContain(site.info.tokens.view)

    // The same test from the saved console: the result is next to its button, in view.
    await profileCard()
      .getByRole('button', { name: /^Test connection to / })
      .click()
    const result = profileCard().getByTestId('test-result')
    await expect.poll(() => result.textContent()).toContain('address, certificate and token work')
    expect(await result.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)

    await job.open('Cards')
    await expect
      .poll(() => page.getByTestId('card-count').textContent(), { timeout: 20_000 })
      .toMatch(/of [\d,]+ cards/)
    await page.locator('[data-testid=card-rows] [role=row]').first().click()
    await expect.poll(() => page.getByRole('note').first().textContent()).toContain('edit:credential')
    expect(await page.getByRole('textbox', { name: 'Alias' }).isEditable()).toBe(false)
    await job.expectAccessible('Cards, view-only')
  })

  it('(b) "Change token…": a wrong one keeps the old token, the right one replaces it and writes land on this console', async () => {
    const { page } = job
    await job.open('Settings')
    await profileCard()
      .getByRole('button', { name: /^Change token of / })
      .click()
    const dialog = page.getByRole('dialog', { name: `Change the API token of ${NAME}` })
    const input = dialog.getByLabel('New API token')
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true)
    await job.expectAccessible('Change token dialog')
    await input.fill(WRONG)
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('The previous token is kept')
    await job.expectAccessible('Change token dialog, refused')
    expect(await onDisk('secrets.json')).toContain(site.info.tokens.view)
    expect(await onDisk('secrets.json')).not.toContain(WRONG)

    await input.fill(site.info.tokens.full)
    await dialog.getByRole('button', { name: 'Check and save token' }).click()
    await dialog.waitFor({ state: 'detached' })
    const result = profileCard().getByTestId('test-result')
    await expect.poll(() => result.textContent()).toContain('accepted the new token')
    expect(await result.textContent()).toContain('holds every permission key')
    // A token just replaced and accepted: Connected, whatever the old one met.
    await expect.poll(() => sidebar().getAttribute('data-state')).toBe('reachable')
    expect(await sidebar().textContent()).toContain('Connected')
    expect(await onDisk('secrets.json')).toContain(site.info.tokens.full)
    expect(await onDisk('profiles.json')).not.toContain(site.info.tokens.full)
    expect(await page.content()).not.toContain(site.info.tokens.full)

    const builtInBefore = await job.state('cards')
    const displayId = await renameFirstCard('Site spare 1')
    const card = (await siteCards()).find((c) => c.display_id === displayId)
    expect(card?.alias).toBe('Site spare 1')
    // The built-in console was not touched.
    expect(JSON.stringify(await job.state('cards'))).toBe(JSON.stringify(builtInBefore))
  })

  it('(d) a new certificate is refused, shown next to the trusted one, and trusted only on confirmation', async () => {
    const { page } = job
    const pinned = site.info.fingerprint256
    // The console was reset: same address, tokens and records, a new self-signed certificate.
    await site.stop()
    const reset = await tempDir('access-desk-site-reset-')
    dirs.push(reset)
    await cp(siteDir, reset.path, { recursive: true })
    await rm(join(reset.path, 'tls-cert.pem'))
    await rm(join(reset.path, 'tls-key.pem'))
    siteDir = reset.path
    site = await startDemoConsoleProcess(siteDir, ['--port', port])
    expect(site.info.fingerprint256).not.toBe(pinned)

    await job.open('Cards')
    await page.getByRole('button', { name: 'Refresh' }).click()
    // The sidebar says why (once); the card list says it is not available and where to fix it.
    await expect.poll(() => sidebar().textContent(), { timeout: 20_000 }).toContain('Certificate changed')
    const notice = page.locator('main .error').first()
    await expect.poll(() => notice.textContent()).toMatch(/Not available while the console cannot be used/)
    await job.expectAccessible('Cards, certificate refused')
    await notice.getByRole('button', { name: 'Open Settings → Connections' }).click()
    // The focus is on the connection to fix (its card, named), not on the page body or an unnamed part.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(NAME)

    const changed = profileCard().getByTestId('certificate-changed')
    await changed.waitFor()
    expect(await changed.getByRole('group', { name: /^Trusted SHA-256/ }).getAttribute('aria-label')).toContain(pinned)
    expect(await changed.getByRole('group', { name: /^Presented SHA-256/ }).getAttribute('aria-label')).toContain(
      site.info.fingerprint256
    )
    await job.expectAccessible('Settings, certificate changed')
    await page.screenshot({ path: '/tmp/settings-certificate-changed.png' })

    await changed.getByRole('button', { name: 'Trust the new certificate…' }).click()
    const dialog = page.getByRole('dialog', { name: `Trust the new certificate of ${NAME}?` })
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(
      true
    )
    await job.expectAccessible('Trust certificate dialog')
    await page.screenshot({ path: '/tmp/settings-trust-dialog.png' })
    // Enter on the default focus cancels: nothing is trusted.
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    expect((await savedProfiles()).find((p) => p.name === NAME)?.fingerprint256).toBe(pinned)

    await changed.getByRole('button', { name: 'Trust the new certificate…' }).click()
    await dialog.getByRole('button', { name: 'Trust the new certificate', exact: true }).click()
    const result = profileCard().getByTestId('test-result')
    await expect.poll(() => result.textContent()).toContain('The new certificate is trusted.')
    await expect.poll(() => result.textContent()).toContain('address, certificate and token work')
    expect((await savedProfiles()).find((p) => p.name === NAME)?.fingerprint256).toBe(site.info.fingerprint256)
    await expect.poll(() => sidebar().getAttribute('data-state')).toBe('reachable')

    const displayId = await renameFirstCard('Site spare 2')
    expect((await siteCards()).find((c) => c.display_id === displayId)?.alias).toBe('Site spare 2')
  })

  it('(e) the console gone: the screens say unreachable and what to do; back: the next action works', async () => {
    const { page } = job
    await site.stop()
    await job.open('Cards')
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => sidebar().getAttribute('data-state'), { timeout: 30_000 }).toBe('unreachable')
    expect(await sidebar().textContent()).toContain('Not answering')
    // The sidebar says why and what to do, once; the card list says only that it is not available.
    const notice = page.locator('main .error').first()
    await expect
      .poll(() => notice.textContent(), { timeout: 30_000 })
      .toMatch(/Not available while the console cannot be used/)
    expect(await notice.textContent()).not.toMatch(/Check that the console is on/)
    expect(await sidebar().textContent()).toMatch(/Check that the console is on, that this computer is on its network/)
    await job.expectAccessible('Cards, console unreachable')
    await page.screenshot({ path: '/tmp/settings-unreachable.png' })

    await job.open('Settings')
    await profileCard()
      .getByRole('button', { name: /^Test connection to / })
      .click()
    await expect
      .poll(() => profileCard().getByRole('alert').textContent(), { timeout: 30_000 })
      .toMatch(/is unreachable: it did not answer.*When it answers again, press Test connection/)

    // Back on the same address, with the same data: no restart of the app.
    site = await startDemoConsoleProcess(siteDir, ['--port', port])
    await profileCard()
      .getByRole('button', { name: /^Test connection to / })
      .click()
    await expect
      .poll(() => profileCard().getByTestId('test-result').textContent())
      .toContain('address, certificate and token work')
    await expect.poll(() => sidebar().getAttribute('data-state')).toBe('reachable')
    const displayId = await renameFirstCard('Site spare 3')
    expect((await siteCards()).find((c) => c.display_id === displayId)?.alias).toBe('Site spare 3')
  })

  it('a switch of console clears the results of an earlier moment', async () => {
    await job.open('Settings')
    await profileCard()
      .getByRole('button', { name: /^Test connection to / })
      .click()
    const result = profileCard().getByTestId('test-result')
    await expect.poll(() => result.textContent()).toContain('address, certificate and token work')
    await job.page.getByRole('listitem', { name: 'Demo console' }).getByRole('button', { name: /^Use / }).click()
    await expect.poll(() => job.page.getByTestId('active-connection').textContent()).toContain('Demo console')
    await expect.poll(async () => (await result.textContent())?.trim()).toBe('')
    await profileCard().getByRole('button', { name: /^Use / }).click()
    await expect.poll(() => job.page.getByTestId('active-connection').textContent()).toContain(NAME)
  })

  it('removing the connection asks first (Cancel has the focus) and forgets its token', async () => {
    const { page } = job
    await job.open('Settings')
    await profileCard()
      .getByRole('button', { name: /^Remove the connection / })
      .click()
    const dialog = page.getByRole('dialog', { name: `Remove the connection ${NAME}?` })
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(
      true
    )
    await job.expectAccessible('Remove connection dialog')
    await dialog.getByRole('button', { name: 'Remove connection' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(async () => (await savedProfiles()).map((p) => p.name)).toEqual(['Demo console'])
    expect(await onDisk('secrets.json')).not.toContain(site.info.tokens.full)
    expect(job.browser.errors).toEqual([])
  })
})
