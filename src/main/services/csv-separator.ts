import type { CsvNote } from '../../shared/batches/csv-said'
import { sayNote } from './batches/csv-messages'

/**
 * What main says of a CSV file's separator. The separator itself is found by the one rule in
 * shared/text/csv-separator.ts (Import's reading, the preview's corrected line and the roster).
 */

/**
 * What is said once of a separator the file does not declare (none for a comma, the console's own):
 * so a preview says how it read a `;` or tab file.
 */
export function separatorNote(separator: string): CsvNote | undefined {
  if (separator === ';') return sayNote('separator', { separator: 'semicolon' })
  if (separator === '\t') return sayNote('separator', { separator: 'tab' })
  return undefined
}
