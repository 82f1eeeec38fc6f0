import { z } from 'zod'
import { saidSchema } from '../i18n/said-schema'
import { errorKinds } from '../errors'

/**
 * Why a batch row is failed, to check, or back to "not sent", as facts: a key of the `import`
 * catalogue (`rowReason.<key>`) and its values. Kept in the batch journal with the row's result, so
 * the desk says it in its language whenever the batch is opened; main's English `reason` beside it is
 * the CLI's words. A row written before these facts were kept has only its English `reason`: shown as
 * given, marked as recorded in English (renderer lib/i18n/row-reason-words.ts).
 *
 * A reason that is an error of the console's connection (the request refused whole for the token, a
 * permission, the console's version or its rate limit; never sent because the console could not be
 * reached) is kept as that error (`key: 'error'`), and a reason that names one as its cause
 * ("to check" after a cut connection) keeps it as `cause`: the desk words both as it words any error
 * (shared/errors-wording.ts), so "wait 60 s" is said in its language too.
 */
export const rowReasonKeys = [
  'interrupted',
  'notMentioned',
  'notImported',
  'alreadyOnConsole',
  'alreadyOnConsoleAlias',
  'aliasOnConsole',
  'noMatch',
  // Only how many cards show no NFC ID: a row written before the UA cards were named by number, or none has one.
  'likelyUaCard',
  'likelyUaCardNamed',
  'cardsUnread',
  'closedBeforeSent',
  'closedAfterSent',
  'connectionFailed',
  'errorAnswer',
  'errorAnswerSaid',
  // A part's answer lost, by how (main's access/lost-answer.ts lostKind); the three above are kept rows' words.
  'lostNoAnswer',
  'lostCut',
  'lostServerError',
  'lostServerErrorSaid',
  'refusedSaid',
  'checkedAbsent',
  'checkedUnsure'
] as const
export type RowReasonKey = (typeof rowReasonKeys)[number]

/**
 * An error as kept with a row (main's batches/row-reasons.ts `keptError`): its code and the facts its
 * words name, and main's English of them. No address: the console is named by its profile's name
 * (`details.console`), as the kept English names it (access/kept-words.ts).
 */
export const keptErrorSchema = z.object({
  kind: z.enum(errorKinds),
  code: z.string(),
  message: z.string(),
  hint: z.string().optional(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
})
export type KeptError = z.infer<typeof keptErrorSchema>

/** `values.at` (a check's time) is an ISO time: each desk writes it in its own format. */
export const rowReasonSchema = z.union([
  saidSchema(rowReasonKeys).extend({ cause: keptErrorSchema.optional() }),
  z.object({ key: z.literal('error'), error: keptErrorSchema })
])
export type RowReason = z.infer<typeof rowReasonSchema>
