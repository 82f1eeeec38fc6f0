import type { KeptError, RowReason, RowReasonKey } from '../../../shared/batches/row-reason'
import type { AppError } from '../../../shared/errors'
import { keptError } from '../access/kept-error'
import { keptWords } from '../access/kept-words'
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
  values?: Record<string, string | number>,
  /** The error the reason names as its `cause` value, kept as facts (a desk words it as any error). */
  cause?: KeptError
): { reason: string; reasonSaid: RowReason } {
  const at = values?.['at']
  const inEnglish =
    typeof at === 'string'
      ? { ...values, at: dateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at)) }
      : values
  return {
    reason: english.t(`rowReason.${key}`, inEnglish),
    reasonSaid: { key, ...(values && { values }), ...(cause && { cause }) }
  }
}

/**
 * A row's reason that is an error of the console (a request refused for the token, a permission, the
 * console's version or its rate limit; never sent because the console could not be reached): what
 * happened and what to do, kept as the error's facts (access/kept-error.ts) so a desk says it as it
 * says that error anywhere, its wait or permission included. An error not worded from facts keeps
 * main's English alone, the console named as kept (access/kept-words.ts).
 */
export function errorReason(
  error: AppError,
  consoleName: string | null | undefined
): { reason: string; reasonSaid?: RowReason } {
  const kept = keptError(error, consoleName)
  if (!kept) return { reason: sentences(keptWords(error, consoleName), error.hint) }
  return { reason: sentences(kept.message, kept.hint), reasonSaid: { key: 'error', error: kept } }
}

/**
 * The cause an error is inside another reason ("the connection failed (…)"): its message without its
 * closing full stop, and its facts (access/kept-error.ts) when it has them.
 */
export function causeOf(
  error: AppError,
  consoleName: string | null | undefined
): { cause: string; kept: KeptError | undefined } {
  return { cause: keptWords(error, consoleName).replace(/\.$/, ''), kept: keptError(error, consoleName) }
}

const sentences = (message: string, hint: string | undefined): string => (hint ? `${message} ${hint}` : message)
