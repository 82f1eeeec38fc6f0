import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'import'> | null = null

/**
 * The Import screen's words in the desk's language. One instance for the app (an $effect.root, as
 * visitorsWords): the screen and its panels (the CSV preview, the batches, their rows, the upload,
 * the USB reader) read the same catalogue, so they switch language together. Its words load with the
 * screen's code, in the desk's language only (lib/i18n/area-words).
 */
export function importWords(): AreaMessages<'import'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('import', deskLanguage)))
  return shared!
}
