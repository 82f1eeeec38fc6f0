import type { CsvPreview } from '../../../shared/batches/schemas'
import type { CsvNote } from '../../../shared/batches/csv-said'
import type { ConsoleCards } from './console-cards'
import type { LoadedBatch } from './loaded-batch'
import { readCsv, settleCsv, type CsvReading } from './csv-validate'
import { englishOfNote, sayNote } from './csv-messages'
import { loadCsvParser } from '../csv-parser'

/** What main knows of the console for a CSV reading (batch-service.ts `cardsForPreview`). */
export interface CsvConsoleFacts {
  cards?: ConsoleCards
  note?: CsvNote
}

/**
 * A CSV text read against a batch (none: on its own) and the console's cards: every reading of a file —
 * its preview, the import's decision, the file as the add left the batch — goes through here, so a line
 * is said by the same rules each time. The file's IDs are entered IDs: compared with the batch's rows as
 * they were entered, so a line the batch holds as written reads as added in either byte order.
 * papaparse is loaded here on the first file read (csv-parser.ts), not at main's start.
 */
export async function readCsvAgainst(
  text: string,
  batch: LoadedBatch | undefined,
  known: CsvConsoleFacts
): Promise<CsvPreview> {
  return settleAgainst(await readCsvText(text), batch, known, true)
}

/** A CSV text read once, to be settled against a batch (`settleAgainst`) once or more. */
export async function readCsvText(text: string): Promise<CsvReading> {
  await loadCsvParser()
  return readCsv(text)
}

/**
 * A reading settled against a batch as it is now and the console's cards. An Add settles the same
 * reading twice — as decided, then against the batch the add left — without reading the file again;
 * `consume`: the reading's last settling (its rows are used, not copied).
 */
export function settleAgainst(
  reading: CsvReading,
  batch: LoadedBatch | undefined,
  known: CsvConsoleFacts,
  consume = false
): CsvPreview {
  const preview = settleCsv(
    reading,
    {
      existingCards: batch?.model.enteredCards,
      existingAliases: batch?.model.byAlias,
      byteOrder: batch?.model.meta.byteOrder,
      onConsole: known.cards
    },
    consume
  )
  if (known.note) addNote(preview, known.note)
  noteUnsure(preview, known.cards)
  if (known.cards) preview.consoleReadAt = known.cards.readAt
  return preview
}

/**
 * A preview whose lines were compared with the console's cards says, once for the file, what that
 * comparison could not see when some of them show no NFC ID (console-cards.ts `unsure`). A file with
 * no line left to add (all added, refused or duplicates) needs no such word.
 */
function noteUnsure(preview: CsvPreview, cards: ConsoleCards | undefined): void {
  if (!cards || preview.counts.ok + preview.counts.repaired === 0) return
  const without = cards.withoutNfcId
  if (without > 0) addNote(preview, sayNote('unsure', { shown: cards.cards.length - without, without }))
}

/** A note of the whole file, as facts and in main's English (csv-messages.ts). */
function addNote(preview: CsvPreview, note: CsvNote): void {
  preview.notes.push(englishOfNote(note))
  ;(preview.noteSaid ??= []).push(note)
}
