import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { csvPreviewSchema, type CsvPreview } from '../../../src/shared/batches/schemas'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

function preview(text: string): CsvPreview {
  const result = validateCsv(text)
  csvPreviewSchema.parse(result)
  return result
}
const rowsOf = (p: CsvPreview) => p.rows.map((r) => [r.line, r.status, r.nfcId ?? null, r.alias, r.messages])
const HEADER = (line: number) => `Line ${line} is a header row and was skipped: the console's format has none.`

// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('empty lines and missing IDs', () => {
  it('empty and blank lines are skipped silently; a line with an alias but no ID is refused', () => {
    const p = preview('04A1B2C3,A\n\n   \n\t\n,Lobby\n  ,Hall\n04A1B2C4,B\n')
    expect(rowsOf(p)).toEqual([
      [1, 'ok', '04A1B2C3', 'A', []],
      [5, 'refused', null, 'Lobby', ['No NFC ID on this line.']],
      [6, 'refused', null, 'Hall', ['No NFC ID on this line.']],
      [7, 'ok', '04A1B2C4', 'B', []]
    ])
    expect(p.counts).toEqual({ ok: 2, repaired: 0, refused: 2, duplicate: 0 })
    expect(p.notes).toEqual([])
  })

  it('a refused ID shows its alias without the spaces around it', () => {
    const p = preview('04A1B2CG, Bad letter \n')
    expect(rowsOf(p)).toEqual([
      [1, 'refused', null, 'Bad letter', [expect.stringMatching(/^"04A1B2CG": "G" is not a hex digit/)]]
    ])
    expect(p.counts).toEqual({ ok: 0, repaired: 0, refused: 1, duplicate: 0 })
  })
})

describe('separators other than a comma', () => {
  // The file's separator is found on its first line (csv-separator.ts, as the roster's): these are
  // comma files with a stray line written otherwise.
  it('in a comma file, a semicolon or a tab between exactly two parts is read as a comma, and said', () => {
    const p = preview('04A1B2C2,Hall\n04A1B2C3;Lobby-01\n04A1B2C4\tLobby-02\n')
    expect(rowsOf(p)).toEqual([
      [1, 'ok', '04A1B2C2', 'Hall', []],
      [2, 'repaired', '04A1B2C3', 'Lobby-01', ['";" used as separator; read as a comma']],
      [3, 'repaired', '04A1B2C4', 'Lobby-02', ['"tab" used as separator; read as a comma']]
    ])
    expect(p.counts).toEqual({ ok: 1, repaired: 2, refused: 0, duplicate: 0 })
  })

  it('a file written with semicolons is read with them, as the roster reads it: said once, not per row', () => {
    const p = preview('04A1B2C3;Lobby-01\n04A1B2C4;Lobby-02\n04A1B2C5;Lobby-03')
    expect(rowsOf(p)).toEqual([
      [1, 'ok', '04A1B2C3', 'Lobby-01', []],
      [2, 'ok', '04A1B2C4', 'Lobby-02', []],
      [3, 'ok', '04A1B2C5', 'Lobby-03', []]
    ])
    expect(p.notes).toEqual(['Columns are separated by semicolons (;).'])
  })

  it('in a comma file, three parts or a semicolon in a row that has commas too are refused whole: no part is dropped', () => {
    const p = preview('04A1B2C2,Hall\n04A1B2C3;Lobby;Floor 2\n04A1B2C4;Lobby,Floor 2\n04A1B2C5\tA\tB\n')
    expect(p.rows.map((r) => [r.line, r.status, r.nfcId ?? null])).toEqual([
      [1, 'ok', '04A1B2C2'],
      [2, 'refused', null],
      [3, 'refused', null],
      [4, 'refused', null]
    ])
    expect(p.rows[1]!.messages[0]).toMatch(/^"04A1B2C3;Lobby;Floor 2": ";" is not a hex digit/)
    expect(p.rows[2]!.messages[0]).toMatch(/^"04A1B2C4;Lobby": ";" is not a hex digit/)
    expect(p.rows[2]!.alias).toBe('Floor 2')
  })
})

describe('extra columns', () => {
  it('empty or blank extra columns are removed (a repair); any text in one refuses the row', () => {
    const p = preview('04A1B2C3,A, \n04A1B2C4,B,,\t,\n04A1B2C5,C,,x\n04A1B2C6,D,x\n')
    expect(rowsOf(p)).toEqual([
      [1, 'repaired', '04A1B2C3', 'A', ['Empty extra columns removed']],
      [2, 'repaired', '04A1B2C4', 'B', ['Empty extra columns removed']],
      [
        3,
        'refused',
        null,
        'C',
        ['4 columns: the format is NFCID,alias. An alias that contains a comma must be in double quotes.']
      ],
      [
        4,
        'refused',
        null,
        'D',
        ['3 columns: the format is NFCID,alias. An alias that contains a comma must be in double quotes.']
      ]
    ])
    expect(p.counts).toEqual({ ok: 0, repaired: 2, refused: 2, duplicate: 0 })
  })
})

