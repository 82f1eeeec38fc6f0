import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

/** The Badges screen's words in the desk's language (made in the screen's script; loaded with its code). */
export function badgesMessages(): AreaMessages<'badges'> {
  return new AreaMessages('badges', deskLanguage)
}

/**
 * The badge's own words (VISITOR, Host, Valid from) in the desk's language, for the badge the desk
 * previews and prints: the kiosk prints in its visitor's language, the desk in its own.
 */
export function deskBadgeWords(): AreaMessages<'badge'> {
  return new AreaMessages('badge', deskLanguage)
}
