import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousA11yFindings } from '../support/axe'
import { startWebMode } from '../support/processes'
import { startRestartableWeb, type RestartableWeb } from '../support/restartable-web'
import type { AuditRow } from '../../src/shared/audit/schemas'

interface HeldVisitor {
  id: string
  first_name: string
  last_name: string
}

/**
 * A walk-in whose create the console carried out while its answer was lost and the console then stopped
 * answering for a while (afterCommit reset, thenDown): the form says the console may have done it. Main
 * is killed (SIGKILL) and started again on the same data folder and port; the tab reconnects with the
 * form as it was. Main reads the lost create back by what the audit journal kept of it: the Audit row is
 * settled Done, the form says so as done and offers "Show the visitor" in place of Create, which sends
 * nothing to the console — it holds one Lena Schröder.
 */
describe('a walk-in whose answer was lost, across a restart of main (web mode, Chromium 1366×768)', () => {
  let app: RestartableWeb
  let port = 0
  const secret = randomBytes(24).toString('base64url')

  beforeAll(async () => {
    app = await startRestartableWeb({
      prefix: 'access-desk-lost-restart-',
      start: async (dataDir) => {
        const web = await startWebMode(dataDir, { port, secret })
        port = Number(new URL(web.info.url).port)
        return web
      }
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  const demo = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await (await app.demo()).call(method, path, body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return (answer.body as { data: T }).data
  }
  const lenas = async () =>
    (await demo<HeldVisitor[]>('GET', '/__demo/state/visitors')).filter(
      (v) => v.first_name === 'Lena' && v.last_name === 'Schröder'
    )
  /** The visitor creates the Audit lists, as main holds them. */
  const createRows = async (): Promise<AuditRow[]> => {
    const listed = await app.browser.page.evaluate(() => window.api!.audit.list({ filter: { action: 'create' } }))
    if (!listed.ok) throw new Error(listed.error.message)
    return listed.result.items.filter((r) => r.endpoint.id === 'E17' && r.target.name?.startsWith('Lena Schröder'))
  }

  it('the Audit row is settled Done, the form moves on to the visitor: the console holds one Lena', async () => {
    const { page, sentChannels } = app.browser
    const sidebar = page.getByTestId('console-answers')
    await page.getByRole('navigation').getByRole('button', { name: 'Today', exact: true }).click()
    await page.getByTestId('today-list').waitFor()
    await page.locator('body').focus()
    await page.keyboard.press('w')
    const form = page.getByTestId('today-walk-in').getByTestId('visitor-form')
    await form.getByLabel('First name').fill('Lena')
    await form.getByLabel('Last name').fill('Schröder')
    await form.getByLabel('Company').fill('Northwind')
    await form.getByLabel('Reason for the visit').selectOption('Business')
    await form
      .getByTestId('resource-picker')
      .getByRole('checkbox', { name: /^Lobby\s*\(/ })
      .check()
    await expect.poll(() => sidebar.getAttribute('data-state'), { timeout: 15_000 }).toBe('reachable')

    await demo('PUT', '/__demo/faults', { afterCommit: { reset: 1, paths: ['POST /visitors'], thenDown: true } })
    await form.getByRole('button', { name: 'Create visitor' }).click()
    const notice = form.locator('.error')
    await notice.waitFor({ timeout: 20_000 })
    expect(await notice.textContent()).toMatch(/may have done it/)
    expect(await lenas()).toHaveLength(1)
    const [lost] = await createRows()
    expect(lost).toMatchObject({ outcome: 'unknown' })

    await app.kill()
    await app.restart()
    await expect.poll(() => sidebar.getAttribute('data-state'), { timeout: 20_000 }).toBe('reachable')
    // Main read the first run's row back once the console answered: Done, checked later.
    await expect
      .poll(async () => (await createRows()).find((r) => r.id === lost!.id)?.outcome, { timeout: 20_000 })
      .toBe('ok')
    expect((await createRows()).find((r) => r.id === lost!.id)?.said).toMatchObject({ key: 'settled', done: true })
    // The form kept across the restart says so too (audit.settled), no longer "may have done it": as done,
    // a status, not an alert, and Create is no longer offered — its button is the next step.
    await expect.poll(() => notice.getAttribute('data-settled'), { timeout: 10_000 }).toBe('true')
    expect(await notice.getAttribute('role')).toBe('status')
    expect(await form.getByRole('button', { name: 'Create visitor' }).count()).toBe(0)
    expect(await seriousA11yFindings(page), 'the walk-in form found done').toEqual([])

    // Show the visitor: the create sent before, which main finds done and answers without sending; the
    // form closes as after a create.
    const sentBefore = sentChannels.length
    await form.getByRole('button', { name: 'Show the visitor' }).click()
    const added = page.getByTestId('walk-in-added')
    await expect
      .poll(async () => ((await added.count()) > 0 ? 'added' : await form.textContent()), { timeout: 20_000 })
      .toBe('added')
    expect(await added.textContent()).toContain('nothing was sent twice')
    expect(sentChannels.slice(sentBefore)).toContain('visitors.create')
    expect(await lenas()).toHaveLength(1)
    // One create row: the retry was not sent, so it has none of its own.
    expect(await createRows()).toEqual([expect.objectContaining({ id: lost!.id, outcome: 'ok' })])
    expect(await seriousA11yFindings(page), 'Today after a lost walk-in read back across a restart').toEqual([])
  })
})
