import { afterOutcome, readBackEnglish, readBackKey } from '../../../shared/read-back-words'
import type { Words } from '../../../shared/i18n/translator'
import { commonWords } from './i18n/common-messages.svelte'

/**
 * A write whose console answer was lost, which main then read back and found done: main's answer
 * carries `readBack: true` (the contract's field on visitors.create, visitors.assignQr and the Touch
 * Pass writes). The one way every screen says it (shared/read-back-words.ts): the action's own
 * outcome, then the common area's one read-back sentence in the desk's language. A screen's message
 * never says "the answer was lost" itself; its announcement and its note both go through here.
 */
export interface ReadBackAnswer {
  readBack?: boolean | undefined
}

/**
 * `outcome` as it is, or followed by the read-back sentence when `answer` was read back. Reactive when
 * read in markup or a $derived (the common words follow a language switch). `words`: another
 * language's common area (tests; the desk's by default).
 */
export function withReadBack(
  outcome: string,
  answer: ReadBackAnswer | boolean | null | undefined,
  words: Words<typeof readBackKey> = commonWords()
): string {
  const readBack = typeof answer === 'boolean' ? answer : Boolean(answer?.readBack)
  return readBack ? afterOutcome(outcome, readBackSentence(words)) : outcome
}

/** The read-back sentence alone, for a plain module that joins it to its outcome (touch-passes/purchase-outcome.ts). */
export function readBackSentence(words: Words<typeof readBackKey> = commonWords()): string {
  // A catalogue still loading says nothing yet: the English sentence rather than none.
  return words.t(readBackKey) || readBackEnglish
}
