import type { Translator } from '../../../../shared/i18n/translator'
import type { Locale } from '../../../../shared/i18n/locales'
import type { Area } from '../../../../shared/i18n/areas'
import { loadCatalogue } from './load-catalogue'

/**
 * Each area's words in each locale, kept once loaded: a language switch loads every area on screen
 * first (LanguageSwitch), then every screen takes its words from here in the same step, with no wait.
 * The Translator (intl-messageformat) comes with the first catalogue loaded, off the first paint.
 */
const words = new Map<string, Translator>()

/** An area's words in a locale when already loaded, else undefined. */
export function wordsNow(area: Area, locale: Locale): Translator | undefined {
  return words.get(`${area}/${locale}`)
}

/** An area's words in a locale, loaded once (a failed load is tried again next time). */
export async function loadWords(area: Area, locale: Locale): Promise<Translator> {
  const key = `${area}/${locale}`
  const [catalogue, { Translator }] = await Promise.all([
    loadCatalogue(area, locale),
    import('../../../../shared/i18n/translator')
  ])
  let loaded = words.get(key)
  if (!loaded) {
    loaded = new Translator(locale, catalogue)
    words.set(key, loaded)
  }
  return loaded
}
