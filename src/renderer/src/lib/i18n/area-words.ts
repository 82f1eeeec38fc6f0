import type { Catalogue, MessageValues, Words } from '../../../../shared/i18n/translator'
import { formatLocaleOf, type Locale } from '../../../../shared/i18n/locales'
import { formatParsed } from '../../../../shared/i18n/format-parsed'
import type { Area } from '../../../../shared/i18n/areas'
import { loadCatalogue } from './load-catalogue'

/** Words in one locale: a Translator, or English written by formatParsed. */
export interface LocaleWords<K extends string = string> extends Words<K> {
  readonly locale: Locale
}

/**
 * Each area's words in each locale, kept once loaded: a language switch loads every area on screen
 * first (LanguageSwitch), then every screen takes its words from here in the same step, with no wait.
 * Every language is loaded on demand, English too: a screen's code carries no catalogue, so a desk
 * in German loads German words only (bench/bundle-size.bench.ts). The desk loads its first screen's
 * words before it mounts (main.ts) and a screen's words with its code (screens/screen-modules).
 *
 * English is written by formatParsed, not the Translator: an English desk's first paint carries no
 * intl-messageformat (~4.5 kB gzip); test/unit/i18n/format-parsed.test.ts holds every English message
 * to what intl-messageformat writes. Another language brings the Translator with its catalogue.
 */
const words = new Map<string, LocaleWords>()

/** An area's words in a locale when already loaded, else undefined. */
export function wordsNow(area: Area, locale: Locale): LocaleWords | undefined {
  return words.get(`${area}/${locale}`)
}

/** An area's words in a locale, loaded once (a failed load is tried again next time). */
export async function loadWords(area: Area, locale: Locale): Promise<LocaleWords> {
  const key = `${area}/${locale}`
  const known = words.get(key)
  if (known) return known
  let made: LocaleWords
  if (locale === 'en') {
    made = englishWordsOf(await loadCatalogue(area, locale))
  } else {
    const [catalogue, { Translator }] = await Promise.all([
      loadCatalogue(area, locale),
      import('../../../../shared/i18n/translator')
    ])
    made = new Translator(locale, catalogue)
  }
  // Two loads of one area at once: the first kept, so every screen holds the same words.
  const loaded = words.get(key) ?? made
  words.set(key, loaded)
  return loaded
}

/** An English catalogue's words; a key it lacks shows as the key, as the Translator's do. */
export function englishWordsOf(english: Catalogue): LocaleWords {
  const locale = formatLocaleOf('en')
  return {
    locale: 'en',
    t: (key: string, values?: MessageValues) => {
      const message = english[key]
      return message === undefined ? key : formatParsed(message, locale, values)
    }
  }
}
