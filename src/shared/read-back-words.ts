import commonEn from './i18n/messages/common/en.json'
import { formatParsed } from './i18n/format-parsed'

/**
 * A write whose console answer was lost and which main then read back (the answer's `readBack: true`,
 * or an error whose `details.readBack` says what the read found) is said one way on every screen and
 * in main's own English: the action's outcome ("Pass given to Ada Okafor", "Ada holds no PIN: assign
 * again.") and then the one sentence of the common area's `readBack` — the answer was lost, this was
 * read back, nothing was sent twice. No screen's message says it in its own words.
 * The renderer's door: lib/read-back.ts (the sentence in the desk's language).
 */
export const readBackKey = 'readBack' satisfies keyof typeof commonEn

/**
 * The sentence in English: main's words for an error it read back (pins/pin-service.ts), and what the
 * renderer checks main's English against (errors-wording sayError). Written out, not read as is: the
 * renderer's build hands every catalogue parsed (electron.vite.config.ts precompiledMessages), main and
 * the tests as text, so the entry is an element tree in one and a string in the other.
 */
export const readBackEnglish: string = formatParsed(commonEn[readBackKey], 'en')

/**
 * The outcome, then the read-back sentence. An outcome said without a full stop (an announcement such
 * as "Name saved") gets one, so the sentence stands on its own.
 */
export function afterOutcome(outcome: string, sentence: string): string {
  const said = outcome.trimEnd()
  if (!said) return sentence
  return /[.!?…:;]$/.test(said) ? `${said} ${sentence}` : `${said}. ${sentence}`
}
