import { describe, expect, it } from 'vitest'
import writeExcelFile from 'write-excel-file/node'
import { readRosterFile } from '../../../src/main/services/roster/roster-file'
import { AppError } from '../../../src/shared/errors'
import { ROSTER_MAX_ROWS, ROSTER_SAMPLE_ROWS } from '../../../src/shared/roster/sheet'

const utf8 = (text: string) => Buffer.from(text, 'utf8')

function utf16(text: string, endian: 'le' | 'be', bom = true): Buffer {
  const le = Buffer.from(text, 'utf16le')
  const body = endian === 'le' ? le : Buffer.from(le).swap16()
  if (!bom) return body
  return Buffer.concat([Buffer.from(endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), body])
}

/** The refusal a read ends with (fails the test if it does not refuse). */
async function refusal(fileName: string, bytes: Buffer): Promise<AppError> {
  try {
    await readRosterFile(fileName, bytes)
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    return err as AppError
  }
  throw new Error(`${fileName} was read`)
}

describe('CSV encodings', () => {
  it('reads UTF-8 without a BOM, with nothing to say about it', async () => {
    const file = await readRosterFile('people.csv', utf8('Email,Name\nzoe@example.com,Zoë Çelik\n'))
    expect(file.sheet.headers).toEqual(['Email', 'Name'])
    expect(file.rows).toEqual([['zoe@example.com', 'Zoë Çelik']])
    expect(file.sheet.notes).toEqual([])
  })

  it('reads UTF-8 with a BOM: the BOM is not part of the first header', async () => {
    const file = await readRosterFile(
      'people.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('Email,Name\na@x.io,Zoë\n')])
    )
    expect(file.sheet.headers).toEqual(['Email', 'Name'])
    expect(file.rows[0]).toEqual(['a@x.io', 'Zoë'])
  })

  it('reads UTF-16 LE and BE by their BOM, and says so', async () => {
    for (const endian of ['le', 'be'] as const) {
      const file = await readRosterFile('people.csv', utf16('Email\tName\r\na@x.io\tZoë Ñandú\r\n', endian))
      expect(file.rows).toEqual([['a@x.io', 'Zoë Ñandú']])
      expect(file.sheet.notes).toContain(
        `The file is UTF-16 (${endian === 'le' ? 'little' : 'big'} endian); it was read as such.`
      )
    }
  })

  it('reads UTF-16 LE without a BOM (every other byte zero)', async () => {
    const file = await readRosterFile('people.csv', utf16('Email,Name\na@x.io,Ada\n', 'le', false))
    expect(file.rows).toEqual([['a@x.io', 'Ada']])
    expect(file.sheet.notes[0]).toBe(
      'The file is UTF-16 (little endian) without a byte order mark; it was read as such.'
    )
  })

  it('falls back to Windows-1252 when the bytes are not UTF-8, and says so', async () => {
    // "Zoë Müller – €" in Windows-1252: ë = EB, ü = FC, – = 96, € = 80 (not valid UTF-8).
    const bytes = Buffer.concat([
      utf8('Email,Name\na@x.io,Zo'),
      Buffer.from([0xeb]),
      utf8(' M'),
      Buffer.from([0xfc]),
      utf8('ller '),
      Buffer.from([0x96, 0x20, 0x80]),
      utf8('\n')
    ])
    const file = await readRosterFile('people.csv', bytes)
    expect(file.rows).toEqual([['a@x.io', 'Zoë Müller – €']])
    expect(file.sheet.notes.some((n) => n.startsWith('The file is not UTF-8; it was read as Windows-1252'))).toBe(true)
  })
})

