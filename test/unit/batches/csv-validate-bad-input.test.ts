import { beforeAll, describe, expect, it } from 'vitest'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { AppError } from '../../../src/shared/errors'
import { CSV_MAX_CHARS, csvPreviewSchema, type CsvPreview } from '../../../src/shared/batches/schemas'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

/** The preview crosses IPC: every one here must satisfy its own schema. */
function preview(text: string, options?: Parameters<typeof validateCsv>[1]): CsvPreview {
  const result = validateCsv(text, options)
  csvPreviewSchema.parse(result)
  return result
}
const brief = (p: CsvPreview) => p.rows.map((r) => [r.line, r.status, r.nfcId ?? null, r.alias])

/** The AppError a call throws (fails the test when it throws nothing or something else). */
function thrown(fn: () => unknown): AppError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }
  throw new Error('expected an AppError')
}

const NEVER_CLOSED = (line: number) =>
  `A double quote on line ${line} is never closed, so this line was left out (the lines after it were read). Remove the quote or close it.`
const MISPLACED = (line: number) =>
  `A double quote on line ${line} is misplaced: a quoted cell must end with its quote. Remove the quote or quote the whole cell.`

// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('quotes papaparse cannot read: the line is refused, no other line is lost', () => {
  it('a misplaced quote, then one never closed in the same chunk: the second swallows nothing', () => {
    // papaparse reports both (InvalidQuotes on row 0, MissingQuotes on row 1); only the first used
    // to be handled, and line 2's cell took lines 3 and 4 with it.
    const p = preview('04A1B2C3,"A"x"\n04A1B2C4,"B\n04A1B2C5,C\n04A1B2C6,D\n')
    expect(brief(p)).toEqual([
      [1, 'refused', null, ''],
      [2, 'refused', null, ''],
      [3, 'ok', '04A1B2C5', 'C'],
      [4, 'ok', '04A1B2C6', 'D']
    ])
    expect(p.rows.map((r) => r.messages)).toEqual([[MISPLACED(1)], [NEVER_CLOSED(2)], [], []])
    expect(p.counts).toEqual({ ok: 2, repaired: 0, refused: 2, duplicate: 0 })
  })

  it('several misplaced quotes are each refused on their own line, the rows between them read', () => {
    const p = preview('04A1B2C3,"A"x"\n04A1B2C4,B\n04A1B2C5,"C"y"\n04A1B2C6,D')
    expect(brief(p)).toEqual([
      [1, 'refused', null, ''],
      [2, 'ok', '04A1B2C4', 'B'],
      [3, 'refused', null, ''],
      [4, 'ok', '04A1B2C6', 'D']
    ])
    expect(p.rows[2]!.messages).toEqual([MISPLACED(3)])
  })

  it('a quote closed lines later in the middle of a cell: its line refused, the next lines read as they are', () => {
    const p = preview('04A1B2C3,A\n04A1B2C4,"B\n04A1B2C5,C" z\n04A1B2C6,D\n')
    expect(brief(p)).toEqual([
      [1, 'ok', '04A1B2C3', 'A'],
      [2, 'refused', null, ''],
      // A quote that does not start its cell is an ordinary character.
      [3, 'ok', '04A1B2C5', 'C" z'],
      [4, 'ok', '04A1B2C6', 'D']
    ])
    expect(p.rows[1]!.messages).toEqual([NEVER_CLOSED(2)])
  })

  it('a quote never closed on the last line (with or without its line break) ends the file cleanly', () => {
    expect(brief(preview('04A1B2C3,A\n04A1B2C4,"B\n'))).toEqual([
      [1, 'ok', '04A1B2C3', 'A'],
      [2, 'refused', null, '']
    ])
    const last = preview('04A1B2C3,A\n04A1B2C4,"B')
    expect(brief(last)).toEqual([
      [1, 'ok', '04A1B2C3', 'A'],
      [2, 'refused', null, '']
    ])
    // Never closed, as the roster says it too (csv-quote-never-closed.ts): not "misplaced".
    expect(last.rows[1]!.messages).toEqual([NEVER_CLOSED(2)])
  })

  it('line numbers after a restart count quoted line breaks before the broken quote', () => {
    const p = preview('04A1B2C3,"Two\nlines"\n04A1B2C4,"B\n04A1B2C5,C\n"04A1B2C6,D\n04A1B2C7,E\n')
    expect(brief(p)).toEqual([
      [1, 'refused', '04A1B2C3', 'Two\nlines'],
      [3, 'refused', null, ''],
      [4, 'ok', '04A1B2C5', 'C'],
      [5, 'refused', null, ''],
      [6, 'ok', '04A1B2C7', 'E']
    ])
    expect(p.rows[1]!.messages).toEqual([NEVER_CLOSED(3)])
    expect(p.rows[3]!.messages).toEqual([NEVER_CLOSED(5)])
  })

  it('a quote never closed in the second chunk of a large file (over 512 K characters)', () => {
    const id = (i: number) => (0x04000000 + i).toString(16).toUpperCase().padStart(8, '0')
    const lines: string[] = []
    for (let i = 0; i < 50_000; i++) lines.push(`${id(i)},Desk-${i}`)
    lines[45_000] = `${id(45_000)},"Desk-45000`
    lines[40_000] = `${id(40_000)},"Desk"x"`
    const p = validateCsv(lines.join('\n') + '\n')
    expect(p.counts).toEqual({ ok: 49_998, repaired: 0, refused: 2, duplicate: 0 })
    expect(p.rows.filter((r) => r.status === 'refused').map((r) => [r.line, r.messages])).toEqual([
      [40_001, [MISPLACED(40_001)]],
      [45_001, [NEVER_CLOSED(45_001)]]
    ])
    expect(p.rows.map((r) => r.line)).toEqual(lines.map((_l, i) => i + 1))
    expect(p.rows[49_999]).toMatchObject({ line: 50_000, nfcId: id(49_999), alias: 'Desk-49999' })
  })
})

