// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fileNamed, safeFileName } from '../../../src/shared/text/file-name'
import { exportFilename } from '../../../src/main/services/batches/csv-export'
import { exportWords } from '../../../src/shared/i18n/file-words'

/** A badge's PDF is named after the visitor: a name with umlauts or ß was cut into pieces ("Ju-rgen-Gro-e"). */
describe('a file name made from a person’s name', () => {
  it('keeps each accented letter as its letter and spells out ß, æ and ø', () => {
    expect(safeFileName('Jürgen Größe-Weiß')).toBe('Jurgen-Grosse-Weiss')
    expect(safeFileName('María José García')).toBe('Maria-Jose-Garcia')
    expect(safeFileName('Søren Ærø')).toBe('Soren-AEro')
    expect(safeFileName('Zoë / O’Brien')).toBe('Zoe-O-Brien')
  })
  it('keeps a name in another script, and is never empty', () => {
    expect(safeFileName('王小明')).toBe('王小明')
    expect(safeFileName('***')).toBe('file')
  })
})

/** Every file the app saves is named in the desk's language, by one rule (shared/text/file-name.ts). */
describe('the saved files’ names in the desk’s language', () => {
  it('names a batch export and its failed rows', () => {
    expect(exportFilename('Lobby Süd', 'all', 'de')).toBe('Lobby-Sud.csv')
    expect(exportFilename('Lobby Süd', 'failed', 'de')).toBe('Lobby-Sud-fehlgeschlagen.csv')
    expect(exportFilename('Hall', 'failed', 'fr')).toBe('Hall-echecs.csv')
    expect(exportFilename('Hall', 'failed', 'es')).toBe('Hall-fallidas.csv')
    expect(exportFilename('Hall', 'failed')).toBe('Hall-failed.csv')
    // A name with nothing left to keep: the word for a batch in that language.
    expect(exportFilename('***', 'all', 'de')).toBe('stapel.csv')
  })
  it('names the audit export and the roster results', async () => {
    const day = '2026-12-02'
    for (const [language, name] of [
      ['en', `audit-${day}.csv`],
      ['de', `protokoll-${day}.csv`],
      ['fr', `journal-${day}.csv`],
      ['es', `registro-${day}.csv`]
    ] as const)
      expect(fileNamed(exportWords(language).t('file.audit', { day }), 'csv')).toBe(name)
    const words = exportWords('de')
    expect(fileNamed(words.t('file.results', { base: safeFileName('Mitarbeiter 2026') }), 'csv')).toBe(
      'Mitarbeiter-2026-ergebnisse.csv'
    )
  })
  it('keeps a long name’s ending (the words after it) and never ends a name in a dash', () => {
    const base = safeFileName('a'.repeat(59) + ' b')
    expect(base).toBe('a'.repeat(59))
    expect(fileNamed(exportWords('en').t('file.results', { base }), 'csv')).toBe('a'.repeat(59) + '-results.csv')
  })
})