describe('CSV delimiters and shape', () => {
  it('detects comma, semicolon and tab, and names the unusual ones', async () => {
    const comma = await readRosterFile('a.csv', utf8('Email,Name\na@x.io,"Ng, Ada"\n'))
    expect(comma.rows).toEqual([['a@x.io', 'Ng, Ada']])
    expect(comma.sheet.notes).toEqual([])
    const semi = await readRosterFile('a.csv', utf8('Email;Name;Card\na@x.io;Ada Ng;04A23B1C\n'))
    expect(semi.sheet.headers).toEqual(['Email', 'Name', 'Card'])
    expect(semi.rows).toEqual([['a@x.io', 'Ada Ng', '04A23B1C']])
    expect(semi.sheet.notes).toEqual(['Columns are separated by semicolons (;).'])
    const tab = await readRosterFile('a.tsv', utf8('Email\tName\na@x.io\tAda, Ng\n'))
    expect(tab.rows).toEqual([['a@x.io', 'Ada, Ng']])
    expect(tab.sheet.notes).toEqual(['Columns are separated by tabs.'])
  })

  it("skips Excel's sep= line and keeps the real line numbers", async () => {
    const file = await readRosterFile('a.csv', utf8('sep=;\nEmail;Name\na@x.io;Ada\n'))
    expect(file.sheet.headers).toEqual(['Email', 'Name'])
    expect(file.rows).toEqual([['a@x.io', 'Ada']])
    expect(file.lines).toEqual([3])
  })

  it('trims cells, drops blank rows with a note, and keeps each row on its line', async () => {
    const file = await readRosterFile(
      'a.csv',
      utf8(' Email , Name \r\n a@x.io ,  Ada Ng \r\n\r\n,,\r\nb@x.io,"Bo\nLi"\r\nc@x.io,Cy\r\n\r\n')
    )
    expect(file.rows).toEqual([
      ['a@x.io', 'Ada Ng'],
      ['b@x.io', 'Bo\nLi'],
      ['c@x.io', 'Cy']
    ])
    // Lines 3 and 4 blank; "Bo\nLi" spans lines 5 and 6.
    expect(file.lines).toEqual([2, 5, 7])
    expect(file.sheet.notes).toEqual(['2 blank lines were left out.'])
    expect(file.sheet.rowCount).toBe(3)
  })

  it('pads short rows and keeps the cells of long ones under columns of their own', async () => {
    const file = await readRosterFile('a.csv', utf8('Email,Name,\na@x.io\nb@x.io,Bo,x,extra\n'))
    expect(file.sheet.headers).toEqual(['Email', 'Name', 'Column C', 'Column D'])
    expect(file.rows).toEqual([
      ['a@x.io', '', '', ''],
      ['b@x.io', 'Bo', 'x', 'extra']
    ])
    expect(file.sheet.notes).toEqual([
      'Some rows have more cells than there are column names: the extra columns are shown as Column D.',
      // The short line is said (test/unit/roster/short-lines-said.test.ts).
      'Line 2 has fewer cells than the first line names: its missing cells are read as empty. Check it in the file (a line cut short or split in two).'
    ])
  })

  it("unwraps Excel's text markers, so an employee number keeps its leading zeros", async () => {
    const file = await readRosterFile('a.csv', utf8('Email,Emp #\na@x.io,="00042"\n'))
    expect(file.rows).toEqual([['a@x.io', '00042']])
    expect(file.sheet.notes).toEqual(['Excel text markers ="…" around cells were removed.'])
  })

  it('gives a sample of the first rows and counts them all', async () => {
    const lines = ['Email']
    for (let i = 0; i < 45; i++) lines.push(`p${i}@x.io`)
    const file = await readRosterFile('a.csv', utf8(lines.join('\n')))
    expect(file.sheet.rowCount).toBe(45)
    expect(file.sheet.sample).toHaveLength(ROSTER_SAMPLE_ROWS)
    expect(file.sheet.sample[ROSTER_SAMPLE_ROWS - 1]).toEqual([`p${ROSTER_SAMPLE_ROWS - 1}@x.io`])
    expect(file.sheet.fileName).toBe('a.csv')
    expect(file.sheet.sheetName).toBeUndefined()
  })

  it('keeps a quote inside an unquoted cell as written', async () => {
    const file = await readRosterFile('a.csv', utf8('Email,Name\na@x.io,Ada "Ace" Ng\nb@x.io,Bo\n'))
    expect(file.rows).toEqual([
      ['a@x.io', 'Ada "Ace" Ng'],
      ['b@x.io', 'Bo']
    ])
  })
})

