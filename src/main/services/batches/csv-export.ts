import type { BatchRow } from '../../../shared/batches/schemas'

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

function quoteIfNeeded(alias: string): string {
  if (alias.indexOf(',') === -1 && alias.indexOf('"') === -1) return alias
  return '"' + alias.replaceAll('"', '""') + '"'
}

/** A file name for a batch export, safe on every OS. */
export function exportFilename(batchName: string, which: 'all' | 'failed'): string {
  const base = batchName.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'batch'
  return `${base}${which === 'failed' ? '-failed' : ''}.csv`
}
