import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'enroll'> | null = null

/**
 * The Enroll screen's words in the desk's language. One instance for the app (an $effect.root, as
 * visitorsWords): the screen, its parts and the plain module that words its outcomes
 * (components/enroll/enroll-outcome.ts, said in the live region) read the same catalogue, so they
 * switch language together. Its words load with the screen's code (lib/i18n/area-words).
 */
export function enrollWords(): AreaMessages<'enroll'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('enroll', deskLanguage)))
  return shared!
}
