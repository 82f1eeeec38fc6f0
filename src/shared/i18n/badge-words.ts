import en from './messages/badge/en.json'
import de from './messages/badge/de.json'
import fr from './messages/badge/fr.json'
import es from './messages/badge/es.json'
import { Translator } from './translator'
import type { AreaKeys } from './areas'
import type { Language } from './locales'

const catalogues: Record<Language, Record<AreaKeys['badge'], string>> = { en, de, fr, es }
const translators = new Map<Language, Translator<AreaKeys['badge']>>()

/**
 * The badge's words in a language, for main's badge PDF: main holds all four (a few words each),
 * since any print may be in any visitor's language. The renderer loads only the one it shows
 * (lib/i18n/load-catalogue.ts). No language: English.
 */
export function badgeWords(language: Language = 'en'): Translator<AreaKeys['badge']> {
  let t = translators.get(language)
  if (!t) {
    t = new Translator<AreaKeys['badge']>(language, catalogues[language])
    translators.set(language, t)
  }
  return t
}