describe('header rows', () => {
  it('on the first line only, by the ID column name or by the alias column name', () => {
    expect(preview('Serial No,Location\n04A1B2C3,A\n').notes).toEqual([HEADER(1)])
    expect(preview('Code,Name\n04A1B2C3,A\n').notes).toEqual([HEADER(1)])
    expect(preview(' "Card ID" ,  Label \n04A1B2C3,A\n').notes).toEqual([HEADER(1)])
    // Not a header: a bad ID with another alias is a refused row.
    const bad = preview('Code,Where\n04A1B2C3,A\n')
    expect(bad.notes).toEqual([])
    expect(bad.rows.map((r) => [r.line, r.status])).toEqual([
      [1, 'refused'],
      [2, 'ok']
    ])
  })

  it('a header after a first row is a refused row, whatever the first row was', () => {
    for (const first of ['04A1B2C3,A', '04A1B2CG,A', '04A1B2C3,"A"x"', '04A1B2C3,A,B', '04A1B2C3,"A\nB"']) {
      const p = preview(`${first}\nNFC ID,Alias\n`)
      expect(p.notes).toEqual([])
      expect(p.rows.at(-1)).toMatchObject({ status: 'refused', alias: 'Alias' })
    }
    // After a quote never closed on line 1, line 2 is read again from scratch: still not a header.
    const broken = preview('"04A1B2C3,A\nNFC ID,Alias\n')
    expect(broken.notes).toEqual([])
    expect(broken.rows.map((r) => [r.line, r.status])).toEqual([
      [1, 'refused'],
      [2, 'refused']
    ])
  })

  it('empty lines before the header do not stop it being the first row', () => {
    const p = preview('\n\nNFC ID,Alias\n04A1B2C3,A\n')
    expect(p.notes).toEqual([HEADER(3)])
    expect(rowsOf(p)).toEqual([[4, 'ok', '04A1B2C3', 'A', []]])
  })
})

describe('aliases', () => {
  it('unwraps spaces, tabs and quotes at either end (each alone is enough), and nothing else', () => {
    // Cells quoted for the CSV where the alias itself starts or ends with a quote.
    const p = preview(
      [
        '04A1B2C3, Lead',
        '04A1B2C4,Trail ',
        '04A1B2C5,"""Dq1"" "',
        '04A1B2C6,"\u00a0""Dq2"""',
        "04A1B2C7,'Sq1'\u00a0",
        "04A1B2C8,\u00a0'Sq2'",
        '04A1B2C9,\tTab1',
        '04A1B2CA,Tab2\t',
        '04A1B2CB,="Excel"',
        '04A1B2CC,"""Dq3""\u00a0"',
        '04A1B2CD,Say "hi"',
        "04A1B2CE,O'Brien's",
        '04A1B2CF,Plain'
      ].join('\n')
    )
    expect(rowsOf(p)).toEqual([
      [1, 'repaired', '04A1B2C3', 'Lead', ['Spaces around the alias removed']],
      [2, 'repaired', '04A1B2C4', 'Trail', ['Spaces around the alias removed']],
      [3, 'repaired', '04A1B2C5', 'Dq1', ['Spaces around the alias removed', 'Quotes around the alias removed']],
      [4, 'repaired', '04A1B2C6', 'Dq2', ['Spaces around the alias removed', 'Quotes around the alias removed']],
      [5, 'repaired', '04A1B2C7', 'Sq1', ['Spaces around the alias removed', 'Quotes around the alias removed']],
      [6, 'repaired', '04A1B2C8', 'Sq2', ['Spaces around the alias removed', 'Quotes around the alias removed']],
      [7, 'repaired', '04A1B2C9', 'Tab1', ['Spaces around the alias removed']],
      [8, 'repaired', '04A1B2CA', 'Tab2', ['Spaces around the alias removed']],
      [9, 'repaired', '04A1B2CB', 'Excel', ['Excel text marker ="…" around the alias removed']],
      [10, 'repaired', '04A1B2CC', 'Dq3', ['Spaces around the alias removed', 'Quotes around the alias removed']],
      // A quote at one end only is part of the alias: the row is ok, with no message.
      [11, 'ok', '04A1B2CD', 'Say "hi"', []],
      [12, 'ok', '04A1B2CE', "O'Brien's", []],
      [13, 'ok', '04A1B2CF', 'Plain', []]
    ])
  })

  it('refuses a line break or a control character (DEL too), saying so', () => {
    const p = preview('04A1B2C3,"Two\nlines"\n04A1B2C4,Bell\u0007\n04A1B2C5,Del\u007f\n04A1B2C6,Tilde~\n')
    expect(rowsOf(p)).toEqual([
      [1, 'refused', '04A1B2C3', 'Two\nlines', ['The alias holds a line break or control character.']],
      [3, 'refused', '04A1B2C4', 'Bell\u0007', ['The alias holds a line break or control character.']],
      [4, 'refused', '04A1B2C5', 'Del\u007f', ['The alias holds a line break or control character.']],
      [5, 'ok', '04A1B2C6', 'Tilde~', []]
    ])
    expect(p.counts).toEqual({ ok: 1, repaired: 0, refused: 3, duplicate: 0 })
  })

  it('accepts 128 characters, refuses 129 with the limit said', () => {
    const p = preview(`04A1B2C3,${'a'.repeat(128)}\n04A1B2C4,${'b'.repeat(129)}\n04A1B2C5,After\n`)
    expect(p.rows.map((r) => [r.line, r.status, r.alias.length, r.messages])).toEqual([
      [1, 'ok', 128, []],
      [2, 'refused', 129, ['The alias is longer than 128 characters.']],
      [3, 'ok', 5, []]
    ])
    expect(p.counts).toEqual({ ok: 2, repaired: 0, refused: 1, duplicate: 0 })
  })
})

