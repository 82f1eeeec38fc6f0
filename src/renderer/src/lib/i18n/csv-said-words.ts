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
 * What is said once of a whole file (main's notes of its lines, the reading of its bytes), in the
 * desk's language: the facts (`noteSaid`) when main sent them, else its English `notes`.
 */
export function csvNoteWords(preview: Pick<CsvPreview, 'notes' | 'noteSaid'>): string[] {
  return preview.noteSaid
    ? preview.noteSaid.map((note: CsvNote) => importWords().t(`csvNote.${note.key}`, note.values))
    : preview.notes
}
