import type { z } from 'zod'
import { saidSchema } from '../i18n/said-schema'

/**
 * What main says of a CSV line, as facts: a key of the `import` catalogue (`csvSaid.<key>`) and its
 * values. Main writes its English `messages` from the English catalogue by the same key (batches
 * csv-messages.ts), and the desk words these in its language (renderer lib/i18n/csv-said-words.ts):
 * one sentence, two languages, never two texts that drift.
 */
export const csvSaidKeys = [
  'spacesRemoved',
  'excelMarkerRemoved',
  'quotesRemoved',
  'prefixRemoved',
  'separatorsRemoved',
  'lowercaseMadeUpper',
  'separatorReadAsComma',
  'emptyColumnsRemoved',
  'noNfcId',
  'scientific',
  'nfcIdInvalid',
  'tooManyColumns',
  'aliasNotUtf8',
  'aliasControl',
  'aliasTooLong',
  'quoteNeverClosed',
  'quoteMisplaced',
  'sameNfcIdAsLine',
  'sameCardAsLine',
  'nfcIdInBatch',
  'cardInBatch',
  'onConsole',
  'aliasOnLine',
  'aliasInBatch',
  'aliasOnConsole',
  'inBatchAsWritten'
] as const
export type CsvSaidKey = (typeof csvSaidKeys)[number]
export const csvSaidSchema = saidSchema(csvSaidKeys)
export type CsvSaid = z.infer<typeof csvSaidSchema>

/**
 * What is said once of a whole file, as facts (`csvNote.<key>` of the `import` catalogue), as a
 * line's `said`: main's preview notes (a BOM, line endings, Excel's separator line, a header), the
 * reading of the file's bytes (its encoding, shared/text/encoding.ts), and a roster's reading (its
 * separator, Excel's text markers, a misplaced quote, blank lines, extra columns, a workbook's sheet).
 * Main writes its English `notes` from the English catalogue by the same key; the desk says these in
 * its language (lib/i18n/csv-said-words.ts `csvNoteWords`, Import's and the roster's).
 */
export const csvNoteSchema = saidSchema([
  'bomRemoved',
  'crlfRead',
  'sepLine',
  'headerSkipped',
  'asSent',
  'otherConsole',
  'cardsUnread',
  'unsure',
  'utf16',
  'windows1252',
  'separator',
  /** Import's columns after the alias that its header row names: not read (the first, by number and name). */
  'columnsNotRead',
  'excelMarkers',
  'quoteMisplaced',
  'blankLines',
  /** Said by a roster read before the first extra column's letter was kept (its English "Column D" as given). */
  'extraColumns',
  /** The first column beyond the named ones, by its letter (`letter`), said in the desk's words for "Column". */
  'extraColumnsFrom',
  /** A roster's CSV lines with fewer cells than its header names (`count`, the first five `lines`): read as empty. */
  'shortLines',
  'sheetRead'
])
export type CsvNote = z.infer<typeof csvNoteSchema>
export type CsvNoteKey = CsvNote['key']
export const csvNoteKeys = csvNoteSchema.shape.key.options
