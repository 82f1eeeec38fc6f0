import { describe, expect, it } from 'vitest'
import { readCsvFile } from '../../../src/renderer/src/components/import/csv-file'
import { CSV_MAX_BYTES } from '../../../src/shared/batches/schemas'

const text = '04A1B2C3,Lobby-01\r\n04a1b2c4,Lobby-02\r\n'
const utf16be = (s: string) => {
  const le = Buffer.from(s, 'utf16le')
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!]
  return le
}

describe('reading a CSV file in the renderer', () => {
  it('decodes UTF-16 LE and BE by their byte order mark, keeping the BOM for the preview to note', async () => {
    const le = await readCsvFile(new Blob([Buffer.from('\ufeff' + text, 'utf16le')]))
    expect(le.text).toBe('\ufeff' + text)
    expect(le.notes).toEqual(['The file is UTF-16 (little endian); it was read as such.'])
    const be = await readCsvFile(new Blob([utf16be('\ufeff' + text)]))
    expect(be.text).toBe('\ufeff' + text)
    expect(be.notes[0]).toMatch(/UTF-16 \(big endian\)/)
  })

  it('recognises UTF-16 without a BOM, and reads UTF-8 (with or without BOM) as is', async () => {
    const bare = await readCsvFile(new Blob([Buffer.from(text, 'utf16le')]))
    expect(bare.text).toBe(text)
    expect(bare.notes[0]).toMatch(/without a byte order mark/)
    expect(await readCsvFile(new Blob(['\ufeff' + text]))).toEqual({ text: '\ufeff' + text, notes: [], said: [] })
    expect(await readCsvFile(new Blob(['04A1B2C3,Café']))).toEqual({ text: '04A1B2C3,Café', notes: [], said: [] })
  })

  it('reads a file that is not UTF-8 as Windows-1252 and says so, as the roster reads the same file', async () => {
    // Excel's plain "CSV (Comma delimited)" on a Western system: "Tür-Öffner – Süd" in Windows-1252.
    const bytes = Buffer.from('04A1B2C3,T\xfcr-\xd6ffner \x96 S\xfcd\r\n', 'latin1')
    const read = await readCsvFile(new Blob([bytes]))
    expect(read.text).toBe('04A1B2C3,Tür-Öffner – Süd\r\n')
    expect(read.notes).toEqual([expect.stringMatching(/not UTF-8; it was read as Windows-1252/)])
  })

  it('refuses a file that is not text, saying how to save it', async () => {
    await expect(
      readCsvFile(new Blob([new Uint8Array([0x30, 0x34, 0, 0, 0x41, 0x31, 0, 0x0a])]))
    ).rejects.toMatchObject({
      code: 'CSV_ENCODING',
      hint: expect.stringMatching(/CSV UTF-8/)
    })
  })

  it('refuses an over-size file before reading it, saying the limit and what to do', async () => {
    const big = new Blob([new Uint8Array(CSV_MAX_BYTES + 1)])
    await expect(readCsvFile(big)).rejects.toMatchObject({
      code: 'CSV_TOO_LARGE',
      message: expect.stringMatching(/too large to import \(8 MB; the limit is 8 MB/),
      hint: expect.stringMatching(/Split it/)
    })
  })
})
