import type { AreaKeys } from '../../../../shared/i18n/areas'
import type { MessageValues, Words } from '../../../../shared/i18n/translator'
import { listFormat } from '../../../../shared/format/formats'
import type { KeptError } from '../../../../shared/batches/row-reason'
import { sayRoster, type RosterSaid } from '../../../../shared/roster/roster-said'

export type RosterKey = AreaKeys['roster']

/**
 * The roster's words for its plain modules (roster-words.ts, column-options.ts), which the unit tests
 * load without Svelte: lib/i18n/roster-messages.svelte.ts registers the desk's reactive words on its
 * import, which every roster screen part makes (a unit test registers the words it asks in), as
 * desk-formats does for dates. Until then a key shows as itself — no catalogue is in the screen's code
 * (lib/i18n/area-words). Read in markup or a $derived, a word then follows a language switch.
 */
const unregistered: Words<RosterKey> = { t: (key) => key }
let source: () => Words<RosterKey> = () => unregistered
let locale: () => string = () => 'en'
/**
 * A kept console error in words (a cause: its message alone): main's English until the desk's errorWords
 * are registered.
 */
let errorText: (error: KeptError, asCause?: true) => string = (error, asCause) =>
  error.hint && !asCause ? `${error.message} ${error.hint}` : error.message

export function useRosterWords(
  words: () => Words<RosterKey>,
  formatLocale: () => string,
  sayError?: (error: KeptError, asCause?: true) => string
): void {
  source = words
  locale = formatLocale
  if (sayError) errorText = sayError
}

/** The roster's kept facts (shared/roster/roster-said.ts) in the desk's language. */
export function saidText(said: RosterSaid): string {
  return sayRoster(said, source(), errorText)
}

/** A roster message in the desk's language. */
export function rt(key: RosterKey, values?: MessageValues): string {
  return source().t(key, values)
}

/** Parts said as one list, as the desk's language joins them ("card and PIN", "Karte und PIN"). */
export function rosterList(parts: readonly string[]): string {
  return listFormat(locale(), { type: 'conjunction' }).format(parts)
}