describe("Excel's separator line", () => {
  it('"sep=," is named as the separator line, and a header row may follow it', () => {
    const p = preview('sep=,\nNFCID,Alias\n04A1B2C3,A\n')
    expect(brief(p)).toEqual([[3, 'ok', '04A1B2C3', 'A']])
    expect(p.notes).toEqual([
      "Line 1 is Excel's separator line (sep=,): its lines were read with that separator.",
      "Line 2 is a header row and was skipped: the console's format has none."
    ])
    expect(p.counts).toEqual({ ok: 1, repaired: 0, refused: 0, duplicate: 0 })
  })

  it('a declared "sep=;" is honoured silently: its lines are ok, not repaired, and the line is not called a header', () => {
    const p = preview('sep=;\n04A1B2C3;A\n04A1B2C4;B\n04A1B2C5;C\n')
    expect(brief(p)).toEqual([
      [2, 'ok', '04A1B2C3', 'A'],
      [3, 'ok', '04A1B2C4', 'B'],
      [4, 'ok', '04A1B2C5', 'C']
    ])
    expect(p.rows.map((r) => r.messages)).toEqual([[], [], []])
    expect(p.notes).toEqual(["Line 1 is Excel's separator line (sep=;): its lines were read with that separator."])
    expect(p.counts).toEqual({ ok: 3, repaired: 0, refused: 0, duplicate: 0 })
    // Undeclared, ";" is found on the first line (csv-separator.ts) and said once for the file.
    const undeclared = preview('04A1B2C3;A\n')
    expect(undeclared.rows.map((r) => [r.status, r.messages])).toEqual([['ok', []]])
    expect(undeclared.notes).toEqual(['Columns are separated by semicolons (;).'])
  })

  it('"SEP=;" with a header; a second header row after a real header is refused, not skipped', () => {
    const p = preview('SEP=;\nNFCID;Alias\n04A1B2C3;A\n')
    expect(brief(p)).toEqual([[3, 'ok', '04A1B2C3', 'A']])
    expect(p.notes).toEqual([
      "Line 1 is Excel's separator line (sep=;): its lines were read with that separator.",
      "Line 2 is a header row and was skipped: the console's format has none."
    ])
    const twice = preview('NFC ID,Alias\nNFC ID,Alias\n04A1B2C3,A\n')
    expect(brief(twice)).toEqual([
      [2, 'refused', null, 'Alias'],
      [3, 'ok', '04A1B2C3', 'A']
    ])
    expect(twice.notes).toEqual(["Line 1 is a header row and was skipped: the console's format has none."])
  })
})

