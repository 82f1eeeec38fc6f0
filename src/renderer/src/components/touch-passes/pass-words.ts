import type { Words } from '../../../../shared/i18n/translator'
import type { AreaKeys } from '../../../../shared/i18n/areas'
import touchPassesEn from '../../../../shared/i18n/messages/touchPasses/en.json'
import { englishWords } from '../../lib/i18n/english-words'

/** The Touch Passes screen's words, as its plain modules take them (a screen passes touchPassesWords()). */
export type PassWords = Words<AreaKeys['touchPasses']>

/** English, for a caller that passes no words (main-side checks, unit tests of these modules). */
export const englishPassWords: PassWords = englishWords(touchPassesEn)
