import { CSV_MAX_BYTES, CSV_MAX_CHARS } from '../../../../shared/batches/schemas'
import { AppError } from '../../../../shared/errors'
import { decodeText } from '../../../../shared/text/encoding'

/** A CSV file read as text, and what its reading should tell the user (said once for the file). */
export interface CsvText {
  text: string
  notes: string[]
}

/**
 * Read a CSV file in the renderer: refuse an over-size file before reading it (its text would be a
 * message of tens of MB), then decode it as the roster does (shared/text/encoding.ts `decodeText`:
 * UTF-8, UTF-16, else Windows-1252, said in a note). The BOM is kept so the preview notes its removal.
 */
export async function readCsvFile(file: Blob): Promise<CsvText> {
  if (file.size > CSV_MAX_BYTES) throw tooLarge(file.size)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const { text, notes } = decodeText(bytes)
  if (text.length > CSV_MAX_CHARS) throw tooLarge(file.size)
  // Not text (or UTF-16 this could not recognise): said here, and never sent (each NUL would
  // travel as six characters).
  if (text.indexOf('\u0000') !== -1) {
    throw new AppError({
      kind: 'validation',
      code: 'CSV_ENCODING',
      message: 'This file is not readable text: it holds NUL characters.',
      hint: 'Save it as "CSV UTF-8 (Comma delimited)" (Excel: File > Save As) and open it again.'
    })
  }
  return { text, notes }
}

function tooLarge(size: number): AppError {
  return new AppError({
    kind: 'validation',
    code: 'CSV_TOO_LARGE',
    message: `The file is too large to import (${(size / 1048576).toFixed(1)} MB; the limit is ${CSV_MAX_BYTES / 1048576} MB, about 170,000 cards).`,
    hint: 'Split it into smaller files and import them one after another.'
  })
}
