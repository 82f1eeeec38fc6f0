import errorsEn from '../shared/i18n/messages/errors/en.json'
import errorsDe from '../shared/i18n/messages/errors/de.json'
import errorsFr from '../shared/i18n/messages/errors/fr.json'
import errorsEs from '../shared/i18n/messages/errors/es.json'
import type { AppErrorData } from '../shared/errors'
import { Translator } from '../shared/i18n/translator'
import { isLanguage, type Language } from '../shared/i18n/locales'
import { errorForCli } from './cli-error-words'

/**
 * Why Access Desk did not start (a data folder another process holds, DATA_DIR_IN_USE), as the person
 * who started it reads it: in their language (web mode: the shell's; the desktop: the system's,
 * app.getLocale()), worded from the errors catalogue as the screens and the CLI word it
 * (cli-error-words.ts). A code the catalogue does not word stays in main's English; so does the log line.
 */
export function startupErrorWords(error: AppErrorData, language: Language): { message: string; hint?: string } {
  const { said } = errorForCli(error, language)
  if (said) return { message: said.message, ...(said.hint !== undefined && { hint: said.hint }) }
  return { message: error.message, ...(error.hint !== undefined && { hint: error.hint }) }
}

const errors = { en: errorsEn, de: errorsDe, fr: errorsFr, es: errorsEs }

/** The title of the desktop's dialog when it could not start, in `language`. */
export function startupErrorTitle(language: Language): string {
  return new Translator(language, errors[language]).t('START_FAILED.title')
}

/** A system locale ("fr-FR", "de", "es-419") as one of the desk's languages; English otherwise. */
export function languageOfLocale(locale: string): Language {
  const language = locale.toLowerCase().split(/[-_.@]/)[0]
  return isLanguage(language) ? language : 'en'
}
