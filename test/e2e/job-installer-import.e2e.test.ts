import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startJob, type Job } from '../support/job'
import { request } from '../unit/demo-console/support'

/**
 * The installer's import job, as a person does it on the Import screen (no USB reader: typed IDs
 * and CSV files): a CSV with every trap and a UTF-16 file, an upload while the console answers 500
 * and one while it cannot be reached; every row "to check" is resolved from the screen (checked,
 * removed, sent again once the console said it does not hold it). At the end the console holds
 * each intended card exactly once, and Cards finds an imported card by the NFC ID the installer has.
 */
describe('installer job: typed IDs and CSV files, uploads through failures, cards found on Cards', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const decimal = (hex: string) => BigInt(`0x${hex}`).toString(10)
  const rows = (page: Page) => page.getByTestId('batch-row')
  const statuses = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))

  /** Another installer imported this card earlier: the console holds it. */
  async function importElsewhere(line: string) {
    const answer = await request(job.demo.url, job.demo.ca, 'POST', '/api/v1/developer/credentials/nfc_cards/import', {
      token: job.demo.token,
      file: { field: 'file', name: 'other.csv', content: `${line}\n` }
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data[0].token).not.toBe('')
  }

  it('ends with every intended card on the console exactly once, found on Cards by its NFC ID', async () => {
    const { page } = job
    await importElsewhere('04A1B2AA,Held-1')

    await job.open('Import')
    await page.getByTestId('no-batches').waitFor()
    expect(await page.getByTestId('taps-to').textContent()).toMatch(/not kept in any batch until one is open/)
    await job.expectAccessible('Import without a batch')

    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await job.expectAccessible('New batch form')
    await form.getByLabel('Name').fill('Lobby cards')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Lobby cards')
    expect(await page.getByTestId('taps-to').textContent()).toMatch(/Taps go into “Lobby cards”/)

    // Typed IDs: a mistyped one is refused with the reason, a spaced lowercase one is repaired.
    const typedId = page.getByRole('textbox', { name: 'NFC ID to add' })
    await typedId.fill('04A1B2CG')
    await typedId.press('Enter')
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/"G" is not a hex digit/)
    await typedId.fill('04 a1 b2 99')
    await page.getByRole('textbox', { name: 'Alias to add' }).fill('Typed-01')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => rows(page).count()).toBe(1)
    expect(await rows(page).first().textContent()).toMatch(/04A1B299\s*Typed-01\s*not sent/)
    expect(await page.getByText(/is not a hex digit/).count()).toBe(0)

    // A CSV with every trap: BOM, CRLF, a header, lowercase, duplicate id and alias, an empty
    // line, Excel's scientific notation, an extra column, a quote never closed, a card the console
    // already holds.
    const csv =
      '\ufeff' +
      [
        'NFC ID,Alias', //                      1 header: a note, not a row
        '04A1B201,Desk-01', //                  2 ok
        '04a1b202,Desk-02', //                  3 repaired (lowercase)
        '04A1B203,Desk-01', //                  4 duplicate alias
        '04A1B201,Desk-04', //                  5 duplicate id
        '', //                                  6 empty
        '1.23E+15,Sci', //                      7 refused
        '04A1B205,Desk-05,extra', //            8 refused (extra column)
        '04A1B206,"Desk 06', //                 9 refused (quote never closed)
        '04A1B207,Desk-07', //                 10 ok: read although line 9 opened a quote
        '04A1B2AA,Held-again' //               11 on the console already
      ].join('\r\n') +
      '\r\n'
    await page
      .getByLabel('CSV file to import')
      .setInputFiles({ name: 'old-system.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
    const preview = page.getByTestId('csv-preview')
    await preview.waitFor()
    expect(await page.getByTestId('csv-counts').textContent()).toMatch(/2 ok · 1 repaired · 3 refused · 3 duplicate/)
    const lines = await preview
      .locator('tbody tr')
      .evaluateAll((els) => els.map((e) => [e.querySelector('td')!.textContent, e.getAttribute('data-status')]))
    expect(lines).toEqual([
      ['2', 'ok'],
      ['3', 'repaired'],
      ['4', 'duplicate'],
      ['5', 'duplicate'],
      ['7', 'refused'],
      ['8', 'refused'],
      ['9', 'refused'],
      ['10', 'ok'],
      ['11', 'duplicate']
    ])
    const why = await preview.locator('tbody tr td.why').allTextContents()
    expect(why[6]).toMatch(/double quote on line 9 is never closed/)
    expect(why[8]).toBe(`Already on the console as card ${decimal('04A1B2AA')}`)
    const notes = await page.getByTestId('csv-panel').locator('.notes li').allTextContents()
    expect(notes.slice(0, 3)).toEqual([
      'The byte order mark (BOM) at the start of the file was removed.',
      'Windows line endings (CRLF) were read as plain line breaks.',
      "Line 1 is a header row and was skipped: the console's format has none."
    ])
    // The demo console's seeded UA cards show no NFC ID: the file could not be compared with them.
    expect(notes.slice(3)).toEqual([expect.stringMatching(/^Lines not marked as on the console: No card with their/)])
    await job.expectAccessible('CSV preview')
    await page.getByRole('button', { name: 'Add 3 valid rows to the batch' }).click()
    await expect.poll(() => page.getByTestId('csv-added').textContent()).toMatch(/Added 3 rows/)
    await expect.poll(() => rows(page).count()).toBe(4)

    // A UTF-16 file (Excel's "Unicode text"), with its BOM and CRLF.
    const utf16 = Buffer.from('\ufeff04A1B208,Desk-08\r\n04A1B209,Desk-09\r\n', 'utf16le')
    await page
      .getByLabel('CSV file to import')
      .setInputFiles({ name: 'unicode.csv', mimeType: 'text/csv', buffer: utf16 })
    await expect.poll(() => page.getByTestId('csv-counts').textContent()).toMatch(/2 ok · 0 repaired · 0 refused/)
    expect(await page.getByTestId('csv-panel').textContent()).toMatch(/UTF-16 \(little endian\)/)
    await page.getByRole('button', { name: 'Add 2 valid rows to the batch' }).click()
    await expect.poll(() => rows(page).count()).toBe(6)
    await page.getByRole('button', { name: 'Close', exact: true }).click()
    await expect.poll(() => page.getByTestId('console-reach').getAttribute('data-state')).toBe('ok')

    // 1. The console answers 500 to everything: every row is "to check", and says why truthfully (the
    // console cannot be read back while it answers so, neither by the Audit nor by Check).
    await job.control('PUT', '/faults', { errorRate: { '*': 1 } })
    await page.getByRole('button', { name: 'Upload 6 cards to the console' }).click()
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(Array(6).fill('unknown'))
    const firstReason = await rows(page).first().locator('.reason').textContent()
    expect(firstReason).toMatch(/^The console answered with a server error/)
    expect(firstReason).toMatch(/Check with the console/)
    expect(await page.getByTestId('upload-panel').textContent()).not.toMatch(/No answer/)
    await job.expectAccessible('Upload answered 500')
    await page.screenshot({ path: '/tmp/imports-job-500.png' })

    // Removed: the installer keeps Desk-09 for later.
    await page.getByRole('button', { name: 'Delete row 6' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete row', exact: true }).click()
    await expect.poll(() => rows(page).count()).toBe(5)
    // The console is well again; meanwhile another installer imported Desk-01's card. Once it answers,
    // main reads the lost part back by itself: the Audit's row and Import's rows are settled by that one
    // read, with no Check pressed — Desk-01 found there (now imported), the others to send again.
    await job.control('DELETE', '/faults')
    await importElsewhere('04A1B201,Desk-01')
    // (main asks again by itself while the console answers with errors: no button pressed.)
    await expect
      .poll(() => statuses(page), { timeout: 45_000 })
      .toEqual(['pending', 'imported', 'pending', 'pending', 'pending'])
    expect(await rows(page).nth(1).textContent()).toContain(`as card ${decimal('04A1B201')}`)

    // 2. The console cannot be reached: the rows sent are "to check" again, and the screen says so.
    await job.control('PUT', '/faults', { resetRate: 1 })
    await page.getByRole('button', { name: 'Upload 4 cards to the console' }).click()
    await expect
      .poll(() => statuses(page), { timeout: 30_000 })
      .toEqual(['unknown', 'imported', 'unknown', 'unknown', 'unknown'])
    expect(await rows(page).first().locator('.reason').textContent()).toMatch(
      /^The connection was cut after th(is card|ese cards) w(as|ere) sent, before the console answered/
    )
    const reach = page.getByTestId('console-reach')
    await expect.poll(() => reach.getAttribute('data-state')).toBe('unreachable')
    expect(await reach.textContent()).toMatch(/cannot be reached/)
    expect(await page.getByRole('button', { name: 'Check 4 rows with the console' }).isDisabled()).toBe(true)
    await job.expectAccessible('Console unreachable')
    await page.screenshot({ path: '/tmp/imports-job-unreachable.png' })

    // Back online: ask again, check, send only what the console does not hold.
    await job.control('DELETE', '/faults')
    // Main asks again by itself too, while the console cannot be reached: the line may come back (and the
    // button go) before the press lands. The press is what the installer does; only a line still saying
    // "cannot be reached" makes a missed press a failure.
    await reach
      .getByRole('button', { name: 'Try again' })
      .click({ timeout: 10_000 })
      .catch(async (err: unknown) => {
        if ((await reach.getAttribute('data-state')) === 'unreachable') throw err
      })
    await expect.poll(() => reach.getAttribute('data-state'), { timeout: 30_000 }).toBe('ok')
    // The console answers: the lost part is read back by itself, none of its cards there, and Import's
    // rows say so with the Audit (no "Check 4 rows" left to press).
    await expect
      .poll(() => statuses(page), { timeout: 30_000 })
      .toEqual(['pending', 'imported', 'pending', 'pending', 'pending'])
    expect(await page.getByRole('button', { name: /^Check \d+ rows? with the console$/ }).count()).toBe(0)
    await page.getByRole('button', { name: 'Upload 4 cards to the console' }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 30_000 })
      .toMatch(/Sent 4: 4 imported\./)
    expect(await statuses(page)).toEqual(Array(5).fill('imported'))
    // Every imported row shows the console's number for it.
    const numbers = await page.getByTestId('display-id').allTextContents()
    expect(numbers).toEqual(
      ['04A1B299', '04A1B201', '04A1B202', '04A1B207', '04A1B208'].map((id) => `as card ${decimal(id)}`)
    )
    expect(await page.getByTestId('batch-list').textContent()).toMatch(/Lobby cards\s*imported/)
    await job.expectAccessible('Batch imported')
    await page.screenshot({ path: '/tmp/imports-job-imported.png' })

    // The console holds each intended card exactly once; nothing was sent twice (a second send
    // would have failed as a known card), the removed row was never sent.
    const cards: { nfc_id: string; alias: string }[] = await job.state('cards')
    const held = (nfcId: string) => cards.filter((c) => c.nfc_id === nfcId)
    const intended: [string, string][] = [
      ['04A1B299', 'Typed-01'],
      ['04A1B201', 'Desk-01'],
      ['04A1B202', 'Desk-02'],
      ['04A1B207', 'Desk-07'],
      ['04A1B208', 'Desk-08'],
      ['04A1B2AA', 'Held-1']
    ]
    for (const [nfcId, alias] of intended) {
      expect(
        held(nfcId).map((c) => c.alias),
        nfcId
      ).toEqual([alias])
    }
    for (const never of ['04A1B203', '04A1B205', '04A1B206', '04A1B209']) expect(held(never), never).toEqual([])

    // Cards finds an imported card by the number the console gave it, and by the NFC ID (hex)
    // the installer holds in hand.
    await job.open('Cards')
    const filter = page.getByRole('searchbox', { name: 'Filter cards' })
    await filter.fill(decimal('04A1B207'))
    await expect.poll(() => page.getByTestId('card-count').textContent(), { timeout: 30_000 }).toMatch(/^1 of /)
    expect(await page.getByTestId('card-rows').textContent()).toContain('Desk-07')
    await job.expectAccessible('Cards filtered by card number')
    await filter.fill('04A1B207')
    await expect.poll(() => page.getByTestId('card-count').textContent(), { timeout: 10_000 }).toMatch(/^1 of /)
    expect(await page.getByTestId('card-rows').textContent()).toContain('Desk-07')
    expect(job.browser.errors).toEqual([])
  }, 240_000)

  it('a batch switched to reversed holds each card once: the same card typed again is a duplicate, the console gets it once', async () => {
    const { page } = job
    await job.open('Import')
    await page.getByRole('button', { name: 'New batch…' }).click()
    const form = page.getByRole('form', { name: 'New batch' })
    await form.getByLabel('Name').fill('Gate cards')
    await form.getByLabel('Name').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Gate cards')
    const typedId = page.getByRole('textbox', { name: 'NFC ID to add' })
    const typedAlias = page.getByRole('textbox', { name: 'Alias to add' })
    await typedId.fill('04C1C2C3')
    await typedAlias.fill('Gate-01')
    await typedId.press('Enter')
    await expect.poll(() => rows(page).count()).toBe(1)
    await typedId.fill('04C1C2C4')
    await typedAlias.fill('Gate-02')
    await typedId.press('Enter')
    await expect.poll(() => rows(page).count()).toBe(2)

    // The byte order applies to every row: switched, both rows are sent reversed (shown as typed).
    await page.getByRole('radio', { name: 'Reversed' }).check()
    await expect
      .poll(() => rows(page).getByTestId('sent-as').allTextContents())
      .toEqual(['will be sent as C3C2C104', 'will be sent as C4C2C104'])
    expect(await rows(page).getByTestId('entered-id').allTextContents()).toEqual(['04C1C2C3', '04C1C2C4'])
    // The same card again, as first typed: a duplicate, said on screen; the alias typed with it is kept.
    await typedId.fill('04C1C2C3')
    await typedAlias.fill('Other')
    await typedId.press('Enter')
    await expect
      .poll(() => page.getByTestId('typed-note').textContent())
      .toBe(
        '04C1C2C3 is already in this batch on row 1 (Gate-01): not added again. The alias "Other" was not used; it is still in the alias field: edit row 1 to give it this alias.'
      )
    expect(await typedAlias.inputValue()).toBe('Other')
    expect(await rows(page).count()).toBe(2)
    await typedAlias.fill('')

    // A CSV: the second card in the other order, an all-digit ID, an alias the console uses (first test).
    const digits = '80000001'
    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'gate.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`C4C2C104,Gate-x\n${digits},Digits\n04C1C2C5,Held-1\n`, 'utf8')
    })
    const preview = page.getByTestId('csv-preview')
    await preview.waitFor()
    const why = await preview.locator('tbody tr td.why').allTextContents()
    expect(why).toEqual([
      'This card is already in the batch as 04C1C2C4 (the same bytes in the other order)',
      `All digits: read as hex ${digits}. If ${digits} is the card's decimal number (the reader panel's "Decimal"), its NFC ID is 04C4B401: give that instead.`,
      `Alias "Held-1" is already used on the console by card ${decimal('04A1B2AA')}; aliases must be unique`
    ])
    expect(await page.getByTestId('csv-read-as-hex').textContent()).toBe('1 all-digit ID read as hex: check')
    await job.expectAccessible('CSV preview with byte order and digits')
    await page.getByRole('button', { name: 'Add 1 valid row to the batch' }).click()
    await expect.poll(() => rows(page).count()).toBe(3)
    expect(await rows(page).nth(2).getByTestId('digits-reading').count()).toBe(1)
    await page.getByRole('button', { name: 'Close', exact: true }).click()

    await page.getByRole('button', { name: 'Upload 3 cards to the console' }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 30_000 })
      .toMatch(/Sent 3: 3 imported\./)
    // Now on the console in this order: the order cannot change, and the screen says why.
    expect(await page.getByRole('radio', { name: 'As read' }).isDisabled()).toBe(true)
    expect(await page.getByTestId('byte-order-locked').textContent()).toMatch(
      /3 cards of this batch are on the console/
    )
    await job.expectAccessible('Reversed batch imported')

    // Each card once, in the batch's order; never in the other order, nothing else sent.
    const cards: { nfc_id: string; alias: string }[] = await job.state('cards')
    const held = (nfcId: string) => cards.filter((c) => c.nfc_id === nfcId).map((c) => c.alias)
    expect(held('C3C2C104')).toEqual(['Gate-01'])
    expect(held('C4C2C104')).toEqual(['Gate-02'])
    // The all-digit ID too: the batch's order applies to it like to every row.
    expect(held('01000080')).toEqual(['Digits'])
    for (const never of ['04C1C2C3', '04C1C2C4', '04C1C2C5', '04C4B401', digits]) expect(held(never), never).toEqual([])
    expect(job.browser.errors).toEqual([])
  }, 180_000)
})
