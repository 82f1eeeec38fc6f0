import todayEn from '../../../../shared/i18n/messages/today/en.json'
import type { AreaKeys } from '../../../../shared/i18n/areas'
import type { Words } from '../../../../shared/i18n/translator'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

/** The Today screen's words, as its plain modules ask them (stores/today-live-line.ts). */
export type TodayWords = Words<AreaKeys['today']>

/**
 * Today's words in the desk's language, made in a component's script. Today is the screen the desk
 * opens on: its English is bundled (a small file) so the screen reads whole at first render, with no
 * wait for a catalogue; another language loads as any area's does and replaces it when in.
 */
export function todayMessages(): AreaMessages<'today'> {
  return new AreaMessages('today', deskLanguage, todayEn)
}
