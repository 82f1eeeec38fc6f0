import { readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { startPcscd, stopProcess, type Pcscd } from '../support/pcscd'
import { VirtualCard } from '../support/virtual-card'

/**
 * The installer's whole job with the USB reader (real pcscd + vpcd, virtual cards), in web mode
 * against the demo console: open Import, create a batch, tap cards; the PC/SC service killed
 * mid-scan and started again; the reader process killed mid-scan; then upload, and the console
 * holds exactly the cards tapped, once each. Starts its own pcscd (pcsc project: one per machine).
 */
describe('installer: tapping cards on the USB reader through service and reader-process failures', () => {
  let pcscd: Pcscd | undefined
  let job: Job
  const onReader: VirtualCard[] = []

  beforeAll(async () => {
    pcscd = await startPcscd()
    job = await startJob()
  })
  afterAll(async () => {
    for (const card of onReader) card.remove()
    await job?.close()
    await pcscd?.stop()
  })

  const state = (page: Page) => page.getByTestId('reader-state')
  const taps = (page: Page) => page.getByTestId('tap')

  async function waitState(page: Page, expected: string, timeout = 30_000) {
    await expect.poll(() => state(page).getAttribute('data-state'), { timeout }).toBe(expected)
  }

  /** Put a card on a reader (vpcd slot 0 or 1, one card each); it stays there until taken off. */
  async function put(uid: string, slot: 0 | 1 = 0) {
    const card = new VirtualCard({ uid, slot })
    await card.insert()
    onReader.push(card)
    return card
  }
  function takeOff(card: VirtualCard) {
    card.remove()
    onReader.splice(onReader.indexOf(card), 1)
  }

  /** The newest tap shows this card and the screen says it was saved in the batch. */
  async function expectSaved(page: Page, uid: string) {
    const latest = taps(page).first()
    await expect.poll(() => latest.locator('.uid').textContent(), { timeout: 20_000 }).toBe(uid)
    await expect.poll(() => latest.locator('.tag.ok').textContent(), { timeout: 10_000 }).toMatch(/^added/)
  }

  /** A tap as the installer makes it: on the reader until the screen shows it saved, then off. */
  async function tap(page: Page, uid: string) {
    const card = await put(uid)
    await expectSaved(page, uid)
    takeOff(card)
    await expect.poll(() => taps(page).first().locator('.on-reader').count(), { timeout: 10_000 }).toBe(0)
  }

  /** The web-mode server's reader host: its own Node child running the host entry. */
  function readerHostPid(): number | undefined {
    const parent = job.web.child.pid!
    const children = spawnSync('pgrep', ['-P', String(parent)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number)
    return children.find((pid) => {
      try {
        return /services\/reader\/host\.ts|reader-host\.js/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
      } catch {
        return false
      }
    })
  }

  /** Every reader state the panel showed, recorded in the page as it changes. */
  async function recordStates(page: Page) {
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { readerStates: string[] }).readerStates = seen
      const note = () => {
        const el = document.querySelector('[data-testid="reader-state"]')
        const s = el ? `${el.getAttribute('data-state')}: ${el.textContent}` : 'none'
        if (seen.at(-1) !== s) seen.push(s)
      }
      note()
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['data-state']
      })
    })
    return {
      since: async (from: number) =>
        (await page.evaluate(() => (window as unknown as { readerStates: string[] }).readerStates)).slice(from),
      count: async () =>
        (await page.evaluate(() => (window as unknown as { readerStates: string[] }).readerStates)).length
    }
  }

  it('collects every tap once through a stopped PC/SC service and a killed reader process, and uploads exactly those', async () => {
    const { page } = job
    const cardsBefore: { nfc_id: string }[] = await job.state('cards')

    await job.open('Import')
    await waitState(page, 'ready')
    expect(await state(page).textContent()).toMatch(/^Ready: hold a card/)
    const states = await recordStates(page)
    await job.expectAccessible('Import, reader ready')

    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await job.expectAccessible('Import, new batch form')
    await form.getByLabel('Name').fill('Lobby doors')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Lobby doors')

    const tapped = ['04A23B1C', '04112233445566']
    for (const uid of tapped) await tap(page, uid)
    await page.screenshot({ path: '/tmp/reader-job-ready.png' })

    // The PC/SC service is killed mid-scan, a card on the reader: the panel says so, never "no reader"
    // with the driver advice.
    const midScan = await put('04B0B1B2B3B4B5')
    tapped.push('04B0B1B2B3B4B5')
    await expectSaved(page, '04B0B1B2B3B4B5')
    let mark = await states.count()
    await stopProcess(pcscd!.child, 'SIGKILL')
    await pcscd!.stop()
    takeOff(midScan)
    pcscd = undefined
    await waitState(page, 'no-service', 15_000)
    expect(await state(page).textContent()).toMatch(/PC\/SC service stopped/)
    const hint = page.getByTestId('reader-hint')
    expect(await hint.textContent()).toMatch(/pcscd/)
    expect(await hint.textContent()).not.toMatch(/pn533/)
    expect(
      await page
        .getByRole('status')
        .filter({ has: state(page) })
        .count()
    ).toBe(1)
    await page.screenshot({ path: '/tmp/reader-job-no-service.png' })
    await job.expectAccessible('Import, PC/SC service stopped')
    let seen = await states.since(mark)
    expect(seen.filter((s) => /^no-reader|^ready/.test(s))).toEqual([])

    // The service is back: the reader is picked up again without a click, and taps work.
    pcscd = await startPcscd()
    await waitState(page, 'ready', 30_000)
    tapped.push('04C0FFEE')
    await tap(page, '04C0FFEE')
    // The card that was on the reader when the service stopped, tapped again: already in the batch.
    const again = await put('04B0B1B2B3B4B5')
    await expect
      .poll(() => taps(page).first().locator('.tag.warn').textContent(), { timeout: 20_000 })
      .toMatch(/already in the batch/)
    takeOff(again)

    // The reader process is killed mid-scan with a card on the reader: restarting, never Ready
    // meanwhile, and the card that lies there is not counted a second time when it is back.
    const lying = await put('04D00D1E')
    tapped.push('04D00D1E')
    await expectSaved(page, '04D00D1E')
    const tapsBefore = await taps(page).count()
    const host = readerHostPid()
    expect(host, 'the reader host is a child of the web-mode server').toBeGreaterThan(0)
    mark = await states.count()
    process.kill(host!, 'SIGKILL')
    // Hold the next reader process before it reads anything, to look at the restarting panel.
    let next: number | undefined
    const until = Date.now() + 10_000
    while (!(next = readerHostPid()) || next === host) {
      expect(Date.now()).toBeLessThan(until)
      await new Promise((r) => setTimeout(r, 10))
    }
    process.kill(next, 'SIGSTOP')
    await waitState(page, 'restarting', 10_000)
    expect(await state(page).textContent()).toBe('Reader service restarting…')
    expect(await hint.textContent()).toMatch(/Leave a card on the reader/)
    // A card put on the other reader during the restart is read once the reader process is back.
    const during = await put('04E1E2E3E4E5E6', 1)
    tapped.push('04E1E2E3E4E5E6')
    await page.screenshot({ path: '/tmp/reader-job-restarting.png' })
    await job.expectAccessible('Import, reader service restarting')
    try {
      process.kill(next, 'SIGCONT')
    } catch {
      // Already replaced by the supervisor (it stopped answering): the next one runs freely.
    }
    await waitState(page, 'ready', 30_000)
    await expectSaved(page, '04E1E2E3E4E5E6')
    seen = await states.since(mark)
    expect(seen[0]).toMatch(/^restarting/)
    expect(seen.slice(0, -1).filter((s) => /^ready/.test(s))).toEqual([])
    await new Promise((r) => setTimeout(r, 2500))
    // One new tap (the card put on during the restart); the card lying there was not re-reported.
    expect(await taps(page).count()).toBe(tapsBefore + 1)
    takeOff(during)
    takeOff(lying)
    await job.expectAccessible('Import, reader ready again')

    // Every tap the screen showed as saved is in the batch, once.
    const savedOnScreen = await taps(page).evaluateAll((els) =>
      els.filter((e) => e.querySelector('.tag.ok')).map((e) => e.querySelector('.uid')!.textContent)
    )
    expect(new Set(savedOnScreen)).toEqual(new Set(tapped))
    const rows = await page.evaluate(async () => {
      const list = await window.api!.batches.list()
      if (!list.ok) throw new Error(list.error.message)
      const batch = list.result.batches.find((b) => b.name === 'Lobby doors')!
      const detail = await window.api!.batches.get({ id: batch.id })
      if (!detail.ok) throw new Error(detail.error.message)
      return detail.result.rows.map((r) => r.nfcId)
    })
    expect(rows.sort()).toEqual([...tapped].sort())

    // Upload: the console holds exactly the tapped cards, once each.
    await page.getByRole('button', { name: `Upload ${tapped.length} cards to the console` }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`Sent ${tapped.length}: ${tapped.length} imported`))
    await job.expectAccessible('Import, batch uploaded')
    const cardsAfter: { nfc_id: string }[] = await job.state('cards')
    expect(cardsAfter.length).toBe(cardsBefore.length + tapped.length)
    for (const uid of tapped)
      expect(
        cardsAfter.filter((c) => c.nfc_id === uid),
        uid
      ).toHaveLength(1)
    expect(cardsBefore.filter((c) => tapped.includes(c.nfc_id))).toEqual([])

    // The reader unplugged (here: the service runs with no reader): "no reader" with the driver
    // advice, and the reader is picked up again when it is back.
    await pcscd!.stop()
    pcscd = await startPcscd({ readers: false })
    await waitState(page, 'no-reader', 30_000)
    expect(await state(page).textContent()).toBe('No reader connected.')
    expect(await hint.textContent()).toMatch(/Plug the USB reader in/)
    expect(await hint.textContent()).toMatch(/pn533_usb/)
    await page.screenshot({ path: '/tmp/reader-job-no-reader.png' })
    await job.expectAccessible('Import, no reader connected')
    await pcscd.stop()
    pcscd = await startPcscd()
    await waitState(page, 'ready', 30_000)
  })
})
