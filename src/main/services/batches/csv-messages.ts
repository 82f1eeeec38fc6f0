import type { CsvNote, CsvNoteKey, CsvSaid, CsvSaidKey } from '../../../shared/batches/csv-said'
import { consoleUnsureKey, type ConsoleUnsure } from '../../../shared/batches/console-unsure'
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

/**
 * The English of what was said, by its key and values: a 100,000-line preview says the same few
 * repairs (`lowercaseMadeUpper`, `spacesRemoved` of the NFC ID, …) thousands of times, and
 * formatting a message costs more than reading its line. Bounded: facts that name a line rarely
 * repeat, so the table is emptied when full rather than grown.
 */
const englishBySaid = new Map<string, string>()
const ENGLISH_KEPT = 1024

function saidKey(said: CsvSaid): string {
  let key: string = said.key
  const values = said.values
  if (values !== undefined) for (const name in values) key += '\u0000' + name + '\u0000' + values[name]
  return key
}

/** What is said, in main's English (the CLI's and the logs' words): the catalogue's English for the key. */
export function englishOf(said: CsvSaid): string {
  const key = saidKey(said)
  let words = englishBySaid.get(key)
  if (words === undefined) {
    words = english.t(`csvSaid.${said.key}`, said.values)
    if (englishBySaid.size >= ENGLISH_KEPT) englishBySaid.clear()
    englishBySaid.set(key, words)
  }
  return words
}

/** One thing said of a whole CSV file, as facts (shared/batches/csv-said.ts `CsvNote`). */
export function sayNote(key: CsvNoteKey, values?: Record<string, string | number>): CsvNote {
  return values ? { key, values } : { key }
}

/** A file's note in main's English: the catalogue's English for the key. */
export function englishOfNote(note: CsvNote): string {
  return english.t(`csvNote.${note.key}`, note.values)
}

/** What the console check could not see (shared/batches/console-unsure.ts), in main's English: the CLI's words. */
export function unsureEnglish(of: 'typed' | 'checked', unsure: ConsoleUnsure): string {
  return english.t(consoleUnsureKey(of, unsure), { without: unsure.without })
}
