import cardsEn from '../../../../shared/i18n/messages/cards/en.json'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'cards'> | null = null

/**
 * The Cards screen's words in the desk's language: one instance for the screen, its parts and its
 * store's announcements (made on first use in an $effect.root, so a dialog and the screen share one
 * load). Its English is bundled with the screen: the first paint never shows keys or blanks.
 */
export function cardsWords(): AreaMessages<'cards'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('cards', deskLanguage, cardsEn)))
  return shared!
}
