import { beforeAll, describe, expect, it } from 'vitest'
import { csvLineText, withCsvLine } from '../../../src/shared/batches/csv-line-edit'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

/**
 * A line of the preview corrected in the file's text: the whole record the preview named (a quoted
 * cell may hold line breaks), the other lines as they were and at the numbers the preview gave them.
 */
// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('csv-line-edit: a record over several lines', () => {
  const file = '04A1B2C3,Desk-1\n04A1B2C4,"Lobby\r\nspare"\n04A1B2C5,Desk-3\n'

  it('the preview names the record by its first line, and the next record by its own line', () => {
    const rows = validateCsv(file).rows
    expect(rows.map((r) => [r.line, r.status])).toEqual([
      [1, 'ok'],
      [2, 'refused'],
      [4, 'ok']
    ])
  })

  it('"as written" is the whole record, its line breaks included', () => {
    expect(csvLineText(file, 2)).toBe('04A1B2C4,"Lobby\r\nspare"')
    expect(csvLineText(file, 1)).toBe('04A1B2C3,Desk-1')
  })

  it('a fix replaces every line of the record; the lines after it keep their numbers', () => {
    const text = withCsvLine(file, 2, { nfcId: '04A1B2C4', alias: 'Lobby spare' })
    expect(text).toBe('04A1B2C3,Desk-1\n04A1B2C4,Lobby spare\r\n\n04A1B2C5,Desk-3\n')
    const rows = validateCsv(text!).rows
    expect(rows.map((r) => [r.line, r.status, r.alias])).toEqual([
      [1, 'ok', 'Desk-1'],
      [2, 'ok', 'Lobby spare'],
      [4, 'ok', 'Desk-3']
    ])
  })

  it('leaving the record out empties all its lines', () => {
    const text = withCsvLine(file, 2, null)
    expect(text).toBe('04A1B2C3,Desk-1\n\r\n\n04A1B2C5,Desk-3\n')
    expect(validateCsv(text!).rows.map((r) => r.line)).toEqual([1, 4])
  })

  it('a record of three lines, a quote escaped inside, at the end of a file without a last line break', () => {
    const text = '04A1B2C3,x\n04A1B2C4,"a ""b""\nc\nd"'
    expect(validateCsv(text).rows.map((r) => r.line)).toEqual([1, 2])
    expect(withCsvLine(text, 2, { nfcId: '04A1B2C4', alias: 'a b c d' })).toBe('04A1B2C3,x\n04A1B2C4,a b c d\n\n')
  })

  it('a quote never closed is one line, as the preview reads it (the lines after it are read on their own)', () => {
    const text = '04A1B2C3,"Desk\n04A1B2C5,Desk-3\n'
    expect(validateCsv(text).rows.map((r) => [r.line, r.status])).toEqual([
      [1, 'refused'],
      [2, 'ok']
    ])
    expect(csvLineText(text, 1)).toBe('04A1B2C3,"Desk')
    expect(withCsvLine(text, 1, { nfcId: '04A1B2C3', alias: 'Desk' })).toBe('04A1B2C3,Desk\n04A1B2C5,Desk-3\n')
  })

  it('a quote inside an unquoted cell is a character: the line is one line', () => {
    const text = '04A1B2C3,Desk "A\n04A1B2C5,B"\n'
    expect(csvLineText(text, 1)).toBe('04A1B2C3,Desk "A')
    expect(withCsvLine(text, 1, null)).toBe('\n04A1B2C5,B"\n')
  })

  it('a byte order mark is not part of line 1; past the end is undefined', () => {
    expect(csvLineText('\ufeff04A1B2C3,"a\nb"\n', 1)).toBe('04A1B2C3,"a\nb"')
    expect(withCsvLine('04A1B2C3\n', 3, null)).toBeUndefined()
  })
})
