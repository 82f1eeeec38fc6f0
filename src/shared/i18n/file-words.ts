import exportsEn from './messages/exports/en.json'
import exportsDe from './messages/exports/de.json'
import exportsFr from './messages/exports/fr.json'
import exportsEs from './messages/exports/es.json'
import cliEn from './messages/cli/en.json'
import cliDe from './messages/cli/de.json'
import cliFr from './messages/cli/fr.json'
import cliEs from './messages/cli/es.json'
import inputEn from './messages/input/en.json'
import inputDe from './messages/input/de.json'
import inputFr from './messages/input/fr.json'
import inputEs from './messages/input/es.json'
import { Translator } from './translator'
import type { AreaKeys } from './areas'
import { LANGUAGES, type Language } from './locales'

/**
 * The words main and the CLI write outside the screens, in every language at hand (a few words each):
 * an export's headers are in the language of the desk that asked for it, the CLI's table in the
 * shell's, a typed date's message in the language it was typed in. The renderer loads its own areas
 * one language at a time (lib/i18n/load-catalogue.ts); these are main's, as badge-words.ts is the badge's.
 */
function wordsIn<K extends string>(catalogues: Record<Language, Record<K, string>>) {
  const made = new Map<Language, Translator<K>>()
  return (language: Language = 'en'): Translator<K> => {
    let t = made.get(language)
    if (!t) {
      t = new Translator<K>(language, catalogues[language])
      made.set(language, t)
    }
    return t
  }
}

/** The exported CSV files' headers and yes/no cells. No language: English. */
export const exportWords = wordsIn<AreaKeys['exports']>({
  en: exportsEn,
  de: exportsDe,
  fr: exportsFr,
  es: exportsEs
})

/** The CLI's table headers. */
export const cliWords = wordsIn<AreaKeys['cli']>({ en: cliEn, de: cliDe, fr: cliFr, es: cliEs })

/** A typed date's messages and its pattern's letters. */
export const inputWords = wordsIn<AreaKeys['input']>({ en: inputEn, de: inputDe, fr: inputFr, es: inputEs })

/** One export message in every language (a header read back whichever language wrote it). */
export function inEveryLanguage(key: AreaKeys['exports']): string[] {
  return LANGUAGES.map((language) => exportWords(language).t(key))
}