describe('refused files', () => {
  it('an empty file, or one of blank lines: ROSTER_EMPTY', async () => {
    const empty = await refusal('a.csv', Buffer.alloc(0))
    expect([empty.code, empty.kind, empty.message]).toEqual(['ROSTER_EMPTY', 'validation', 'a.csv is empty.'])
    expect(empty.hint).toBeTruthy()
    expect((await refusal('a.csv', utf8('\n , \n\n'))).code).toBe('ROSTER_EMPTY')
  })

  it('a header and no rows: ROSTER_EMPTY, saying so', async () => {
    const e = await refusal('a.csv', utf8('Email,Name\n\n'))
    expect(e.code).toBe('ROSTER_EMPTY')
    expect(e.message).toBe('a.csv names its columns but holds no people.')
  })

  it('no header (the first line is data): ROSTER_NO_HEADER with the line and what to add', async () => {
    const e = await refusal('a.csv', utf8('\nada@example.com,Ada Ng\nbo@example.com,Bo Li\n'))
    expect(e.code).toBe('ROSTER_NO_HEADER')
    expect(e.message).toBe(
      'Line 2 of a.csv holds data ("ada@example.com"), not column names: the first line of a roster names its columns.'
    )
    expect(e.hint).toContain('Add a first line with the column names')
  })

  it(`more than ${ROSTER_MAX_ROWS} rows: ROSTER_TOO_LARGE`, async () => {
    const text = `Email\n${'a@x.io\n'.repeat(ROSTER_MAX_ROWS + 1)}`
    const e = await refusal('a.csv', utf8(text))
    expect(e.code).toBe('ROSTER_TOO_LARGE')
    expect(e.message).toBe('a.csv holds 20,001 rows; a roster takes at most 20,000.')
    const ok = await readRosterFile('a.csv', utf8(`Email\n${'a@x.io\n'.repeat(ROSTER_MAX_ROWS)}`))
    expect(ok.rows).toHaveLength(ROSTER_MAX_ROWS)
  })

  it("a quote never closed: that line alone is flagged, the lines after it are read (Import's rule)", async () => {
    const file = await readRosterFile('a.csv', utf8('Email,Name\na@x.io,Ada\nb@x.io,"Bo Li\nc@x.io,Cy\n'))
    expect(file.rows).toEqual([
      ['a@x.io', 'Ada'],
      ['b@x.io', '"Bo Li'],
      ['c@x.io', 'Cy']
    ])
    expect(file.lines).toEqual([2, 3, 4])
    expect(file.unreadable).toEqual([3])
    // The bad line's cells, split as written, neither widen the sheet nor count as a short line.
    expect(file.sheet.headers).toEqual(['Email', 'Name'])
    // A quoted cell closed too early swallows the lines after it as well: flagged the same way.
    const early = await readRosterFile('a.csv', utf8('Email,Name\na@x.io,"Ada" Ng\nb@x.io,Bo\n'))
    expect(early.rows).toEqual([
      ['a@x.io', '"Ada" Ng'],
      ['b@x.io', 'Bo']
    ])
    expect(early.unreadable).toEqual([2])
    // On the last line, with no line break after it: flagged too, never read with its cells shifted.
    const last = await readRosterFile('a.csv', utf8('Email,Name\na@x.io,Ada\nb@x.io,"Bo, Li'))
    expect(last.unreadable).toEqual([3])
    expect(last.rows[1]).toEqual(['b@x.io', '"Bo'])
  })

  it('binary files, legacy .xls, and an .xlsx that is no zip: ROSTER_UNREADABLE', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
    const bin = await refusal('photo.png', png)
    expect(bin.code).toBe('ROSTER_UNREADABLE')
    expect(bin.message).toBe('photo.png is neither a CSV text file nor an Excel workbook (.xlsx).')
    expect(bin.hint).toContain('CSV UTF-8')
    const xls = await refusal('old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))
    expect(xls.code).toBe('ROSTER_UNREADABLE')
    expect(xls.message).toContain('Excel 97-2003')
    const fake = await refusal('people.xlsx', utf8('Email,Name\na@x.io,Ada\n'))
    expect(fake.code).toBe('ROSTER_UNREADABLE')
    expect(fake.message).toContain('an .xlsx file is a zip archive, and this one is not')
  })
})

describe('XLSX', () => {
  it('reads the first sheet with data; numbers as written, dates as ISO dates, booleans as words', async () => {
    const bytes = await writeExcelFile([
      { sheet: 'Cover', data: [[null]] },
      {
        sheet: 'People',
        data: [
          ['Email', 'Name', 'Emp #', 'Start', 'PIN', 'Ratio', 'Big'],
          [
            'ada@example.com',
            '  Ada Ng ',
            42,
            { value: new Date(Date.UTC(2024, 0, 15)), format: 'yyyy-mm-dd' },
            true,
            0.1,
            123456789012
          ],
          [null, null, null, null, null, null, null],
          [
            'bo@example.com',
            'Bo Li',
            '007',
            { value: new Date(Date.UTC(2024, 1, 3, 8, 30)), format: 'yyyy-mm-dd hh:mm' },
            false,
            2.5,
            1
          ],
          ['cy@example.com']
        ]
      }
    ]).toBuffer()
    const file = await readRosterFile('people.xlsx', bytes)
    expect(file.sheet.sheetName).toBe('People')
    expect(file.sheet.headers).toEqual(['Email', 'Name', 'Emp #', 'Start', 'PIN', 'Ratio', 'Big'])
    expect(file.rows).toEqual([
      ['ada@example.com', 'Ada Ng', '42', '2024-01-15', 'TRUE', '0.1', '123456789012'],
      ['bo@example.com', 'Bo Li', '007', '2024-02-03 08:30', 'FALSE', '2.5', '1'],
      ['cy@example.com', '', '', '', '', '', '']
    ])
    // The sheet's row numbers: the header is row 1, the blank row 3 is left out.
    expect(file.lines).toEqual([2, 4, 5])
    expect(file.sheet.notes).toEqual([
      'The workbook has 2 sheets; the sheet "People" was read.',
      '1 blank line was left out.'
    ])
  })

  it('is told by its bytes, whatever the file is called', async () => {
    const bytes = await writeExcelFile([['Email'], ['a@x.io']]).toBuffer()
    const file = await readRosterFile('export.csv', bytes)
    expect(file.rows).toEqual([['a@x.io']])
  })

  it('a damaged workbook, or a zip that is no workbook: ROSTER_UNREADABLE', async () => {
    const bytes = await writeExcelFile([['Email'], ['a@x.io']]).toBuffer()
    const cut = await refusal('people.xlsx', bytes.subarray(0, 300))
    expect(cut.code).toBe('ROSTER_UNREADABLE')
    expect(cut.message).toBe(
      'people.xlsx could not be read as an Excel workbook: the file is damaged or is another kind of document.'
    )
    expect(cut.hint).toContain('.xlsx')
  })

  it('a workbook with no data: ROSTER_EMPTY', async () => {
    const bytes = await writeExcelFile([[null, null]]).toBuffer()
    const e = await refusal('people.xlsx', bytes)
    expect(e.code).toBe('ROSTER_EMPTY')
  })
})
