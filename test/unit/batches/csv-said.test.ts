import { beforeAll, describe, expect, it } from 'vitest'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { csvSaidKeys } from '../../../src/shared/batches/csv-said'
import { csvPreviewSchema } from '../../../src/shared/batches/schemas'
import { Translator } from '../../../src/shared/i18n/translator'
import { englishOf, say } from '../../../src/main/services/batches/csv-messages'
import en from '../../../src/shared/i18n/messages/import/en.json'
import de from '../../../src/shared/i18n/messages/import/de.json'
import fr from '../../../src/shared/i18n/messages/import/fr.json'
import es from '../../../src/shared/i18n/messages/import/es.json'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

/**
 * What main says of a CSV line goes as facts (shared/batches/csv-said.ts) beside its English: the
 * English is the catalogue's for the same key, so a desk in another language says the same thing.
 */
// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('the CSV preview’s facts', () => {
  const text = [
    ' 04a1b2c3 ,"Desk"',
    '04A1B2C3,Hall',
    '123,Short',
    '1.23E+15,Sci',
    '04:A1:B2:C4,Desk',
    'zz,Bad',
    '04A1B2C5;Semi',
    '04A1B2C6,a,b',
    '04A1B2C7,"open'
  ].join('\n')

  it('every line’s messages are its facts in the English catalogue’s words, and German words them differently', () => {
    const preview = csvPreviewSchema.parse(validateCsv(text))
    const english = new Translator('en', en)
    const german = new Translator('de', de)
    const said = preview.rows.filter((r) => r.messages.length > 0)
    expect(said.length).toBeGreaterThanOrEqual(7)
    for (const row of said) {
      expect(row.said, `line ${row.line}`).toBeDefined()
      expect(row.said!.map((s) => english.t(`csvSaid.${s.key}`, s.values))).toEqual(row.messages)
      const words = row.said!.map((s) => german.t(`csvSaid.${s.key}`, s.values))
      expect(words, `line ${row.line}`).not.toEqual(row.messages)
    }
    expect(preview.rows.find((r) => r.line === 3)!.said).toEqual([
      expect.objectContaining({ key: 'nfcIdInvalid', values: expect.objectContaining({ problem: 'odd', digits: '3' }) })
    ])
  })

  it('every fact has its sentence in English, German, French and Spanish', () => {
    for (const catalogue of [en, de, fr, es] as Record<string, string>[])
      for (const key of csvSaidKeys) expect(catalogue[`csvSaid.${key}`], key).toBeTypeOf('string')
  })

  it('main’s English of a fact is the catalogue’s for its key and every value, however often and however many are said', () => {
    const english = new Translator('en', en)
    // The same key with other values, or a value under another name, is other words.
    expect(englishOf(say('spacesRemoved', { what: 'nfcId' }))).toBe(
      english.t('csvSaid.spacesRemoved', { what: 'nfcId' })
    )
    expect(englishOf(say('spacesRemoved', { what: 'alias' }))).toBe(
      english.t('csvSaid.spacesRemoved', { what: 'alias' })
    )
    expect(englishOf(say('spacesRemoved', { what: 'nfcId' }))).not.toBe(
      englishOf(say('spacesRemoved', { what: 'alias' }))
    )
    expect(englishOf(say('aliasInBatch', { alias: 'Hall' }))).not.toBe(
      englishOf(say('aliasOnConsole', { alias: 'Hall', card: 'Hall' }))
    )
    // More facts than main keeps the words of (a 100,000-line file names as many lines): each its own words.
    for (let line = 1; line <= 2500; line++) {
      const said = say('aliasOnLine', { alias: 'Hall', line: String(line) })
      expect(englishOf(said)).toBe(english.t('csvSaid.aliasOnLine', said.values))
      expect(englishOf(said), 'said again').toBe(english.t('csvSaid.aliasOnLine', said.values))
    }
  })
})
