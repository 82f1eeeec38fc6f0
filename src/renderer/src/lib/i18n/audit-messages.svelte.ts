import auditEn from '../../../../shared/i18n/messages/audit/en.json'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'audit'> | null = null

/**
 * The Audit screen's words (its filter, rows, export and retention; stores/audit-words.ts names a row's card, pass, visit and code with them), in the desk's language. One instance for the app (an $effect.root, as visitorsWords): the screen
 * and the plain modules that word its rows read the same catalogue, so they switch language together.
 * English is bundled with the screen: it reads whole at first render; another language replaces it when in.
 */
export function auditWords(): AreaMessages<'audit'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('audit', deskLanguage, auditEn)))
  return shared!
}
