import type { BatchRow } from '../../../../shared/batches/schemas'
import { importWords } from './import-messages.svelte'
import { deskFormats } from './desk-formats'
import { deskLanguage } from './desk-language.svelte'

/**
 * A batch row's reason in the desk's language, from the facts main keeps with the row
 * (shared/batches/row-reason.ts; a check's time written in the desk's format). A row kept before
 * those facts has only main's English: shown as given, and on a desk in another language marked as
 * recorded in English (`label`, and `lang` for a screen reader's voice). Read where shown, so it
 * follows a language switch.
 */
export function rowReasonWords(
  row: Pick<BatchRow, 'reason' | 'reasonSaid'>
): { text: string; label?: string; lang?: 'en' } | undefined {
  const m = importWords()
  const said = row.reasonSaid
  if (said) {
    const at = said.values?.['at']
    const values = typeof at === 'string' ? { ...said.values, at: deskFormats().dateTime(new Date(at)) } : said.values
    return { text: m.t(`rowReason.${said.key}`, values) }
  }
  if (!row.reason) return undefined
  if (deskLanguage.locale.startsWith('en')) return { text: row.reason }
  return { text: row.reason, label: m.t('rowReason.asRecorded'), lang: 'en' }
}
