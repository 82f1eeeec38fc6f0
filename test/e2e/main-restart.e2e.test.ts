import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPcscd, type Pcscd } from '../support/pcscd'
import { startWebMode } from '../support/processes'
import { startRestartableWeb, type RestartableWeb } from '../support/restartable-web'
import { VirtualCard } from '../support/virtual-card'
import { seriousA11yFindings } from '../support/axe'

/**
 * Main killed (SIGKILL, as a crash would) while a screen shows, and started again on the same data
 * dir, port and secret: the tab reconnects by itself and nothing it shows is a state main no longer
 * has. The open batch is selected again in main and its reader host runs again, so a tap after the
 * restart lands in the batch (main's rows); an enrollment wait of the old main is said to be gone.
 * Real pcscd + vpcd (pcsc project: one pcscd per machine).
 */
describe('a restart of main loses nothing the screen shows (web mode, Chromium 1366×768)', () => {
  let pcscd: Pcscd | undefined
  let app: RestartableWeb
  /** 0 at first; then the port web mode took, kept for its restarts. */
  let port = 0
  const secret = randomBytes(24).toString('base64url')
  const onReader: VirtualCard[] = []
  let batchId: string

  beforeAll(async () => {
    pcscd = await startPcscd()
    app = await startRestartableWeb({
      prefix: 'access-desk-restart-',
      start: async (dataDir) => {
        const web = await startWebMode(dataDir, { port, secret })
        port = Number(new URL(web.info.url).port)
        return web
      }
    })
  })
  afterAll(async () => {
    for (const card of onReader) card.remove()
    await app?.close()
    await pcscd?.stop()
  })

  const page = () => app.browser.page
  const open = (screen: string) =>
    page().getByRole('navigation').getByRole('button', { name: screen, exact: true }).click()
  const readerState = () => page().getByTestId('reader-state')

  /** A tap as an installer makes it: the card on the reader, then off once main has handled it. */
  async function tap(uid: string) {
    const card = new VirtualCard({ uid, slot: 0 })
    await card.insert()
    onReader.push(card)
    return () => {
      card.remove()
      onReader.splice(onReader.indexOf(card), 1)
    }
  }

  /** The open batch's rows as main holds them (not as the screen shows them). */
  async function rowsInMain(): Promise<string[]> {
    const got = await page().evaluate((id) => window.api!.batches.get({ id }), batchId)
    if (!got.ok) return []
    return got.result.rows.map((r) => r.nfcId)
  }

  /** The web-mode server's reader host: its own Node child running the host entry. */
  function readerHostRuns(): boolean {
    const children = spawnSync('pgrep', ['-P', String(app.web.child.pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
    return children.some((pid) => {
      try {
        return /services\/reader\/host\.ts|reader-host\.js/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
      } catch {
        return false
      }
    })
  }

  /** SIGKILL of main, then main again on the same data dir, port and secret; the tab reconnects. */
  async function killAndRestart() {
    await app.kill()
    await app.restart()
  }

  it('Import with an open batch: after the restart the reader runs again and a tap lands in the batch', async () => {
    await open('Import')
    await expect.poll(() => readerState().getAttribute('data-state'), { timeout: 30_000 }).toBe('ready')
    await page().getByRole('button', { name: 'New batch…' }).click()
    const form = page().getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Restart doors')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page().getByTestId('batch-title').textContent()).toBe('Restart doors')
    const listed = await page().evaluate(() => window.api!.batches.list())
    if (!listed.ok) throw new Error(listed.error.message)
    batchId = listed.result.batches.find((b) => b.name === 'Restart doors')!.id

    let off = await tap('04AA0001')
    await expect.poll(rowsInMain, { timeout: 20_000 }).toEqual(['04AA0001'])
    off()

    await killAndRestart()
    // The reader's status is main's again, read anew: its host runs (a "Ready" of the old main is not shown).
    await expect.poll(readerHostRuns, { timeout: 20_000 }).toBe(true)
    await expect.poll(() => readerState().getAttribute('data-state'), { timeout: 30_000 }).toBe('ready')

    off = await tap('04AA0002')
    await expect.poll(rowsInMain, { timeout: 20_000 }).toEqual(expect.arrayContaining(['04AA0001', '04AA0002']))
    await expect.poll(() => page().getByTestId('batch-rows').textContent(), { timeout: 10_000 }).toContain('04AA0002')
    off()
    expect(await seriousA11yFindings(page()), 'Import after a restart of main').toEqual([])
  })

  it('Enroll waiting: after the restart the screen says the wait is gone; taps still go into the open batch', async () => {
    await open('Enroll')
    await page().getByRole('button', { name: 'Start (Enter)' }).click()
    const status = page().getByTestId('enroll-status')
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('waiting')

    await killAndRestart()
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toContain('The enrollment wait ended when Access Desk restarted: start again.')
    expect(await status.getAttribute('data-state')).toBe('cancelled')
    expect(await seriousA11yFindings(page()), 'Enroll after a restart of main').toEqual([])

    // Start again: a new wait that main follows, which a card presented on the reader ends.
    await page()
      .getByRole('button', { name: /^(Start|Start again|Enroll next) \(Enter\)$/ })
      .click()
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('waiting')
    const deviceId = (await page().getByRole('radio', { checked: true }).getAttribute('value'))!
    // The demo console runs in main's process: found anew, at its address after the restart.
    const tapped = await (
      await app.demo()
    ).call('POST', '/__demo/taps', { device_id: deviceId, nfc_id: '04BB000000F1' })
    expect(tapped.status, JSON.stringify(tapped.body)).toBe(200)
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('done')

    // The batch opened on Import is still the one taps go into, on this screen too.
    const off = await tap('04AA0003')
    await expect.poll(rowsInMain, { timeout: 20_000 }).toEqual(expect.arrayContaining(['04AA0003']))
    off()
  })

  it('Cards with an unsaved alias: after the restart the "Not saved yet" entry opens the card with the alias typed', async () => {
    await open('Cards')
    const count = page().getByTestId('card-count')
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toMatch(/^[1-9][\d,]* of [\d,]+ cards$/)
    const before = (await count.textContent())!
    const rows = page().locator('[data-testid=card-rows] [role=row]')
    await rows.nth(0).click()
    const details = page().getByRole('complementary', { name: 'Card details' })
    const title = (await details.getByRole('heading', { level: 2 }).textContent())!
    await details.getByLabel('Alias').fill('Restart desk')
    await rows.nth(1).click()
    await expect.poll(() => details.getByRole('heading', { level: 2 }).textContent()).not.toBe(title)
    const entry = page()
      .getByTestId('unsaved-drafts')
      .getByRole('button', { name: /Restart desk/ })
    await entry.waitFor()

    await killAndRestart()
    await entry.click()
    // The card opens with the alias typed, the focus in it; the list is the console's cards, never "0 of 0".
    await expect.poll(() => details.getByRole('heading', { level: 2 }).textContent(), { timeout: 20_000 }).toBe(title)
    expect(await details.getByLabel('Alias').inputValue()).toBe('Restart desk')
    await expect
      .poll(() => page().evaluate(() => document.activeElement?.getAttribute('name')), { timeout: 10_000 })
      .toBe('alias')
    await expect.poll(() => count.textContent(), { timeout: 20_000 }).toBe(before)
    expect(
      await page()
        .getByText(/This console has no NFC cards yet/)
        .count()
    ).toBe(0)
    expect(await seriousA11yFindings(page()), 'Cards after a restart of main').toEqual([])
  })
})
