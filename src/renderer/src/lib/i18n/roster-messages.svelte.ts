import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'
import { useRosterWords } from '../../screens/roster/roster-text'
import { englishErrorCatalogue, errorWords } from './error-words.svelte'
import { causeToWord } from '../../../../shared/roster/roster-said'

let shared: AreaMessages<'roster'> | null = null

/**
 * The Roster screen's words in the desk's language. One instance for the app (an $effect.root, as
 * visitorsWords): the screen, its steps and the plain modules that word its rows (screens/roster/
 * roster-words.ts through roster-text.ts, registered here on import) read the same catalogue, so they
 * switch language together. Its words load with the screen's code (lib/i18n/area-words).
 */
export function rosterWords(): AreaMessages<'roster'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('roster', deskLanguage)))
  return shared!
}

// A console error kept with a row is said as any error is said on a screen (what happened, then what to do).
useRosterWords(
  rosterWords,
  () => deskLanguage.formatLocale,
  (error, asCause) => {
    const en = englishErrorCatalogue()
    const kept = asCause ? causeToWord(error, { t: (key, values) => en.t(key as never, values) }) : error
    const said = errorWords({ ...kept, retryable: false })
    // A cause is what happened inside its sentence: what to do is the sentence's.
    return said.hint && !asCause ? `${said.message} ${said.hint}` : said.message
  }
)
