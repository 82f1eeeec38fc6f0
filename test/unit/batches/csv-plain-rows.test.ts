import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import Papa from 'papaparse'
import { plainEnd, scanPlainRows } from '../../../src/main/services/batches/csv-plain-rows'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

/**
 * The validator reads the quote-free lines of a file in one pass of its own and leaves the rest to
 * papaparse (csv-plain-rows.ts). These hold the one-pass reader to papaparse with the validator's
 * settings: the same cells on any text it reads, and the same preview on any file at all.
 */

/** The characters CSV files are made of, and those the validator repairs or refuses. */
const unit = fc.constantFrom(
  ',',
  '\n',
  '\n',
  ';',
  '\t',
  ' ',
  '0',
  '4',
  'A',
  'b',
  'F',
  ':',
  '-',
  'x',
  '=',
  "'",
  'é',
  '\ufffd',
  '\u00a0',
  '\u2028',
  '\u0001',
  's',
  'e',
  'p'
)
/** Rows that look like real files: IDs, aliases, headers, separator lines, stray cells. */
const cell = fc.oneof(
  fc.constantFrom('04A1B2C3', '04a1b2c3', '04:A1:B2:C3', ' 04A1B2C4 ', '4.21E+13', '0x04A1B2C5', '1234567890'),
  fc.constantFrom('04A1B2C3D4E5F6', 'nfc id', 'alias', 'sep=;', 'sep=', "'Lobby'", ' Lobby '),
  fc.string({ unit, maxLength: 12 })
)
const line = fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(','))
const plainText = fc
  .tuple(fc.array(line, { maxLength: 30 }), fc.boolean())
  .map(([lines, lastBreak]) => lines.join('\n') + (lastBreak ? '\n' : ''))
const anyText = fc.oneof(plainText, fc.string({ unit, maxLength: 200 }))
/** Files with quotes too: the one-pass part stops at the first of them, papaparse reads on. */
const quotedText = fc
  .tuple(
    anyText,
    fc.array(fc.constantFrom('"', '"Lobby, 2"', '""', '"a\nb"', ',"x"', '="04A1B2C6",Lobby'), { maxLength: 3 }),
    anyText
  )
  .map(([a, quotes, b]) => a + quotes.join('\n') + b)

/** papaparse's cells of `text`, with the validator's settings (one comma, `\n`, chunked). */
function papaCells(text: string): string[][] {
  const rows: string[][] = []
  ;(
    Papa.parse as unknown as (
      text: string,
      config: Papa.ParseConfig<string[]> & { chunkSize: number; chunk(r: Papa.ParseResult<string[]>): void }
    ) => void
  )(text, {
    delimiter: ',',
    newline: '\n',
    // Small chunks, so rows cross chunk boundaries as in a large file.
    chunkSize: 64,
    chunk: (result) => rows.push(...result.data)
  })
  return rows
}

/** The one-pass reader's cells, rebuilt from the positions it hands over. */
function plainCells(text: string, end: number): { cells: string[][]; lines: number[] } {
  const cells: string[][] = []
  const lines: number[] = []
  scanPlainRows(text, end, {
    plainRow(line, start, stop, comma1, comma2, count) {
      lines.push(line)
      const row =
        count === 1
          ? [text.slice(start, stop)]
          : [
              text.slice(start, comma1),
              text.slice(comma1 + 1, count === 2 ? stop : comma2),
              ...(count > 2 ? text.slice(comma2 + 1, stop).split(',') : [])
            ]
      expect(row).toHaveLength(count)
      cells.push(row)
    }
  })
  return { cells, lines }
}

// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('the one-pass CSV reader agrees with papaparse', () => {
  it('finds the same cells, line by line, in any text without quotes', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(plainEnd(text)).toBe(text.length)
        const { cells, lines } = plainCells(text, text.length)
        expect(cells).toEqual(papaCells(text))
        expect(lines).toEqual(cells.map((_c, i) => i + 1))
      }),
      { numRuns: 500 }
    )
  })

  it('stops at the line of the first quote, and papaparse reads the rest as it reads that part of the file', () => {
    fc.assert(
      fc.property(quotedText, (text) => {
        const end = plainEnd(text)
        expect(text.slice(0, end)).not.toContain('"')
        expect(end === 0 || end === text.length || text[end - 1] === '\n').toBe(true)
        const { cells } = plainCells(text, end)
        if (end < text.length) {
          // The lines before the quote are whole: papaparse's first rows of the file are the same.
          expect(cells).toEqual(papaCells(text).slice(0, cells.length))
        }
      }),
      { numRuns: 500 }
    )
  })

  it('gives the same preview as papaparse alone: rows, line numbers, messages, notes and counts', () => {
    fc.assert(
      fc.property(fc.oneof(plainText, anyText, quotedText), (text) => {
        expect(validateCsv(text)).toEqual(validateCsv(text, {}, 'papaparse'))
      }),
      { numRuns: 1000 }
    )
  })

  it('numbers the lines after a quoted part from the file (the quoted lines count, the blank ones too)', () => {
    const text = '04A1B2C3,A\n\n"04A1B2C4","B\nstill B"\n04A1B2C5,C\n'
    expect(validateCsv(text).rows.map((r) => [r.line, r.nfcId, r.status])).toEqual([
      [1, '04A1B2C3', 'ok'],
      [3, '04A1B2C4', 'refused'],
      [5, '04A1B2C5', 'ok']
    ])
  })
})
