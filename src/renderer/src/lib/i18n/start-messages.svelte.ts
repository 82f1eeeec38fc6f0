import startEn from '../../../../shared/i18n/messages/start/en.json'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

/**
 * The Start screen's words in the desk's language (made in the screen's script). English is bundled
 * with the screen: it is the first screen a new desk shows, and must never paint blank.
 */
export function startMessages(): AreaMessages<'start'> {
  return new AreaMessages('start', deskLanguage, startEn)
}