describe('files larger than one chunk (512 K characters)', () => {
  const id = (i: number) => (0x04000000 + i).toString(16).toUpperCase().padStart(8, '0')

  it('a quote closed lines later early in the file: the rows of later chunks are read once, with their lines', () => {
    const lines: string[] = []
    for (let i = 0; i < 40_000; i++) lines.push(`${id(i)},Desk-${i}`)
    lines[100] = `${id(100)},"Desk-100`
    // The quote that closes it is followed by a line break: papaparse ends the cell there and reads
    // on (the chunks after this one are delivered too, and must not be read twice).
    lines[101] = `${id(101)},Desk-101" z"`
    const p = validateCsv(lines.join('\n') + '\n')
    expect(p.counts).toEqual({ ok: 39_999, repaired: 0, refused: 1, duplicate: 0 })
    expect(p.rows.map((r) => r.line)).toEqual(lines.map((_l, i) => i + 1))
    expect(p.rows[101]).toMatchObject({ line: 102, alias: 'Desk-101" z"', status: 'ok' })
    expect(p.rows[39_999]).toMatchObject({ line: 40_000, nfcId: id(39_999), alias: 'Desk-39999' })
  })

  it('quoted line breaks in the first chunk keep the line numbers of later chunks', () => {
    const lines: string[] = []
    for (let i = 0; i < 40_000; i++) lines.push(`${id(i)},Desk-${i}`)
    lines[10] = `${id(10)},"Two\nlines"`
    const p = validateCsv(lines.join('\n'))
    expect(p.rows[10]).toMatchObject({ line: 11, status: 'refused' })
    expect(p.rows[39_999]).toMatchObject({ line: 40_001, nfcId: id(39_999) })
  })
})

describe('property: any row of the console format comes back as written', () => {
  const hex = fc
    .constantFrom(4, 7, 10)
    .chain((bytes) => fc.uint8Array({ minLength: bytes, maxLength: bytes }))
    .map((b) => Buffer.from(b).toString('hex').toUpperCase())
  // Aliases that need no repair: no space, quote or control character at either end.
  const alias = fc
    .array(fc.constantFrom('a', 'Z', '7', ' ', '-', '.', 'é', '中'), { maxLength: 20 })
    .map((c) => c.join('').trim())
  const ending = fc.constantFrom('\n', '\r\n')

  it('ok, same ID and alias, line numbers of the file, with blank lines between', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ nfcId: hex, alias, blankBefore: fc.boolean() }), {
          maxLength: 40,
          selector: (r) => r.nfcId
        }),
        ending,
        (rows, eol) => {
          const distinct = rows.filter((r, i) => r.alias === '' || rows.findIndex((o) => o.alias === r.alias) === i)
          let text = ''
          const lines: number[] = []
          let line = 0
          for (const r of distinct) {
            if (r.blankBefore) {
              text += eol
              line++
            }
            text += `${r.nfcId},${r.alias}${eol}`
            lines.push(++line)
          }
          const p = validateCsv(text)
          expect(p.rows.map((r) => [r.line, r.status, r.nfcId, r.alias])).toEqual(
            distinct.map((r, i) => [lines[i], 'ok', r.nfcId, r.alias])
          )
          expect(p.notes).toEqual(
            eol === '\r\n' && text !== '' ? ['Windows line endings (CRLF) were read as plain line breaks.'] : []
          )
        }
      ),
      { numRuns: 200 }
    )
  })
})
