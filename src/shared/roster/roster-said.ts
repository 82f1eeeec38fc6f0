import { z } from 'zod'
import { keptErrorSchema, type KeptError } from '../batches/row-reason'
import type { MessageValues, Words } from '../i18n/translator'
import { sayError as sayErrorIn, type ErrorWords } from '../errors-wording'
import type rosterEn from '../i18n/messages/roster/en.json'
import { noWordList, yesWordList } from './yes-no-words'

/**
 * What the roster says of a row — who it is or why it could not be told, a conflict and what its
 * skipping did, a step's reason, a row's fix — as facts: sentences, each a key of the roster
 * catalogue (`said.<key>`) and its values. Main keeps them beside its English (the CLI's words, made
 * from the same English catalogue, main/services/roster/roster-english.ts), and each desk, the results
 * export included, says them in its own language (`sayRoster`). A console error is kept as the error
 * itself (`key: 'error'`, worded as any error is), and a sentence naming one as its cause keeps it as
 * `cause` (the `{cause}` of "The console's answer was lost (…)"), as an import batch's row reasons do.
 */
export const rosterSaidKeys = [
  'noKeys',
  'noneEmail',
  'noneNumber',
  'noneName',
  'sameKey',
  'manyKey',
  'nearOne',
  'nearMany',
  'keysDisagree',
  'inactiveUser',
  'inactiveVisitor',
  'duplicatePerson',
  'badCardCell',
  'lineNotRead',
  'duplicateCard',
  'noBatch',
  'batchEmpty',
  'cardOwned',
  'cardOwnedChosen',
  'cardOwnedSkipped',
  'sameCardHeld',
  'hasCard',
  'hasCardChosen',
  'hasCardSkipped',
  'unclearAsked',
  'unclearYes',
  'unclearNo',
  'unclearSkipped',
  'hasPin',
  'hasPinChosen',
  'hasPinSkipped',
  'pinGivenSincePlan',
  'passForVisitor',
  'hasPass',
  'noPassLeft',
  'digits',
  'digitsChosen',
  'digitsSkipped',
  'notOnConsoleYet',
  'passUsersOnly',
  'noPassOnConsole',
  'answerLost',
  'stoppedBeforeAnswer',
  'skippedOnLine',
  'pinProbablySet',
  'runAgain',
  'assignImported',
  'nothingAsked'
] as const
export type RosterSaidKey = (typeof rosterSaidKeys)[number]

export const rosterSentenceSchema = z.union([
  z.object({
    key: z.enum(rosterSaidKeys),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    cause: keptErrorSchema.optional()
  }),
  z.object({ key: z.literal('error'), error: keptErrorSchema })
])
export type RosterSentence = z.infer<typeof rosterSentenceSchema>

/** A reason as facts: its sentences in order. */
export const rosterSaidSchema = z.array(rosterSentenceSchema).min(1)
export type RosterSaid = z.infer<typeof rosterSaidSchema>

type RosterKey = keyof typeof rosterEn

/** One sentence of the roster's facts, with its values. */
export function sentence(key: RosterSaidKey, values?: MessageValues, cause?: KeptError): RosterSentence {
  return { key, ...(values ? { values } : {}), ...(cause ? { cause } : {}) }
}

/**
 * A cause as main keeps it inside a lost answer's sentence: without its hint, since what to do is that
 * sentence's (main/services/roster/step-outcome.ts). A desk says a kept error in its language only when
 * it is the English catalogue's words, hint and all (errors-wording `sayError`): the hint the English
 * words give its facts is put back to word it in the desk's language, of which only the message is said.
 * Without it a German desk read "Die Antwort der Konsole ging verloren (The console reported an internal
 * error)".
 */
export function causeToWord(cause: KeptError, english: ErrorWords): KeptError {
  if (cause.hint !== undefined) return cause
  const hint = sayErrorIn({ ...cause, retryable: false }, english).hint
  return hint === undefined ? cause : { ...cause, hint }
}

/**
 * The facts in the words of `words` (the roster catalogue of one language): the sentences joined by a
 * space. A console error is said by `sayError` (the desk's errorWords, or main's English), and so is a
 * cause (`asCause`: its message alone, see `causeToWord`), its end stop dropped inside the sentence. A card's holder (`ownerKind`) is named by the
 * catalogue's `said.owner` first, so the sentences that name them say them alike; the words a yes/no
 * cell may hold (`understood`) by its `understoodYesNo`.
 */
export function sayRoster(
  said: RosterSaid,
  words: Words<RosterKey>,
  sayError: (error: KeptError, asCause?: true) => string
): string {
  return said
    .map((s) => {
      if (s.key === 'error') return sayError(s.error)
      const values: MessageValues = { ...s.values }
      if (s.cause) values['cause'] = sayError(s.cause, true).replace(/\.$/, '')
      if (values['ownerKind'] !== undefined) values['owner'] = words.t('said.owner', values)
      // The words a yes/no cell may hold are every language's; what labels them is the desk's (a plan
      // kept the English list as its value, which a Spanish desk would show inside its sentence).
      if (s.key === 'unclearAsked')
        values['understood'] = words.t('understoodYesNo', { yesWords: yesWordList, noWords: noWordList })
      return words.t(`said.${s.key}`, values)
    })
    .join(' ')
}
