import type { CsvSaid } from '../../../../shared/batches/csv-said'
import type { CsvPreviewRow } from '../../../../shared/batches/schemas'
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
