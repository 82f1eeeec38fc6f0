import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'settings'> | null = null

/**
 * The Settings screen's words (connections, a console added, a token changed, a certificate trusted; screens/settings/check-summary.ts says a test's result with them), in the desk's language. One instance for the app (an $effect.root, as visitorsWords): the screen
 * and the plain modules that word its rows read the same catalogue, so they switch language together.
 * Its words load with the screen's code, in the desk's language only (lib/i18n/area-words).
 */
export function settingsWords(): AreaMessages<'settings'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('settings', deskLanguage)))
  return shared!
}
