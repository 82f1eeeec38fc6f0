import type { RowReason, RowReasonKey } from '../../../shared/batches/row-reason'
import importEn from '../../../shared/i18n/messages/import/en.json'
import { Translator } from '../../../shared/i18n/translator'
import { dateTimeFormat } from '../../../shared/format/formats'

const english = new Translator('en', importEn)

/**
 * A row's reason as kept in its batch: the facts (`reasonSaid`, the desk's words) and main's English
 * (`reason`, the CLI's) from the English catalogue by the same key (shared/batches/row-reason.ts).
 * A check's time (`at`, ISO) is written in English as main always wrote it.
 */
export function rowReason(
  key: RowReasonKey,
  values?: Record<string, string | number>
): { reason: string; reasonSaid: RowReason } {
  const at = values?.['at']
  const inEnglish =
    typeof at === 'string'
      ? { ...values, at: dateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at)) }
      : values
  return { reason: english.t(`rowReason.${key}`, inEnglish), reasonSaid: values ? { key, values } : { key } }
}
