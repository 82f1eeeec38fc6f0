import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * A French Excel CSV (Windows-1252, `;`, a header with a remark column) of 600 lines with three
 * problems far down: each is left out on screen, and the counts still add up to the file's lines
 * ("écartées par vous"); the lines left out are listed as written, one is put back by keyboard (read
 * again where it was, said once, the focus on it in the table) and fixed. Add says what the person
 * left out, and the console afterwards holds the line put back and fixed, and none left out.
 */
describe('Import: CSV lines left out and put back (web mode, Chromium, demo console)', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const LINES = 600
  const id = (i: number) => `04FD${i.toString(16).toUpperCase().padStart(4, '0')}`

  it('counts, lists and puts back a line left out; nothing left out reaches the console', async () => {
    const { page } = job
    await job.chooseLanguage('fr')
    await job.open('Import')
    await page.getByRole('button', { name: 'Nouveau lot…' }).click()
    const form = page.getByRole('form', { name: 'Nouveau lot' })
    await form.getByLabel('Nom').fill('Lignes écartées')
    await form.getByLabel('Nom').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Lignes écartées')

    const lines = ['Numéro NFC;Libellé;Remarque']
    for (let i = 0; i < LINES; i++) lines.push(`${id(i)};Clé bâtiment ${i};à rendre`)
    // Line 400: no hex ID (refused); lines 450 and 480 repeat the aliases of lines 3 and 4 (duplicates).
    lines[399] = '04FDZZ;Clé bâtiment 398;à rendre'
    lines[449] = '04FD9999;Clé bâtiment 1;à rendre'
    lines[479] = '04FD9998;Clé bâtiment 2;à rendre'
    await page.getByLabel('Fichier CSV à importer').setInputFiles({
      name: 'badges.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n') + '\r\n', 'latin1')
    })
    const counts = async () => ((await page.getByTestId('csv-counts').textContent()) ?? '').replace(/\s+/g, ' ')
    await expect.poll(counts, { timeout: 30_000 }).toBe('597 correctes · 0 corrigées · 1 refusées · 2 en double')

    // Each problem reached with "Problème suivant", fixed by leaving it out.
    for (const line of [400, 450, 480]) {
      await page.getByRole('button', { name: 'Problème suivant' }).click()
      const fix = page.getByRole('button', { name: `Corriger la ligne ${line}` })
      await fix.click()
      await page.getByTestId('csv-line-fix').getByRole('button', { name: 'Écarter la ligne' }).click()
      await expect.poll(() => fix.count()).toBe(0)
    }
    await expect.poll(counts).toBe('597 correctes · 0 corrigées · 0 refusées · 0 en double · 3 écartées par vous')
    const list = page.getByRole('region', { name: 'Écartées par vous' })
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('04FDZZ;Clé bâtiment 398;à rendre'),
      expect.stringContaining('04FD9999;Clé bâtiment 1;à rendre'),
      expect.stringContaining('04FD9998;Clé bâtiment 2;à rendre')
    ])
    await job.expectAccessible('Import, lines left out of a French CSV')

    // Put back by keyboard: said once, the focus on the line in the table, read again as a duplicate.
    await list.getByRole('button', { name: 'Remettre la ligne 480' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByTestId('action-announcer').textContent())
      .toMatch(/^Ligne 480 remise : en double — /)
    const row480 = page.locator('[data-testid="csv-preview"] tr[data-status]', {
      has: page.locator('td.num', { hasText: /^480$/ })
    })
    await expect.poll(() => row480.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await row480.getAttribute('data-status')).toBe('duplicate')
    await expect.poll(counts).toBe('597 correctes · 0 corrigées · 0 refusées · 1 en double · 2 écartées par vous')
    expect(await list.getByRole('listitem').count()).toBe(2)
    await job.expectAccessible('Import, a line put back')

    // Fixed with an alias of its own: its remark column stays in the file.
    await page.getByRole('button', { name: 'Corriger la ligne 480' }).click()
    const fix = page.getByTestId('csv-line-fix')
    await fix.getByRole('textbox', { name: 'Alias (facultatif)' }).fill('Clé 480 bis')
    await fix.getByRole('button', { name: 'Vérifier la ligne' }).click()
    await expect.poll(counts).toBe('598 correctes · 0 corrigées · 0 refusées · 0 en double · 2 écartées par vous')

    await page.getByRole('button', { name: 'Ajouter 598 lignes valides au lot' }).click()
    await expect
      .poll(() => page.getByTestId('csv-added').textContent(), { timeout: 30_000 })
      .toBe('598 lignes ajoutées. 2 lignes écartées par vous n’ont pas été ajoutées.')
    await page.getByRole('button', { name: 'Envoyer 598 cartes à la console' }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 120_000 })
      .toMatch(/^598 envoyées : 598 importées\.$/)

    // The console holds the line put back as fixed, and neither line left out.
    const cards = (await job.state('cards')) as { nfc_id: string; alias: string }[]
    const ours = new Map(cards.filter((c) => c.nfc_id.startsWith('04FD')).map((c) => [c.nfc_id, c.alias]))
    expect(ours.size).toBe(598)
    expect(ours.get('04FD9998')).toBe('Clé 480 bis')
    expect(ours.has('04FD9999')).toBe(false)
    expect([...ours.values()].filter((alias) => alias === 'Clé bâtiment 398')).toEqual([])
  }, 300_000)
})
