import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'audit'> | null = null

/**
 * The Audit screen's words (its filter, rows, export and retention; stores/audit-words.ts names a row's card, pass, visit and code with them), in the desk's language. One instance for the app (an $effect.root, as visitorsWords): the screen
 * and the plain modules that word its rows read the same catalogue, so they switch language together.
 * Its words load with the screen's code, in the desk's language only (lib/i18n/area-words).
 */
export function auditWords(): AreaMessages<'audit'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('audit', deskLanguage)))
  return shared!
}
