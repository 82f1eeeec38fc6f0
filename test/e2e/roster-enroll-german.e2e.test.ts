import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { overflowing } from '../support/overflowing'
import { screenshotPath } from '../support/screenshots'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely; tests assert their fields
type Loose = any

/**
 * Roster and Enroll in German (issue 36): the desk chosen German, a roster planned and run and a card
 * enrolled and given, each on the screen in German, the console's records checked after each write,
 * <html lang="de"> and axe clean at each step. Then the pseudo-locale (every string ~40 % longer) at
 * 1366×768: the roster list and Enroll do not overflow, measured.
 */
describe('Roster and Enroll in German (web mode, Chromium 1366×768, demo console)', () => {
  let job: Job
  const ids: Record<string, string> = {}
  const nfc = { jana: '5A17DE00000001', karl: '5A17DE00000002' }

  beforeAll(async () => {
    job = await startJob()
    const add = async (key: string, first: string, last: string) => {
      ids[key] = (
        (await job.control('POST', '/users', {
          first_name: first,
          last_name: last,
          email: `${first.toLowerCase()}.${last.toLowerCase()}@beispiel.de`,
          employee_number: `D-${key}`
        })) as { id: string }
      ).id
    }
    await add('jana', 'Jana', 'Brückner')
    await add('karl', 'Karl', 'Oberhaus')
    await add('greta', 'Greta', 'Vogelsang')
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('plans and runs a roster in German; the console holds each card and PIN', async () => {
    const { page } = job
    await job.chooseLanguage('de')
    await job.open('Roster')
    await page.getByRole('heading', { level: 1, name: 'Personen' }).waitFor()
    expect(await job.lang()).toBe('de')
    await job.expectAccessible('the roster list in German')
    const csv =
      [
        'Vorname;Nachname;Personalnummer;E-Mail;Kartennummer;PIN',
        `Jana;Brückner;D-jana;jana.brückner@beispiel.de;${nfc.jana};ja`,
        `Karl;Oberhaus;D-karl;karl.oberhaus@beispiel.de;${nfc.karl};nein`
      ].join('\r\n') + '\r\n'
    await page
      .getByTestId('roster-file')
      .setInputFiles({ name: 'neu.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('heading', { name: 'Spalten' }).waitFor()
    expect(await page.getByTestId('option-pin').inputValue()).toBe('column')
    await job.expectAccessible('the roster columns in German')

    await page.getByRole('button', { name: 'Plan erstellen' }).click()
    await page.getByRole('heading', { name: 'Plan', exact: true }).waitFor()
    await expect
      .poll(() => page.getByTestId('action-announcer').textContent())
      .toContain('Plan erstellt: 2 Zeilen; 2 Zeilen bereit')
    expect(await page.getByTestId('plan-totals').textContent()).toMatch(/Bereit zum Ausführen\s*2/)
    expect(
      await page.getByRole('group', { name: 'Zeilen zeigen' }).getByRole('button', { name: 'Bereit (2)' }).count()
    ).toBe(1)
    await job.expectAccessible('the roster plan in German')
    await page.screenshot({ path: screenshotPath('roster-de.png') })

    await page.getByRole('button', { name: '2 Zeilen ausführen' }).click()
    await expect
      .poll(() => page.getByTestId('run-eta').textContent(), { timeout: 30_000 })
      .toContain('Fertig: 2 erledigt')
    expect(await job.lang()).toBe('de')
    await job.expectAccessible('the roster run in German')

    const cards = (await job.state('cards')) as Loose[]
    const ownerOf = (nfcId: string) => cards.filter((c) => c.nfc_id === nfcId).map((c) => c.owner?.id ?? null)
    expect(ownerOf(nfc.jana)).toEqual([ids.jana])
    expect(ownerOf(nfc.karl)).toEqual([ids.karl])
    const users = (await job.state('users')) as Loose[]
    const hasPin = (id: string) => users.find((u) => u.id === id).pin_hash !== null
    // "ja" got a PIN, "nein" none.
    expect([hasPin(ids.jana!), hasPin(ids.karl!)]).toEqual([true, false])

    await page.getByRole('button', { name: 'Ergebnisse ansehen' }).click()
    await page.getByRole('heading', { name: 'Ergebnisse' }).waitFor()
    expect(await page.getByRole('columnheader', { name: 'Grund' }).count()).toBe(1)
    await job.expectAccessible('the roster results in German')
  }, 120_000)

  it('enrolls a card in German and gives it to a user; the console holds it', async () => {
    const { page } = job
    await job.open('Enroll')
    await page.getByRole('heading', { level: 1, name: 'Einlesen' }).waitFor()
    const radios = page.getByRole('radio')
    await radios.first().waitFor()
    const deviceId = (await radios.first().getAttribute('value'))!
    expect(await page.getByRole('group', { name: 'Leser' }).count()).toBe(1)
    await job.expectAccessible('Enroll in German')

    await page.getByRole('button', { name: 'Starten (Enter)' }).click()
    const status = page.getByTestId('enroll-status')
    await expect.poll(() => status.getAttribute('data-state')).toBe('waiting')
    expect(await status.textContent()).toContain('Karte an')
    await expect
      .poll(() => page.getByTestId('action-announcer').textContent())
      .toMatch(/^Halten Sie die Karte länger als 5 Sekunden flach an /)
    const tapped = await job.control('POST', '/taps', { device_id: deviceId, nfc_id: '04DE0000C0FFEE' })
    expect(tapped).toMatchObject({ result: 'read' })
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).toBe('done')
    expect(await status.textContent()).toContain('Karte eingelesen')
    const cardId = (await page.getByTestId('enrolled-card-id').textContent())!

    await page.getByRole('searchbox', { name: 'Benutzer oder Besucher suchen' }).fill('Greta')
    const option = page.getByRole('option').filter({ hasText: 'Greta Vogelsang' }).first()
    await option.click()
    await page.getByRole('button', { name: 'Karte geben' }).click()
    await expect
      .poll(() => page.getByTestId('assigned-to').textContent())
      .toBe(`Karte ${cardId} gehört jetzt Greta Vogelsang (Benutzer).`)
    const cards = (await job.state('cards')) as Loose[]
    expect(cards.filter((c) => c.nfc_id === '04DE0000C0FFEE').map((c) => c.owner?.id ?? null)).toEqual([ids.greta])
    expect(await job.lang()).toBe('de')
    await job.expectAccessible('a card enrolled and given, in German')
    await page.screenshot({ path: screenshotPath('enroll-de.png') })
  }, 90_000)

  it('in the pseudo-locale at 1366×768: the roster list, its plan and Enroll do not overflow (measured)', async () => {
    const { page } = job
    await job.chooseLanguage('en-XA')
    await job.open('Roster')
    expect(await job.lang()).toBe('en-XA')
    await page.waitForFunction(() => /[^\x20-\x7e]/.test(document.querySelector('main h1')?.textContent ?? ''))
    await page.getByTestId('roster-list').waitFor()
    const steps: Record<string, string[]> = {}
    steps['roster list'] = await overflowing(page, 'main')
    await page.getByTestId('roster-list').getByRole('button').first().click()
    // The roster run before opens on its results, with the steps' tabs above.
    await page.getByTestId('result-rows').waitFor()
    // The rows' grid cuts a long cell with an ellipsis and gives it its whole text as its title (RosterRows,
    // held by roster/cell-titles and roster-german.e2e): such a cell is read in full, not clipped.
    steps['a roster'] = await overflowing(page, 'main', '.cell[title]')
    // A column's header is never cut (a cut cell's title is for a person's or a reason's long text, not for
    // the header that names the column: "Pass" was cut at 1366 px in English).
    const cutHeaders = () =>
      page
        .getByTestId('result-rows')
        .locator('[role="columnheader"]')
        .evaluateAll((heads) =>
          heads.filter((h) => h.scrollWidth > h.clientWidth + 1).map((h) => (h.textContent ?? '').trim())
        )
    steps['result headers'] = await cutHeaders()
    // With a row's panel open beside the rows, the grid is narrower: still no header cut.
    await page.getByTestId('result-rows').locator('[role="row"]:not(.head)').first().click()
    await expect.poll(() => page.locator('.layout.beside').count()).toBeGreaterThan(0)
    steps['result headers beside a row'] = await cutHeaders()
    await job.open('Enroll')
    await page.getByRole('radio').first().waitFor()
    await page.waitForFunction(() => /[^\x20-\x7e]/.test(document.getElementById('enroll-title')?.textContent ?? ''))
    steps['enroll'] = await overflowing(page, 'main')
    expect(steps).toEqual({
      'roster list': [],
      'a roster': [],
      'result headers': [],
      'result headers beside a row': [],
      enroll: []
    })
  }, 90_000)
})
