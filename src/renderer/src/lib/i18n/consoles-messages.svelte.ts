import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'consoles'> | null = null

/**
 * The Consoles screen's words (the table of saved consoles, the find across them; components/fleet/fleet-words.ts says versions, keys and the find's summary with them), in the desk's language. One instance for the app (an $effect.root, as visitorsWords): the screen
 * and the plain modules that word its rows read the same catalogue, so they switch language together.
 * Its words load with the screen's code, in the desk's language only (lib/i18n/area-words).
 */
export function consolesWords(): AreaMessages<'consoles'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('consoles', deskLanguage)))
  return shared!
}
