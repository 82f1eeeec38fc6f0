import { describe, expect, it } from 'vitest'
import writeExcelFile from 'write-excel-file/node'
import { readRosterFile } from '../../../src/main/services/roster/roster-file'

const utf8 = (text: string) => Buffer.from(text, 'utf8')

/**
 * A CSV line with fewer cells than the header names (cut short, or split in two by the HR tool) is
 * read with its missing cells empty: that is said, naming the line, so a row that then asks for no
 * card or no PIN is never a silent loss ("Bert;Weiß;P-bert" under a six-column header read as
 * "Nothing to do" with no word of why).
 */
describe('a roster CSV line with fewer cells than its header', () => {
  it('is read with its missing cells empty, and said with its line', async () => {
    const file = await readRosterFile(
      'staff.csv',
      utf8(
        'First;Last;Number;Email;Card;PIN\nJo;Ng;P-1;jo@x.io;04A23B1C;ja\nBert;Weiss;P-2\nCy;Eng;P-3;cy@x.io;04A23B1D;nein\n'
      )
    )
    expect(file.rows[1]).toEqual(['Bert', 'Weiss', 'P-2', '', '', ''])
    expect(file.sheet.noteSaid).toContainEqual({ key: 'shortLines', values: { count: 1, lines: '3' } })
    expect(file.sheet.notes).toContain(
      'Line 3 has fewer cells than the first line names: its missing cells are read as empty. Check it in the file (a line cut short or split in two).'
    )
  })

  it('names several lines, the first five and how many more', async () => {
    const body = Array.from({ length: 7 }, (_, i) => `p${i}@x.io`).join('\n')
    const file = await readRosterFile('staff.csv', utf8(`Email,Name,Card\n${body}\n`))
    expect(file.sheet.noteSaid).toContainEqual({ key: 'shortLines', values: { count: 7, lines: '2, 3, 4, 5, 6 …' } })
  })

  it('says nothing of a full line whose last cells are empty', async () => {
    const file = await readRosterFile('staff.csv', utf8('Email,Name,Card\na@x.io,Ada,\nb@x.io,,\n'))
    expect(file.sheet.noteSaid?.some((n) => n.key === 'shortLines')).toBe(false)
  })

  it('says nothing of an XLSX row: a spreadsheet leaves out the empty cells at a row’s end', async () => {
    const bytes = await writeExcelFile([
      ['Email', 'Name', 'Card'],
      ['a@x.io', 'Ada']
    ]).toBuffer()
    const file = await readRosterFile('staff.xlsx', bytes)
    expect(file.sheet.noteSaid?.some((n) => n.key === 'shortLines')).toBe(false)
  })
})
