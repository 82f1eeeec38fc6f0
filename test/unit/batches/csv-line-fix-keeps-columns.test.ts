import { beforeAll, describe, expect, it } from 'vitest'
import { csvLineText, withCsvLine, withCsvLineBack } from '../../../src/shared/batches/csv-line-edit'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

/**
 * A line corrected in the preview keeps every column of the file: its NFC ID and alias are written
 * again, the cells after them (a remark, a room) stay as the file had them. And a line left out can
 * be written back exactly where it was.
 */
beforeAll(() => loadCsvParser())

const rows = (text: string) => validateCsv(text).rows.map((r) => [r.line, r.status, r.nfcId ?? null, r.alias])

// French Excel: `;`, a header naming a remark column, CRLF.
const french = [
  'Numéro NFC;Libellé;Remarque;Salle',
  '04FE0001;Clé 1;à rendre;B12',
  '04FEZZ;Clé 2;"prêt; jusqu\'au 3";B14',
  '04FE0003;"Clé',
  '3";"rendue',
  'le 2";B15',
  '04FE0004;Clé 4;"jamais fermée',
  '04FE0005;Clé 5'
].join('\r\n')

describe('a corrected line keeps the columns after the alias', () => {
  it('a remark and a room stay as written, quoted cells included', () => {
    const text = withCsvLine(french, 3, { nfcId: '04FE0002', alias: 'Clé 2' })!
    expect(csvLineText(text, 3)).toBe('04FE0002;Clé 2;"prêt; jusqu\'au 3";B14')
    expect(rows(text)[1]).toEqual([3, 'ok', '04FE0002', 'Clé 2'])
    // Only that line changed.
    expect(text.replace('04FE0002;Clé 2;', '04FEZZ;Clé 2;')).toBe(french)
  })

  it('a record over several lines keeps its remark over lines; the lines after it keep their numbers', () => {
    const text = withCsvLine(french, 4, { nfcId: '04FE0003', alias: 'Clé 3' })!
    expect(csvLineText(text, 4)).toBe('04FE0003;Clé 3;"rendue\r\nle 2";B15')
    // The alias's own line break is an empty line after the record: line 7 is still line 7.
    expect(text.split('\r\n').slice(3, 7)).toEqual([
      '04FE0003;Clé 3;"rendue',
      'le 2";B15',
      '',
      '04FE0004;Clé 4;"jamais fermée'
    ])
    expect(rows(text).map(([line]) => line)).toEqual(rows(french).map(([line]) => line))
  })

  it('a remark whose quote never closes is kept, quoted again so the line reads', () => {
    const text = withCsvLine(french, 7, { nfcId: '04FE0004', alias: 'Clé 4' })!
    expect(csvLineText(text, 7)).toBe('04FE0004;Clé 4;jamais fermée')
    expect(rows(text).find(([line]) => line === 7)).toEqual([7, 'ok', '04FE0004', 'Clé 4'])
  })

  it('an empty column after the alias stays, so the line has as many cells as before', () => {
    const text = withCsvLine('04FEZZ;Clé 1;\r\n04FE0002;Clé 2;\r\n', 1, { nfcId: '04FE0001', alias: 'Clé 1' })!
    expect(text).toBe('04FE0001;Clé 1;\r\n04FE0002;Clé 2;\r\n')
  })

  it('a comma file with a third column keeps it', () => {
    const text = withCsvLine('04FEZZ,Desk,Lobby\n', 1, { nfcId: '04FE0001', alias: 'Desk 1' })!
    expect(text).toBe('04FE0001,Desk 1,Lobby\n')
  })
})

describe('a line left out, written back', () => {
  it('is the file as it was, a record over several lines included', () => {
    for (const n of [2, 4, 8]) {
      const record = csvLineText(french, n)!
      const without = withCsvLine(french, n, null)!
      expect(rows(without).some(([line]) => line === n)).toBe(false)
      expect(withCsvLineBack(without, n, record)).toBe(french)
    }
  })

  it('writes over nothing: a line that holds text again is left alone', () => {
    const without = withCsvLine(french, 2, null)!
    const refilled = withCsvLine(without, 3, { nfcId: '04FE0002', alias: 'Clé 2' })!
    expect(withCsvLineBack(refilled, 3, '04FEZZ;Clé 2')).toBeUndefined()
    expect(withCsvLineBack(french, 2, '04FE0001;Clé 1;à rendre;B12')).toBeUndefined()
  })
})