describe('another encoding', () => {
  it('a Windows-1252 file read as UTF-8: aliases whose letters were lost are refused, saying why', () => {
    // "Büro" and "Café" in Windows-1252, decoded as UTF-8 (what a non-UTF-8 file becomes).
    const bytes = Buffer.concat([
      Buffer.from('04A1B2C3,B'),
      Buffer.from([0xfc]),
      Buffer.from('ro\n04A1B2C4,Lobby\n04A1B2C5,Caf'),
      Buffer.from([0xe9]),
      Buffer.from('\n')
    ])
    const p = preview(new TextDecoder('utf-8').decode(bytes))
    expect(brief(p)).toEqual([
      [1, 'refused', '04A1B2C3', 'B\ufffdro'],
      [2, 'ok', '04A1B2C4', 'Lobby'],
      [3, 'refused', '04A1B2C5', 'Caf\ufffd']
    ])
    expect(p.rows[0]!.messages).toEqual([
      'The alias holds "\ufffd", a character that could not be read: the file is not UTF-8 (Windows-1252, say). ' +
        'Save it as "CSV UTF-8 (Comma delimited)" (Excel: File > Save As) and open it again.'
    ])
    expect(p.counts).toEqual({ ok: 1, repaired: 0, refused: 2, duplicate: 0 })
  })

  it('the same file saved as UTF-8 keeps its letters', () => {
    expect(brief(preview('04A1B2C3,Büro\n04A1B2C5,Café\n'))).toEqual([
      [1, 'ok', '04A1B2C3', 'Büro'],
      [2, 'ok', '04A1B2C5', 'Café']
    ])
  })

  it('UTF-16 read as UTF-8 (NUL characters): refused for the whole file with what to do', () => {
    const utf16 = Buffer.from('04A1B2C3,Lobby-01\n', 'utf16le').toString('utf8')
    const error = thrown(() => validateCsv(utf16))
    expect(error).toMatchObject({
      kind: 'validation',
      code: 'CSV_ENCODING',
      message: 'This file is not readable text: it holds NUL characters (probably UTF-16 without a byte order mark).',
      hint: 'Save it as "CSV UTF-8 (Comma delimited)" (Excel: File > Save As) and open it again.'
    })
    // One NUL anywhere is enough.
    expect(thrown(() => validateCsv('04A1B2C3,A\n04A1B2C4,B\u0000\n')).code).toBe('CSV_ENCODING')
  })
})

describe('size limit', () => {
  it('refuses a text over the limit with its size and the limit in MB', () => {
    const error = thrown(() => validateCsv(' '.repeat(CSV_MAX_CHARS + 1)))
    expect(error).toMatchObject({
      kind: 'validation',
      code: 'CSV_TOO_LARGE',
      message: `The file is too large to preview (${Math.round((CSV_MAX_CHARS + 1) / 1048576)} MB; the limit is ${CSV_MAX_CHARS / 1048576} MB).`,
      hint: 'Split it into smaller files and import them one after another.'
    })
  })

  it('accepts a text of exactly the limit', () => {
    expect(preview(' '.repeat(CSV_MAX_CHARS - 12) + '\n04A1B2C3,A\n').rows).toEqual([
      { line: 2, nfcId: '04A1B2C3', alias: 'A', status: 'ok', messages: [] }
    ])
  })
})
