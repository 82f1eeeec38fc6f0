import type { CsvNote, CsvNoteKey, CsvSaid, CsvSaidKey } from '../../../shared/batches/csv-said'
import importEn from '../../../shared/i18n/messages/import/en.json'
import { Translator } from '../../../shared/i18n/translator'

/**
 * A row's own message list when it has none: shared and frozen (no allocation per row). A row's own
 * list is never this one, so identity tells "no repairs of its own".
 */
export const NO_MESSAGES = Object.freeze([]) as unknown as string[]

/** One thing said of a CSV line, as facts (shared/batches/csv-said.ts). Numbers go as text: "line 1000", not "1,000". */
export function say(key: CsvSaidKey, values?: Record<string, string>): CsvSaid {
  return values ? { key, values } : { key }
}

const english = new Translator('en', importEn)

/** What is said, in main's English (the CLI's and the logs' words): the catalogue's English for the key. */
export function englishOf(said: CsvSaid): string {
  return english.t(`csvSaid.${said.key}`, said.values)
}

/** One thing said of a whole CSV file, as facts (shared/batches/csv-said.ts `CsvNote`). */
export function sayNote(key: CsvNoteKey, values?: Record<string, string | number>): CsvNote {
  return values ? { key, values } : { key }
}

/** A file's note in main's English: the catalogue's English for the key. */
export function englishOfNote(note: CsvNote): string {
  return english.t(`csvNote.${note.key}`, note.values)
}
