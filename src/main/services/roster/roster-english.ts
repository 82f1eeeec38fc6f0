import { Translator } from '../../../shared/i18n/translator'
import rosterEn from '../../../shared/i18n/messages/roster/en.json'
import type { KeptError } from '../../../shared/batches/row-reason'
import {
  rosterSaidKeys,
  sayRoster,
  sentence,
  type RosterSaid,
  type RosterSaidKey
} from '../../../shared/roster/roster-said'
import type { MessageValues } from '../../../shared/i18n/translator'

const english = new Translator('en', rosterEn)

/** A kept error in main's English: its message, then what to do (a cause: its message alone). */
export function keptEnglish(error: KeptError, asCause?: true): string {
  return error.hint && !asCause ? `${error.message} ${error.hint}` : error.message
}

/**
 * The roster's facts in main's English (the CLI's words and the journal's `reason`), from the English
 * catalogue: the one text of each sentence, which every desk says in its own language from the same facts.
 */
export function rosterEnglish(said: RosterSaid): string {
  return sayRoster(said, english, keptEnglish)
}

/** A reason as main keeps it: its English and its facts. */
export interface Told {
  reason: string
  said: RosterSaid
}

export function told(said: RosterSaid): Told {
  return { reason: rosterEnglish(said), said }
}

/** One sentence told. */
export function tell(key: RosterSaidKey, values?: MessageValues): Told {
  return told([sentence(key, values)])
}

/** Today's English of each sentence that takes no values: a reason kept as this English is that sentence. */
let byEnglish: Map<string, RosterSaidKey> | undefined

/**
 * A reason a roster kept before it kept facts (main's English alone), as its facts when it is one of
 * today's sentences without values ("Touch Passes go to users only."), so a desk says it in its language;
 * any other (a sentence with values, an older wording, a console's error) stays as recorded.
 */
export function saidOfKept(reason: string): RosterSaid | undefined {
  byEnglish ??= new Map(
    rosterSaidKeys
      .filter((key) => !(rosterEn as Record<string, string>)[`said.${key}`]?.includes('{'))
      .map((key) => [rosterEnglish([sentence(key)]), key])
  )
  const key = byEnglish.get(reason)
  return key ? [sentence(key)] : undefined
}
