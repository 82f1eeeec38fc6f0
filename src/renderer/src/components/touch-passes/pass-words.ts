import type { Words } from '../../../../shared/i18n/translator'
import type { AreaKeys } from '../../../../shared/i18n/areas'

/**
 * The Touch Passes screen's words, as its plain modules take them: a screen passes touchPassesWords()
 * (the desk's language). Always given — no catalogue is in the screen's code (lib/i18n/area-words).
 */
export type PassWords = Words<AreaKeys['touchPasses']>
