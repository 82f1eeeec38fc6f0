import consolesEn from '../../../../shared/i18n/messages/consoles/en.json'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'consoles'> | null = null

/**
 * The Consoles screen's words (the table of saved consoles, the find across them; components/fleet/fleet-words.ts says versions, keys and the find's summary with them), in the desk's language. One instance for the app (an $effect.root, as visitorsWords): the screen
 * and the plain modules that word its rows read the same catalogue, so they switch language together.
 * English is bundled with the screen: it reads whole at first render; another language replaces it when in.
 */
export function consolesWords(): AreaMessages<'consoles'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('consoles', deskLanguage, consolesEn)))
  return shared!
}
