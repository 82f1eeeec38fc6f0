import { beforeAll, describe, expect, it } from 'vitest'
import { csvLineText, withCsvLine } from '../../../src/shared/batches/csv-line-edit'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { loadCsvParser } from '../../../src/main/services/csv-parser'
import type { CsvPreview } from '../../../src/shared/batches/schemas'

/**
 * A line of a `;` or tab file corrected or left out in the preview: the record is found and written
 * with the file's own separator (shared/text/csv-separator.ts, the rule main reads the file by), so
 * the file read again has exactly the lines the person left, each as they left it, and its counts
 * are those lines'.
 */
beforeAll(() => loadCsvParser())

/** Each line's number and status, and the counts as the lines tally them. */
function read(text: string): { lines: [number, string, string | null, string][]; counts: CsvPreview['counts'] } {
  const preview = validateCsv(text)
  return { lines: preview.rows.map((r) => [r.line, r.status, r.nfcId ?? null, r.alias]), counts: preview.counts }
}
function tally(lines: [number, string, string | null, string][]) {
  const counts = { ok: 0, repaired: 0, refused: 0, duplicate: 0 }
  for (const [, status] of lines) counts[status as keyof typeof counts]++
  return counts
}

// French Excel: `;`, a header naming a column of its own, CRLF; line 3's alias is quoted over two lines.
const french = [
  'Numéro NFC;Libellé;Remarque',
  '04FE0001;Clé 1;à rendre',
  '04FE0002;"Clé',
  '2";à rendre',
  '04FE0003;Clé 1;',
  '04FEZZ;Clé 5;',
  '04FE0006;Clé 6;'
].join('\r\n')

describe('a line left out of a ";" file', () => {
  it('is gone, and only it: the counts are those of the lines left', () => {
    const before = read(french)
    expect(before.lines).toEqual([
      [2, 'ok', '04FE0001', 'Clé 1'],
      [3, 'refused', '04FE0002', 'Clé\n2'],
      [5, 'duplicate', '04FE0003', 'Clé 1'],
      [6, 'refused', null, 'Clé 5'],
      [7, 'ok', '04FE0006', 'Clé 6']
    ])
    const after = read(withCsvLine(french, 3, null)!)
    expect(after.lines).toEqual(before.lines.filter(([line]) => line !== 3))
    expect(after.counts).toEqual({ ok: 2, repaired: 0, refused: 1, duplicate: 1 })
    expect(after.counts).toEqual(tally(after.lines))
  })

  it('"as written" is the whole record', () => {
    expect(csvLineText(french, 3)).toBe('04FE0002;"Clé\r\n2";à rendre')
  })
})

describe('a line of a ";" or tab file corrected', () => {
  it('is written with the file\'s ";", and read back as typed, its comma kept', () => {
    const text = withCsvLine(french, 6, { nfcId: '04FE0005', alias: 'Salle 2, étage' })!
    // The remark column, empty on that line, stays.
    expect(csvLineText(text, 6)).toBe('04FE0005;Salle 2, étage;')
    const after = read(text)
    expect(after.lines.find(([line]) => line === 6)).toEqual([6, 'ok', '04FE0005', 'Salle 2, étage'])
    expect(after.counts).toEqual(tally(after.lines))
  })

  it('the record over two lines is replaced whole, written with ";", its remark kept, the lines after it keep their numbers', () => {
    const text = withCsvLine(french, 3, { nfcId: '04FE0002', alias: 'Clé 2' })!
    expect(text.split('\r\n').slice(2, 5)).toEqual(['04FE0002;Clé 2;à rendre', '', '04FE0003;Clé 1;'])
    expect(read(text).lines.slice(1, 3)).toEqual([
      [3, 'ok', '04FE0002', 'Clé 2'],
      [5, 'duplicate', '04FE0003', 'Clé 1']
    ])
  })

  it('an alias holding the separator is quoted, and read back whole', () => {
    const text = withCsvLine(french, 6, { nfcId: '04FE0005', alias: 'Porte "A"; sud' })!
    expect(csvLineText(text, 6)).toBe('04FE0005;"Porte ""A""; sud";')
    expect(read(text).lines.find(([line]) => line === 6)).toEqual([6, 'ok', '04FE0005', 'Porte "A"; sud'])
  })

  it('a tab file without a header: the fixed line keeps the tab, even the line the separator is found on', () => {
    const tab = '04FEZZ\tTür 1\n04FE0002\tTür 2\n'
    const text = withCsvLine(tab, 1, { nfcId: '04FE0001', alias: '' })!
    expect(text).toBe('04FE0001\t\n04FE0002\tTür 2\n')
    expect(read(text).lines).toEqual([
      [1, 'ok', '04FE0001', ''],
      [2, 'ok', '04FE0002', 'Tür 2']
    ])
    const named = withCsvLine(tab, 1, { nfcId: '04FE0001', alias: 'Tür, Nord' })!
    expect(named).toBe('04FE0001\tTür, Nord\n04FE0002\tTür 2\n')
  })

  it("a file with Excel's sep=; line is written with ';'", () => {
    const sep = 'sep=;\r\n04FE0001;Clé 1\r\n04FEZZ;Clé 2\r\n'
    const text = withCsvLine(sep, 3, { nfcId: '04FE0002', alias: 'Clé 2' })!
    expect(text).toBe('sep=;\r\n04FE0001;Clé 1\r\n04FE0002;Clé 2\r\n')
    expect(validateCsv(text).rows.map((r) => [r.line, r.status, r.messages])).toEqual([
      [2, 'ok', []],
      [3, 'ok', []]
    ])
  })

  it('a comma file is written as the console writes it', () => {
    const text = withCsvLine('04FEZZ,Desk\n04FE0002,Lobby\n', 1, { nfcId: '04FE0001', alias: 'a;b' })!
    expect(text).toBe('04FE0001,a;b\n04FE0002,Lobby\n')
  })
})
