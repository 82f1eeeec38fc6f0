import auditEn from '../../../shared/i18n/messages/audit/en.json'
import auditDe from '../../../shared/i18n/messages/audit/de.json'
import auditFr from '../../../shared/i18n/messages/audit/fr.json'
import auditEs from '../../../shared/i18n/messages/audit/es.json'
import badgesEn from '../../../shared/i18n/messages/badges/en.json'
import badgesDe from '../../../shared/i18n/messages/badges/de.json'
import badgesFr from '../../../shared/i18n/messages/badges/fr.json'
import badgesEs from '../../../shared/i18n/messages/badges/es.json'
import visitorsEn from '../../../shared/i18n/messages/visitors/en.json'
import visitorsDe from '../../../shared/i18n/messages/visitors/de.json'
import visitorsFr from '../../../shared/i18n/messages/visitors/fr.json'
import visitorsEs from '../../../shared/i18n/messages/visitors/es.json'
import commonEn from '../../../shared/i18n/messages/common/en.json'
import commonDe from '../../../shared/i18n/messages/common/de.json'
import commonFr from '../../../shared/i18n/messages/common/fr.json'
import commonEs from '../../../shared/i18n/messages/common/es.json'
import errorsEn from '../../../shared/i18n/messages/errors/en.json'
import errorsDe from '../../../shared/i18n/messages/errors/de.json'
import errorsFr from '../../../shared/i18n/messages/errors/fr.json'
import errorsEs from '../../../shared/i18n/messages/errors/es.json'
import { Translator, type Catalogue } from '../../../shared/i18n/translator'
import type { RowWords } from '../../../shared/audit/row-words'
import { consoleNameIn } from '../../../shared/console-name'
import { todayGroupOf } from '../../../shared/visitors/states'
import { visitorFieldNameIn } from '../../../shared/visitors/field-names'
import type { AreaKeys } from '../../../shared/i18n/areas'
import type { Language } from '../../../shared/i18n/locales'
import { detailWords, saidWords } from '../../../shared/audit/detail-words'
import type { AuditFact, AuditSaid } from '../../../shared/audit/detail-facts'

const audit: Record<Language, Catalogue> = { en: auditEn, de: auditDe, fr: auditFr, es: auditEs }
const badges: Record<Language, Catalogue> = { en: badgesEn, de: badgesDe, fr: badgesFr, es: badgesEs }
const visitors: Record<Language, Catalogue> = {
  en: visitorsEn,
  de: visitorsDe,
  fr: visitorsFr,
  es: visitorsEs
}

const common: Record<Language, Catalogue> = { en: commonEn, de: commonDe, fr: commonFr, es: commonEs }
const errors: Record<Language, Catalogue> = { en: errorsEn, de: errorsDe, fr: errorsFr, es: errorsEs }

const made = new Map<Language, RowWords>()
const englishErrors = new Translator('en', errorsEn)

/**
 * An audit row's words in one language, as the Audit screen words them (the same catalogues, Badges'
 * for a print, the visitor form's field names, the errors area for a failed write's message and a
 * call's title; shared/audit/row-words.ts): main's English for the file column and the journal's
 * search, the desk's language for its search and its CSV export.
 */
export function detailWordsIn(language: Language = 'en'): RowWords {
  let words = made.get(language)
  if (!words) {
    const fields = new Translator<AreaKeys['visitors']>(language, visitors[language])
    const states = new Translator<AreaKeys['common']>(language, common[language])
    words = {
      audit: new Translator<AreaKeys['audit']>(language, audit[language]),
      badges: new Translator<AreaKeys['badges']>(language, badges[language]),
      field: (sent) => visitorFieldNameIn(sent, fields),
      // A visitor's status by the word Visitors and Today say it (renderer lib/i18n/state-words.svelte.ts).
      state: (status) => states.t(`state.${todayGroupOf(status)}`),
      errors: { words: new Translator(language, errors[language]), english: englishErrors },
      english: language === 'en',
      consoleName: (name) => consoleNameIn(name, states)
    }
    made.set(language, words)
  }
  return words
}

/**
 * A row's detail in English: what it was recorded with before its facts were (`recordedDetail`), then
 * its facts in words (a badge print's stock and output among them).
 */
export function englishDetail(row: {
  recordedDetail?: string | undefined
  facts?: readonly AuditFact[] | undefined
}): string | undefined {
  const words = row.facts?.length ? detailWords(row.facts, detailWordsIn('en')) : undefined
  const text = [row.recordedDetail, words].filter(Boolean).join('; ')
  if (!text) return undefined
  return text.length > 500 ? `${text.slice(0, 499)}…` : text
}

/** An outcome's sentence in English (the row's `message`), from its facts. */
export function englishSaid(said: AuditSaid): string {
  return saidWords(said, detailWordsIn('en'))
}
