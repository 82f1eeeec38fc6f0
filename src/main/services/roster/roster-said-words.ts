import rosterEn from '../../../shared/i18n/messages/roster/en.json'
import rosterDe from '../../../shared/i18n/messages/roster/de.json'
import rosterFr from '../../../shared/i18n/messages/roster/fr.json'
import rosterEs from '../../../shared/i18n/messages/roster/es.json'
import errorsEn from '../../../shared/i18n/messages/errors/en.json'
import errorsDe from '../../../shared/i18n/messages/errors/de.json'
import errorsFr from '../../../shared/i18n/messages/errors/fr.json'
import errorsEs from '../../../shared/i18n/messages/errors/es.json'
import { Translator } from '../../../shared/i18n/translator'
import type { Language } from '../../../shared/i18n/locales'
import { sayError } from '../../../shared/errors-wording'
import type { KeptError } from '../../../shared/batches/row-reason'
import { causeToWord, sayRoster } from '../../../shared/roster/roster-said'
import type { SayReason } from '../../../shared/roster/result-reason'

const roster = { en: rosterEn, de: rosterDe, fr: rosterFr, es: rosterEs }
const errors = { en: errorsEn, de: errorsDe, fr: errorsFr, es: errorsEs }
const made = new Map<Language, SayReason>()
const englishErrors = new Translator('en', errorsEn)

/**
 * How a file main writes for a desk (the results export) says the roster's kept reasons: in the desk's
 * language from their facts (shared/roster/roster-said.ts), a console error as the errors catalogue
 * words it; a reason kept before its facts were, as main's English.
 */
export function sayReasonIn(language: Language = 'en'): SayReason {
  let say = made.get(language)
  if (!say) {
    const words = new Translator(language, roster[language])
    const errorWords = new Translator(language, errors[language])
    const sayKept = (error: KeptError, asCause?: true): string => {
      const kept = asCause ? causeToWord(error, englishErrors) : error
      const said = sayError({ ...kept, retryable: false }, errorWords, undefined, englishErrors)
      // A cause is what happened inside its sentence: what to do is the sentence's.
      return said.hint && !asCause ? `${said.message} ${said.hint}` : said.message
    }
    say = (kept) => (kept.said ? sayRoster(kept.said, words, sayKept) : (kept.reason ?? ''))
    made.set(language, say)
  }
  return say
}
