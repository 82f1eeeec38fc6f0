import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * A CSV as French Excel saves it — Windows-1252, `;` between the columns and no `sep=` line, a header
 * "Numéro NFC;Libellé;Remarque", 3,000 lines — opened on Import in French: read whole (the separator
 * found as the roster finds it, the header skipped, the remark column not read, each said once on the
 * preview), added and uploaded; the console holds every card under its accented alias. Then a small
 * such file with a line fixed and a line left out on screen: the fix written with the file's `;`, the
 * counts those of the lines shown, and the console holding the card as fixed.
 */
describe('Import of a French Excel CSV (web mode, demo console)', () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  const LINES = 3_000
  const id = (i: number) => `04FE${i.toString(16).toUpperCase().padStart(4, '0')}`

  it('reads it whole, says how it read it, and uploads every card', async () => {
    const { page } = job
    await job.chooseLanguage('fr')
    await job.open('Import')
    await page.getByRole('button', { name: 'Nouveau lot…' }).click()
    const form = page.getByRole('form', { name: 'Nouveau lot' })
    await form.getByLabel('Nom').fill('Excel FR')
    await form.getByLabel('Nom').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Excel FR')

    const lines = ['Numéro NFC;Libellé;Remarque']
    for (let i = 0; i < LINES; i++) lines.push(`${id(i)};Clé bâtiment ${i};à rendre`)
    await page.getByLabel('Fichier CSV à importer').setInputFiles({
      name: 'badges.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n') + '\r\n', 'latin1')
    })
    await expect
      .poll(() => page.getByTestId('csv-counts').textContent(), { timeout: 30_000 })
      .toMatch(/^3\s000 [^·]+·\s*0 [^·]+·\s*0 /)
    const notes = (await page.getByTestId('csv-notes').textContent()) ?? ''
    expect(notes).toContain('Windows-1252')
    expect(notes).toContain('Les colonnes sont séparées par des points-virgules (;).')
    expect(notes).toContain('La ligne 1 est une ligne d’en-tête et a été ignorée')
    expect(notes).toContain('La colonne 3 (« Remarque ») n’est pas lue')
    await job.expectAccessible('Import with a French Excel CSV previewed')

    await page.getByRole('button', { name: /^Ajouter 3\s000 lignes valides au lot$/ }).click()
    await expect
      .poll(() => page.getByTestId('batch-rows').getAttribute('aria-rowcount'), { timeout: 60_000 })
      .toBe(String(LINES + 1))
    await page.getByRole('button', { name: /^Envoyer 3\s000 cartes à la console$/ }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 180_000 })
      .toMatch(/^3\s000 envoyées : 3\s000 importées\.$/)

    // The console holds each card once, its alias with its accents (read as Windows-1252, not lost).
    const cards = (await job.state('cards')) as { nfc_id: string; alias: string }[]
    const ours = new Map(cards.filter((c) => c.nfc_id.startsWith('04FE')).map((c) => [c.nfc_id, c.alias]))
    expect(ours.size).toBe(LINES)
    expect(ours.get(id(0))).toBe('Clé bâtiment 0')
    expect(ours.get(id(LINES - 1))).toBe(`Clé bâtiment ${LINES - 1}`)
  }, 300_000)

  it('a line fixed and a line left out on screen: the fix keeps the file\'s ";", the counts are the lines shown, the console holds the fix', async () => {
    const { page } = job
    await job.chooseLanguage('fr')
    await job.open('Import')
    await page.getByRole('button', { name: 'Nouveau lot…' }).click()
    const form = page.getByRole('form', { name: 'Nouveau lot' })
    await form.getByLabel('Nom').fill('Excel FR corrigé')
    await form.getByLabel('Nom').press('Enter')
    await expect.poll(() => page.getByTestId('batch-title').textContent()).toBe('Excel FR corrigé')

    // Line 3's alias is quoted over two lines (refused: a line break), line 5 repeats line 2's alias,
    // line 6's NFC ID is no hex.
    const lines = [
      'Numéro NFC;Libellé;Remarque',
      '04FD0001;Clé 1;à rendre',
      '04FD0002;"Clé',
      '2";à rendre',
      '04FD0003;Clé 1;',
      '04FDZZ;Clé 5;',
      '04FD0006;Clé 6;'
    ]
    await page.getByLabel('Fichier CSV à importer').setInputFiles({
      name: 'corrige.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n') + '\r\n', 'latin1')
    })
    const counts = () => page.getByTestId('csv-counts').textContent()
    await expect.poll(counts).toMatch(/^2 [^·]+·\s*0 [^·]+·\s*2 [^·]+·\s*1 /)

    await page.getByRole('button', { name: 'Corriger la ligne 6' }).click()
    const fix = page.getByTestId('csv-line-fix')
    await fix.getByRole('textbox', { name: 'ID NFC' }).fill('04FD0005')
    await fix.getByRole('textbox', { name: 'Alias (facultatif)' }).fill('Salle 2, étage')
    await job.expectAccessible('Import, a line of a French CSV being fixed')
    await fix.getByRole('button', { name: 'Vérifier la ligne' }).click()
    await expect.poll(counts).toMatch(/^3 [^·]+·\s*0 [^·]+·\s*1 [^·]+·\s*1 /)

    await page.getByRole('button', { name: 'Corriger la ligne 3' }).click()
    await page.getByTestId('csv-line-fix').getByRole('button', { name: 'Écarter la ligne' }).click()
    // Left out whole: no part of its record read as one more line.
    await expect.poll(counts).toMatch(/^3 [^·]+·\s*0 [^·]+·\s*0 [^·]+·\s*1 /)
    const shown = await page
      .locator('[data-testid="csv-preview"] tr[data-status]')
      .evaluateAll((rows) => rows.map((r) => [r.querySelector('td.num')?.textContent, r.getAttribute('data-status')]))
    expect(shown).toEqual([
      ['2', 'ok'],
      ['5', 'duplicate'],
      ['6', 'ok'],
      ['7', 'ok']
    ])

    await page.getByRole('button', { name: 'Ajouter 3 lignes valides au lot' }).click()
    await expect.poll(() => page.getByTestId('batch-rows').getAttribute('aria-rowcount')).toBe('4')
    await page.getByRole('button', { name: 'Envoyer 3 cartes à la console' }).click()
    await expect
      .poll(() => page.getByTestId('upload-result').textContent(), { timeout: 60_000 })
      .toMatch(/^3 envoyées : 3 importées\.$/)

    const cards = (await job.state('cards')) as { nfc_id: string; alias: string }[]
    const ours = Object.fromEntries(cards.filter((c) => c.nfc_id.startsWith('04FD')).map((c) => [c.nfc_id, c.alias]))
    expect(ours).toEqual({ '04FD0001': 'Clé 1', '04FD0005': 'Salle 2, étage', '04FD0006': 'Clé 6' })
  }, 180_000)
})
