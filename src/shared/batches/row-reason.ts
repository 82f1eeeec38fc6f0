import type { z } from 'zod'
import { saidSchema } from '../i18n/said-schema'

/**
 * Why a batch row is failed, to check, or back to "not sent", as facts: a key of the `import`
 * catalogue (`rowReason.<key>`) and its values. Kept in the batch journal with the row's result, so
 * the desk says it in its language whenever the batch is opened; main's English `reason` beside it is
 * the CLI's words. A row written before these facts were kept has only its English `reason`: shown as
 * given, marked as recorded in English (renderer lib/i18n/row-reason-words.ts).
 */
export const rowReasonKeys = [
  'interrupted',
  'notMentioned',
  'notImported',
  'alreadyOnConsole',
  'alreadyOnConsoleAlias',
  'aliasOnConsole',
  'noMatch',
  'likelyUaCard',
  'cardsUnread',
  'closedBeforeSent',
  'closedAfterSent',
  'connectionFailed',
  'errorAnswer',
  'errorAnswerSaid',
  'refusedSaid',
  'checkedAbsent',
  'checkedUnsure'
] as const
export type RowReasonKey = (typeof rowReasonKeys)[number]

/** `values.at` (a check's time) is an ISO time: each desk writes it in its own format. */
export const rowReasonSchema = saidSchema(rowReasonKeys)
export type RowReason = z.infer<typeof rowReasonSchema>
