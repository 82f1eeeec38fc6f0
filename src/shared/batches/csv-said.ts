import { z } from 'zod'

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
  'aliasOnConsole'
] as const
export type CsvSaidKey = (typeof csvSaidKeys)[number]

export const csvSaidSchema = z.object({
  key: z.enum(csvSaidKeys),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional()
})
export type CsvSaid = z.infer<typeof csvSaidSchema>
