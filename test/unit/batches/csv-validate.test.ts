import { beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { CSV_MAX_CHARS, csvPreviewSchema, type CsvPreviewRow } from '../../../src/shared/batches/schemas'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

const fixture = (name: string) => readFileSync(join('test/fixtures/csv', name), 'utf8')
const preview = (name: string) => {
  const result = validateCsv(fixture(name))
  // The preview crosses IPC: it must satisfy its own schema.
  csvPreviewSchema.parse(result)
  return result
}
const brief = (rows: CsvPreviewRow[]) => rows.map((r) => [r.line, r.status, r.nfcId ?? null, r.alias])

// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('CSV import preview (fixtures in test/fixtures/csv)', () => {
  it('accepts a clean file as is, 4-, 7- and 10-byte IDs, with or without alias', () => {
    expect(brief(preview('clean.csv').rows)).toEqual([
      [1, 'ok', '04A1B2C3', 'Lobby-01'],
      [2, 'ok', '04A1B2C4', 'Lobby-02'],
      [3, 'ok', '04A1B2C5', '']
    ])
    expect(preview('long-ids.csv').rows.map((r) => r.status)).toEqual(['ok', 'ok'])
  })

  it('removes a BOM and says so once for the file, not as a repair of line 1', () => {
    const p = preview('bom.csv')
    expect(p.rows.map((r) => [r.line, r.status, r.nfcId, r.messages])).toEqual([
      [1, 'ok', '04A1B2C3', []],
      [2, 'ok', '04A1B2C4', []]
    ])
    expect(p.notes).toEqual(['The byte order mark (BOM) at the start of the file was removed.'])
    expect(p.counts).toEqual({ ok: 2, repaired: 0, refused: 0, duplicate: 0 })
  })

  it('reads CRLF (whole file or mixed) as line breaks and says so once, not per row', () => {
    const p = preview('crlf.csv')
    expect(p.rows.map((r) => [r.status, r.alias, r.messages])).toEqual([
      ['ok', 'Lobby-01', []],
      ['ok', 'Lobby-02', []]
    ])
    expect(p.notes).toEqual(['Windows line endings (CRLF) were read as plain line breaks.'])
    expect(p.counts.ok).toBe(2)
    const mixed = preview('mixed-endings.csv')
    expect(mixed.rows.map((r) => [r.status, r.alias])).toEqual([
      ['ok', 'Lobby-01'],
      ['ok', 'Lobby-02']
    ])
    // A file that starts with CRLF and goes on with LF: no two lines run together.
    const startsCrlf = validateCsv('04A1B2C3,A\r\n04A1B2C4,B\n04A1B2C5,C\r\n')
    expect(brief(startsCrlf.rows)).toEqual([
      [1, 'ok', '04A1B2C3', 'A'],
      [2, 'ok', '04A1B2C4', 'B'],
      [3, 'ok', '04A1B2C5', 'C']
    ])
  })

  it('skips a header row with a note, and neither shows nor counts it as a row', () => {
    const p = preview('header.csv')
    expect(p.rows).toEqual([{ line: 2, nfcId: '04A1B2C3', alias: 'Lobby-01', status: 'ok', messages: [] }])
    expect(p.notes).toEqual(["Line 1 is a header row and was skipped: the console's format has none."])
    // "Add N valid rows" counts ok + repaired: the header is not one of them.
    expect(p.counts).toEqual({ ok: 1, repaired: 0, refused: 0, duplicate: 0 })
  })

  it('refuses the line of a quote that is never closed, and reads every line after it', () => {
    const p = validateCsv('04A1B2C3,Desk-01\n04A1B2C4,"Desk 02\n04A1B2C5,Desk-03\n\n04A1B2C6,"Desk, 04"\n')
    expect(brief(p.rows)).toEqual([
      [1, 'ok', '04A1B2C3', 'Desk-01'],
      [2, 'refused', null, ''],
      [3, 'ok', '04A1B2C5', 'Desk-03'],
      [5, 'ok', '04A1B2C6', 'Desk, 04']
    ])
    expect(p.rows[1]!.messages[0]).toMatch(/double quote on line 2 is never closed/)
    // Two broken lines, the second in what is read after the first.
    const twice = validateCsv('"04A1B2C3,A\n04A1B2C4,B\n04A1B2C5,"C\n04A1B2C6,D')
    expect(brief(twice.rows)).toEqual([
      [1, 'refused', null, ''],
      [2, 'ok', '04A1B2C4', 'B'],
      [3, 'refused', null, ''],
      [4, 'ok', '04A1B2C6', 'D']
    ])
  })

  it('refuses a UTF-16 text read as UTF-8 once for the file, saying what to do', () => {
    const utf16 = Buffer.from('\ufeff04A1B2C3,Lobby-01\r\n', 'utf16le').toString('utf8')
    expect(() => validateCsv(utf16)).toThrow(/NUL characters \(probably UTF-16/)
  })

  it('makes lowercase hex uppercase and removes ":", space and "-" separators', () => {
    expect(preview('lowercase.csv').rows.map((r) => [r.nfcId, r.status, r.messages])).toEqual([
      ['04A1B2C3', 'repaired', ['Lowercase hex made uppercase']],
      ['04A1B2C4', 'repaired', ['Lowercase hex made uppercase']]
    ])
    const p = preview('separators.csv')
    expect(p.rows.map((r) => r.nfcId)).toEqual(['04A1B2C3', '04A1B2C4', '04A1B2C5'])
    expect(p.rows.every((r) => r.status === 'repaired' && r.messages[0]!.startsWith('Separators'))).toBe(true)
  })

  it('removes surrounding spaces and quotes (and Excel\'s ="…")', () => {
    const p = preview('spaces-quotes.csv')
    expect(brief(p.rows)).toEqual([
      [1, 'repaired', '04A1B2C3', 'Lobby-01'],
      [2, 'ok', '04A1B2C4', 'Quoted properly'],
      [3, 'repaired', '04A1B2C5', 'Apostrophes'],
      [4, 'repaired', '04A1B2C6', 'Spaced in quotes'],
      [5, 'repaired', '04A1B2C7', 'Excel text'],
      [6, 'repaired', '04A1B2C8', 'Alias in quotes']
    ])
    expect(p.rows[0]!.messages).toEqual(['Spaces around the NFC ID removed', 'Spaces around the alias removed'])
    expect(p.rows[2]!.messages).toEqual(['Quotes around the NFC ID removed'])
    expect(p.rows[4]!.messages[0]).toMatch(/Excel text marker/)
    expect(p.rows[5]!.messages).toEqual(['Spaces around the alias removed', 'Quotes around the alias removed'])
  })

  it('refuses Excel scientific notation with an explanation', () => {
    const p = preview('scientific.csv')
    expect(p.rows.map((r) => r.status)).toEqual(['refused', 'refused'])
    for (const row of p.rows) expect(row.messages[0]).toMatch(/scientific notation: Excel turned the ID into a number/)
    expect(p.rows[0]!.nfcId).toBeUndefined()
  })

  it('refuses non-hex IDs and wrong lengths (not 4, 7 or 10 bytes), hinting at a lost leading zero', () => {
    const nonHex = preview('non-hex.csv')
    expect(nonHex.rows.map((r) => r.status)).toEqual(['refused', 'refused'])
    expect(nonHex.rows[0]!.messages[0]).toMatch(/"G" is not a hex digit/)
    expect(nonHex.rows[1]!.messages[0]).not.toMatch(/leading zero/)
    const length = preview('wrong-length.csv')
    expect(length.rows.map((r) => r.status)).toEqual(['refused', 'refused', 'refused'])
    expect(length.rows[0]!.messages[0]).toMatch(/4, 7 or 10 bytes.*3 bytes/)
    expect(length.rows[1]!.messages[0]).toMatch(/5 bytes/)
    expect(length.rows[2]!.messages[0]).toMatch(/leading zero may have been lost/)
  })

  it('reports duplicate IDs and aliases with the line numbers of the file', () => {
    const p = preview('duplicates.csv')
    expect(brief(p.rows)).toEqual([
      [1, 'ok', '04A1B2C3', 'Lobby-01'],
      [2, 'duplicate', '04A1B2C4', 'Lobby-01'],
      [3, 'duplicate', '04A1B2C3', 'Other'],
      // line 4 is empty: skipped, and numbering stays that of the file
      [5, 'ok', '04A1B2C5', 'Lobby-03']
    ])
    expect(p.rows[1]!.messages).toEqual(['Alias "Lobby-01" is also on line 1; aliases must be unique'])
    expect(p.rows[2]!.messages).toContain('Same NFC ID as line 1')
    expect(p.counts).toEqual({ ok: 2, repaired: 0, refused: 0, duplicate: 2 })
  })

  it('keeps file line numbers after a quoted cell with a line break, and refuses that alias', () => {
    expect(brief(preview('embedded-newline.csv').rows)).toEqual([
      [1, 'refused', '04A1B2C3', 'Line\nbreak'],
      [3, 'ok', '04A1B2C4', 'After']
    ])
  })

  it('drops empty extra columns, refuses real ones, reads a semicolon file', () => {
    const p = preview('extra-columns.csv')
    expect(p.rows.map((r) => [r.status, r.messages[0]])).toEqual([
      ['repaired', 'Empty extra columns removed'],
      ['refused', expect.stringMatching(/3 columns.*double quotes/)]
    ])
    // Its ";" is the file's separator (csv-separator.ts): said once for the file, not on each line.
    const semicolon = preview('semicolon.csv')
    expect(semicolon.rows[0]).toMatchObject({ status: 'ok', nfcId: '04A1B2C3', alias: 'Lobby-01' })
    expect(semicolon.notes).toEqual(['Columns are separated by semicolons (;).'])
  })

  it('refuses a text over the size limit', () => {
    expect(() => validateCsv('x'.repeat(CSV_MAX_CHARS + 1))).toThrow(/too large/)
  })
})
