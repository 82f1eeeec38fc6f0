import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'visitors'> | null = null

/**
 * The Visitors screen's words in the desk's language. One instance for the app (an $effect.root, as
 * commonWords): the screen, its credentials panel and the conflict rows the visitor form shows on
 * Visitors (components/visitors/edit-words.ts, a plain module with no component to make it in) read
 * the same catalogue, so they switch language together. Its words load with the screen's code.
 */
export function visitorsWords(): AreaMessages<'visitors'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('visitors', deskLanguage)))
  return shared!
}
