import touchPassesEn from '../../../../shared/i18n/messages/touchPasses/en.json'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'touchPasses'> | null = null

/**
 * The TouchPasses screen's words in the desk's language: one instance for the screen, its parts and its
 * store's announcements (made on first use in an $effect.root, so a dialog and the screen share one
 * load). Its English is bundled with the screen: the first paint never shows keys or blanks.
 */
export function touchPassesWords(): AreaMessages<'touchPasses'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('touchPasses', deskLanguage, touchPassesEn)))
  return shared!
}
