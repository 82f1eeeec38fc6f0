import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'cards'> | null = null

/**
 * The Cards screen's words in the desk's language: one instance for the screen, its parts and its
 * store's announcements (made on first use in an $effect.root, so a dialog and the screen share one
 * load). Its words load with the screen's code, in the desk's language only (lib/i18n/area-words).
 */
export function cardsWords(): AreaMessages<'cards'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('cards', deskLanguage)))
  return shared!
}
