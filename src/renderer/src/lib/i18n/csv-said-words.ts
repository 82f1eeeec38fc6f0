import type { CsvNote, CsvSaid } from '../../../../shared/batches/csv-said'
import type { CsvPreview, CsvPreviewRow } from '../../../../shared/batches/schemas'
import { importWords } from './import-messages.svelte'

/** One thing main said of a CSV line (shared/batches/csv-said.ts), in the desk's language. */
export function csvSaidWords(said: CsvSaid): string {
  return importWords().t(`csvSaid.${said.key}`, said.values)
}

/**
 * What is said of a preview line, in the desk's language: main's facts (`said`) when it sent them,
 * else its English `messages` (an older main). Read where shown, so it follows a language switch.
 */
export function csvLineWords(line: Pick<CsvPreviewRow, 'messages' | 'said'>): string[] {
  return line.said ? line.said.map(csvSaidWords) : line.messages
}

/**
 * Why a preview line needs a look, every sentence in the desk's language: what main said of it, then
 * its all-digit note (shared/nfc/card-number.ts) from its facts (`readingSaid`, the note Import says of
 * a typed ID), else main's English note.
 */
export function csvWhyWords(line: Pick<CsvPreviewRow, 'messages' | 'said' | 'reading' | 'readingSaid'>): string[] {
  const said = line.readingSaid
  const reading = said
    ? importWords().t('typed.digitsReading', { digits: said.digits, uid: said.decimalUid })
    : line.reading
  return [...csvLineWords(line), ...(reading ? [reading] : [])]
}

/**
 * What is said once of a whole file (main's notes of its lines, the reading of its bytes), in the
 * desk's language: the facts (`noteSaid`) when main sent them, else its English `notes`.
 */
export function csvNoteWords(preview: Pick<CsvPreview, 'notes' | 'noteSaid'>): string[] {
  return preview.noteSaid
    ? preview.noteSaid.map((note: CsvNote) => importWords().t(`csvNote.${note.key}`, note.values))
    : preview.notes
}
