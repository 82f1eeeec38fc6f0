import type { BatchRow } from '../../../shared/batches/schemas'
import { exportWords } from '../../../shared/i18n/file-words'
import type { Language } from '../../../shared/i18n/locales'
import { fileNamed, safeFileName } from '../../../shared/text/file-name'

/**
 * The console's import format (facts 6.8, E16): no header, `NFCID,alias` per line, LF. An alias
 * is quoted only when CSV needs it (a comma or a quote inside).
 */
export function toConsoleCsv(rows: readonly Pick<BatchRow, 'nfcId' | 'alias'>[]): string {
  let text = ''
  // The alias is optional: a card without one is a bare ID.
  for (const row of rows)
    text += row.alias === '' ? row.nfcId + '\n' : row.nfcId + ',' + quoteIfNeeded(row.alias) + '\n'
  return text
}

/**
 * The first line of Import's "Export CSV", in the desk's language (none: English): the IDs below it
 * are as sent to the console (a batch's rows hold them so, turned already in a reversed batch). Read
 * back into a batch, a file with this line in any of the four languages is never turned into the
 * batch's byte order again (csv-header-row.ts), so an export re-imported in a batch of either order
 * gives the same cards. The console's own import (E16) takes no header: the app's uploads use
 * `toConsoleCsv`.
 */
function exportHeader(language?: Language): string {
  const words = exportWords(language)
  return `${quoteIfNeeded(words.t('batch.nfcIdAsSent'))},${quoteIfNeeded(words.t('batch.alias'))}`
}

/** The English header: what exports wrote before they followed the desk's language. */
export const EXPORT_HEADER = exportHeader('en')

/** Import's "Export CSV": the header naming the IDs as sent, then the console's format (nothing for no row). */
export function toExportCsv(rows: readonly Pick<BatchRow, 'nfcId' | 'alias'>[], language?: Language): string {
  return rows.length === 0 ? '' : exportHeader(language) + '\n' + toConsoleCsv(rows)
}

function quoteIfNeeded(alias: string): string {
  if (alias.indexOf(',') === -1 && alias.indexOf('"') === -1) return alias
  return '"' + alias.replaceAll('"', '""') + '"'
}

/** A batch export's file name in the desk's language ("Lobby-failed.csv", "Lobby-fehlgeschlagen.csv"). */
export function exportFilename(batchName: string, which: 'all' | 'failed', language?: Language): string {
  const words = exportWords(language)
  const base = safeFileName(batchName, words.t('file.batch'))
  return fileNamed(which === 'failed' ? words.t('file.failed', { base }) : base, 'csv')
}
