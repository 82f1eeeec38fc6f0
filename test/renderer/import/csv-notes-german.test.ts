import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import CsvPreviewTable from './CsvPreviewWhole.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { decodeText } from '../../../src/shared/text/encoding'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

afterEach(() => deskLanguage.choose(null))

/**
 * The CSV preview's notes of the whole file (its encoding, a BOM, line endings, Excel's separator
 * line, a header) are facts from main and from the file's reading, said in the desk's language:
 * main's English `notes` are the CLI's words.
 */
// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('the CSV preview’s file notes on a German desk', () => {
  it('are said in German, never in main’s English', async () => {
    deskLanguage.choose('de')
    const bytes = Buffer.from('\ufeffsep=;\r\nNFC ID;Alias\r\n04A1B2C3;Empfang\r\n', 'utf16le')
    const read = decodeText(new Uint8Array(bytes))
    const preview = validateCsv(read.text)
    expect(preview.notes).toEqual([
      'The byte order mark (BOM) at the start of the file was removed.',
      'Windows line endings (CRLF) were read as plain line breaks.',
      "Line 1 is Excel's separator line (sep=;): its lines were read with that separator.",
      "Line 2 is a header row and was skipped: the console's format has none."
    ])
    render(CsvPreviewTable, {
      preview: { ...preview, noteSaid: [...read.said, ...preview.noteSaid!], notes: [...read.notes, ...preview.notes] }
    })
    const notes = screen.getByTestId('csv-notes')
    await waitFor(() => expect(notes).toHaveTextContent('Die Datei ist UTF-16 (Little Endian)'), { timeout: 5000 })
    expect([...notes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Die Datei ist UTF-16 (Little Endian); sie wurde entsprechend gelesen.',
      'Die Byte-Reihenfolge-Markierung (BOM) am Anfang der Datei wurde entfernt.',
      'Windows-Zeilenenden (CRLF) wurden als einfache Zeilenumbrüche gelesen.',
      'Zeile 1 ist die Trennzeichen-Zeile von Excel (sep=;): Die Zeilen wurden mit diesem Trennzeichen gelesen.',
      'Zeile 2 ist eine Kopfzeile und wurde übersprungen: Das Format der Konsole hat keine.'
    ])
  })
})
