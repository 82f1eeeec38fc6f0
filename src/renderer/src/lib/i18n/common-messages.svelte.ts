import commonEn from '../../../../shared/i18n/messages/common/en.json'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'common'> | null = null

/**
 * The words every screen's shared parts say (ErrorNotice's Try again, a form's Cancel, a send
 * button's off reason, a dialog's Close), in the desk's language. One instance for the whole app,
 * made on first use outside any component (an $effect.root: it lives as long as the page), so a
 * hundred buttons do not each load the catalogue. Its English is bundled (a few words): these parts
 * are on every first paint, the kiosk's included, and must never show blank.
 */
export function commonWords(): AreaMessages<'common'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('common', deskLanguage, commonEn)))
  return shared!
}
