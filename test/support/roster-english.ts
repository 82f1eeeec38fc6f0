import { useRosterWords } from '../../src/renderer/src/screens/roster/roster-text'
import { englishWords } from './english-words'

/**
 * The roster's plain modules (screens/roster/roster-words.ts, column-options.ts, card-words.ts) say
 * their words in English, as a test of them without the screen asks: the screen registers the desk's
 * words itself (lib/i18n/roster-messages.svelte.ts); no catalogue is in the screen's code.
 */
export function rosterInEnglish(): void {
  useRosterWords(
    () => englishWords('roster'),
    () => 'en'
  )
}
