import type { AreaKeys } from '../../../../shared/i18n/areas'
import type { Words } from '../../../../shared/i18n/translator'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

/** The Today screen's words, as its plain modules ask them (stores/today-live-line.ts). */
export type TodayWords = Words<AreaKeys['today']>

/**
 * Today's words in the desk's language, made in a component's script. Today is the screen the desk
 * opens on: its words in the desk's language load before the desk mounts (main.ts), so the screen
 * reads whole at first render.
 */
export function todayMessages(): AreaMessages<'today'> {
  return new AreaMessages('today', deskLanguage)
}
