import type { BatchRow } from '../../../../shared/batches/schemas'
import type { KeptError } from '../../../../shared/batches/row-reason'
import { importWords } from './import-messages.svelte'
import { deskFormats } from './desk-formats'
import { deskLanguage } from './desk-language.svelte'
import { errorWords } from './error-words.svelte'

/**
 * A batch row's reason in the desk's language, from the facts main keeps with the row
 * (shared/batches/row-reason.ts; a check's time written in the desk's format). A reason that is an
 * error of the console, or names one as its cause, is said by errorWords as that error is said
 * anywhere (what happened, then what to do). A row kept before those facts has only main's English:
 * shown as given, and on a desk in another language marked as recorded in English (`label`, and
 * `lang` for a screen reader's voice). Read where shown, so it follows a language switch.
 */
export function rowReasonWords(
  row: Pick<BatchRow, 'reason' | 'reasonSaid'>
): { text: string; label?: string; lang?: 'en' } | undefined {
  const m = importWords()
  const said = row.reasonSaid
  if (said?.key === 'error') {
    const error = keptErrorWords(said.error)
    return { text: error.hint ? `${error.message} ${error.hint}` : error.message, ...(error.lang && { lang: 'en' }) }
  }
  if (said) {
    const at = said.values?.['at']
    const values = typeof at === 'string' ? { ...said.values, at: deskFormats().dateTime(new Date(at)) } : said.values
    // The cause inside the sentence, in the same language; until the errors words are in, main's English cause.
    const cause = said.cause ? keptErrorWords(said.cause) : undefined
    const worded = cause && !cause.lang ? { ...values, cause: cause.message.replace(/\.$/, '') } : values
    return { text: m.t(`rowReason.${said.key}`, worded) }
  }
  if (!row.reason) return undefined
  if (deskLanguage.locale.startsWith('en')) return { text: row.reason }
  return { text: row.reason, label: m.t('rowReason.asRecorded'), lang: 'en' }
}

/** A kept error as the desk says any error (lib/i18n/error-words.svelte.ts). */
function keptErrorWords(error: KeptError) {
  return errorWords({ ...error, retryable: false })
}
