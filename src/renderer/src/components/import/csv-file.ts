import { CSV_MAX_BYTES, CSV_MAX_CHARS } from '../../../../shared/batches/schemas'
import { AppError } from '../../../../shared/errors'

/** A CSV file read as text, and what its reading should tell the user (said once for the file). */
export interface CsvText {
  text: string
  notes: string[]
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be'

/**
 * Read a CSV file in the renderer: refuse an over-size file before reading it (its text would be a
 * message of tens of MB), then decode by its byte order mark: UTF-8, UTF-16 LE or BE (Excel's
 * "Unicode text"). Without a BOM, a file whose every other byte is zero is UTF-16 too. The BOM is
 * kept in the text so the preview notes its removal.
 */
export async function readCsvFile(file: Blob): Promise<CsvText> {
  if (file.size > CSV_MAX_BYTES) throw tooLarge(file.size)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const { encoding, guessed } = detectEncoding(bytes)
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes)
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
  const notes: string[] = []
  if (encoding !== 'utf-8') {
    notes.push(
      `The file is ${encoding === 'utf-16le' ? 'UTF-16 (little endian)' : 'UTF-16 (big endian)'}${guessed ? ' without a byte order mark' : ''}; it was read as such.`
    )
  }
  return { text, notes }
}

export function detectEncoding(bytes: Uint8Array): { encoding: Encoding; guessed: boolean } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', guessed: false }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', guessed: false }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', guessed: false }
  // CSV text is ASCII in practice: in UTF-16 every other byte of it is zero.
  const n = Math.min(bytes.length, 512) & ~1
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++
    if (bytes[i + 1] === 0) oddZeros++
  }
  if (n >= 4 && oddZeros > n / 4 && evenZeros === 0) return { encoding: 'utf-16le', guessed: true }
  if (n >= 4 && evenZeros > n / 4 && oddZeros === 0) return { encoding: 'utf-16be', guessed: true }
  return { encoding: 'utf-8', guessed: false }
}

function tooLarge(size: number): AppError {
  return new AppError({
    kind: 'validation',
    code: 'CSV_TOO_LARGE',
    message: `The file is too large to import (${(size / 1048576).toFixed(1)} MB; the limit is ${CSV_MAX_BYTES / 1048576} MB, about 170,000 cards).`,
    hint: 'Split it into smaller files and import them one after another.'
  })
}
