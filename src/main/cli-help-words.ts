import type { HelpWords } from '../cli/help'
import type { Language } from '../shared/i18n/locales'
import { Translator } from '../shared/i18n/translator'

/**
 * The words of `--help` and `<channel> --help` in the CLI's language: its catalogue (messages/cli),
 * that language's only. Loaded only to print a help, so `--version` and `channels` load no message
 * formatter and no catalogue.
 */
const catalogues = {
  en: () => import('../shared/i18n/messages/cli/en.json'),
  de: () => import('../shared/i18n/messages/cli/de.json'),
  fr: () => import('../shared/i18n/messages/cli/fr.json'),
  es: () => import('../shared/i18n/messages/cli/es.json')
} satisfies Record<Language, () => Promise<{ default: Record<string, string> }>>

export async function helpWords(language: Language): Promise<HelpWords> {
  const { default: catalogue } = await catalogues[language]()
  return new Translator(language, catalogue)
}
