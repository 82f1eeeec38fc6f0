import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

/**
 * The Start screen's words in the desk's language (made in the screen's script). The first screen a new
 * desk shows: its words load before the desk mounts (main.ts), so it never paints blank.
 */
export function startMessages(): AreaMessages<'start'> {
  return new AreaMessages('start', deskLanguage)
}
