import { beforeAll, describe, expect, it } from 'vitest'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { readRosterFile } from '../../../src/main/services/roster/roster-file'
import { csvSeparator } from '../../../src/shared/text/csv-separator'
import { loadCsvParser } from '../../../src/main/services/csv-parser'
import { decodeText } from '../../../src/shared/text/encoding'
import { csvPreviewSchema, type CsvPreview } from '../../../src/shared/batches/schemas'

/**
 * A CSV as French, German or Spanish Excel saves it (`;`, Windows-1252, a header in the desk's
 * language, a column of its own after the alias) is read by Import as the roster reads it: one
 * separator rule for both (csv-separator.ts), a header in any of the four languages skipped, and the
 * columns it names after the alias not read, said once, instead of every line refused.
 */

beforeAll(() => loadCsvParser())

function preview(text: string): CsvPreview {
  const result = validateCsv(text)
  csvPreviewSchema.parse(result)
  return result
}
const brief = (p: CsvPreview) => p.rows.map((r) => [r.line, r.status, r.nfcId ?? null, r.alias])

/** Windows-1252 bytes of a text (its letters are all Latin-1 here). */
const cp1252 = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'))

describe('the separator: one rule for Import and the roster', () => {
  it.each([
    ['04A1B2C3,Lobby\n', ','],
    ['04A1B2C3;Lobby\n', ';'],
    ['04A1B2C3\tLobby\n', '\t'],
    ['Numéro NFC;Libellé, bâtiment A;Remarque\n04A1B2C3;Lobby\n', ';'],
    ['"04A1B2C3;x",Lobby\n', ','],
    ['sep=;\n04A1B2C3,Lobby\n', ';'],
    ['04A1B2C3\n', ',']
  ])('%j is read with %j by both', async (text, separator) => {
    expect(csvSeparator(text).separator).toBe(separator)
    // The roster reads the same text with the same separator: a two-cell first line, not one cell.
    const roster = await readRosterFile('people.csv', Buffer.from(`${text}a${separator}b\n`, 'utf8'))
    const cells = text.startsWith('sep=') ? text.split('\n')[1]! : text.split('\n')[0]!
    const named = cells.split(separator)
    if (!cells.includes('"')) expect(roster.sheet.headers.slice(0, named.length)).toEqual(named)
  })
})

describe('a file as French Excel saves it', () => {
  const lines = ['Numéro NFC;Libellé;Remarque']
  for (let i = 0; i < 3000; i++) {
    lines.push(`${(0x04a10000 + i).toString(16).toUpperCase().padStart(8, '0')};Bâtiment A-${i};Clé n°${i}`)
  }
  const bytes = cp1252(lines.join('\r\n') + '\r\n')

  it('is read whole: the header skipped, the remark column not read, every line a card', () => {
    const decoded = decodeText(bytes)
    expect(decoded.said).toEqual([{ key: 'windows1252' }])
    const p = preview(decoded.text)
    expect(p.counts).toEqual({ ok: 3000, repaired: 0, refused: 0, duplicate: 0 })
    expect(brief(p).slice(0, 2)).toEqual([
      [2, 'ok', '04A10000', 'Bâtiment A-0'],
      [3, 'ok', '04A10001', 'Bâtiment A-1']
    ])
    expect(p.rows.every((r) => r.messages.length === 0)).toBe(true)
    expect(p.notes).toEqual([
      'Windows line endings (CRLF) were read as plain line breaks.',
      'Columns are separated by semicolons (;).',
      "Line 1 is a header row and was skipped: the console's format has none.",
      'Column 3 (“Remarque”) is not read: Import reads only the NFC ID (column 1) and the alias (column 2).'
    ])
  })

  it('with commas instead, its third column is not read either', () => {
    const p = preview(lines.slice(0, 4).join('\n').replaceAll(';', ','))
    expect(brief(p)).toEqual([
      [2, 'ok', '04A10000', 'Bâtiment A-0'],
      [3, 'ok', '04A10001', 'Bâtiment A-1'],
      [4, 'ok', '04A10002', 'Bâtiment A-2']
    ])
    expect(p.noteSaid!.map((n) => n.key)).toEqual(['headerSkipped', 'columnsNotRead'])
  })
})

describe('a header line in the four languages', () => {
  it.each([
    ['NFC ID', 'Alias'],
    ['UID', 'Label'],
    ['NFC-ID', 'Bezeichnung'],
    ['Kartennummer', 'Alias'],
    ['Numéro NFC', 'Libellé'],
    ['ID NFC', 'Étiquette'],
    ['Número NFC', 'Etiqueta'],
    ['ID de tarjeta', 'Descripción']
  ])('"%s;%s" is a header, not a refused line', (id, alias) => {
    const p = preview(`${id};${alias}\n04A1B2C3;Lobby\n`)
    expect(brief(p)).toEqual([[2, 'ok', '04A1B2C3', 'Lobby']])
    expect(p.noteSaid!.map((n) => n.key)).toEqual(['separator', 'headerSkipped'])
  })
})

describe('semicolons and tabs', () => {
  it('a tab-separated file: every line clean, the separator said once', () => {
    const p = preview('04A1B2C3\tLobby east\n04A1B2C4\tHall\n')
    expect(brief(p)).toEqual([
      [1, 'ok', '04A1B2C3', 'Lobby east'],
      [2, 'ok', '04A1B2C4', 'Hall']
    ])
    expect(p.notes).toEqual(['Columns are separated by tabs.'])
  })

  it('a quoted ";" in a ";" file is part of the alias, read by papaparse with the same separator', () => {
    const p = preview('NFC ID;Alias\n04A1B2C3;"Lobby; east"\n04A1B2C4;Hall\n')
    expect(brief(p)).toEqual([
      [2, 'ok', '04A1B2C3', 'Lobby; east'],
      [3, 'ok', '04A1B2C4', 'Hall']
    ])
  })

  it('text in a column the header does not name still refuses its line, so no part of it is lost', () => {
    const p = preview('Numéro NFC;Libellé;Remarque\n04A1B2C3;A;x\n04A1B2C4;B;x;y\n04A1B2C5;C;;\n')
    expect(brief(p)).toEqual([
      [2, 'ok', '04A1B2C3', 'A'],
      [3, 'refused', null, 'B'],
      [4, 'repaired', '04A1B2C5', 'C']
    ])
    expect(p.rows[1]!.said).toEqual([{ key: 'tooManyColumns', values: { columns: '4' } }])
  })

  it("a line in the console's own NFCID,alias form in a ';' file is read as such (a line pasted in)", () => {
    const p = preview('Numéro NFC;Libellé\n04A1B2C3;Lobby\n04A1B2C4,Hall\n')
    expect(brief(p)).toEqual([
      [2, 'ok', '04A1B2C3', 'Lobby'],
      [3, 'ok', '04A1B2C4', 'Hall']
    ])
    expect(p.rows[1]!.messages).toEqual([])
  })

  it('without a header, a third column still refuses its line (it may be the end of an unquoted alias)', () => {
    const p = preview('04A1B2C3,Floor 2, east\n')
    expect(brief(p)).toEqual([[1, 'refused', null, 'Floor 2']])
  })
})
