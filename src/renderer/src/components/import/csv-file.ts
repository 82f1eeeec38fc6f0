import { CSV_MAX_BYTES, CSV_MAX_CHARS } from '../../../../shared/batches/schemas'
import { AppError } from '../../../../shared/errors'
import { decodeText, type TextNote } from '../../../../shared/text/encoding'
import { importWords } from '../../lib/i18n/import-messages.svelte'
import { deskFormats } from '../../lib/i18n/desk-formats'

/** A CSV file read as text, and what its reading should tell the user (said once for the file). */
export interface CsvText {
  text: string
  /** In English (the roster's words for the same reading). */
  notes: string[]
  /** The same as facts, said in the desk's language (lib/i18n/csv-said-words.ts `csvNoteWords`). */
  said: TextNote[]
}

/**
 * Read a CSV file in the renderer: refuse an over-size file before reading it (its text would be a
 * message of tens of MB), then decode it as the roster does (shared/text/encoding.ts `decodeText`:
 * UTF-8, UTF-16, else Windows-1252, said in a note). The BOM is kept so the preview notes its removal.
 */
export async function readCsvFile(file: Blob): Promise<CsvText> {
  if (file.size > CSV_MAX_BYTES) throw tooLarge(file.size)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const { text, notes, said } = decodeText(bytes)
  if (text.length > CSV_MAX_CHARS) throw tooLarge(file.size)
  // Not text (or UTF-16 this could not recognise): said here, and never sent (each NUL would
  // travel as six characters).
  if (text.indexOf('\u0000') !== -1) {
    throw new AppError({
      kind: 'validation',
      code: 'CSV_ENCODING',
      message: importWords().t('csv.notText'),
      hint: importWords().t('csv.notTextHint')
    })
  }
  return { text, notes, said }
}

/** Said in the desk's language, sizes and counts written by the one formats module. */
/** About how many cards a file at the size limit holds (a line of NFC ID and alias). */
const CSV_CARDS_ABOUT = 170_000

function tooLarge(size: number): AppError {
  const f = deskFormats()
  return new AppError({
    kind: 'validation',
    code: 'CSV_TOO_LARGE',
    message: importWords().t('csv.tooLarge', {
      // In MB of 1,048,576 bytes, as main says its own limit (csv-validate).
      size: f.number(Math.round((size / 1048576) * 10) / 10),
      limit: f.number(CSV_MAX_BYTES / 1048576),
      cards: f.count(CSV_CARDS_ABOUT),
      cardCount: CSV_CARDS_ABOUT
    }),
    hint: importWords().t('csv.tooLargeHint')
  })
}
