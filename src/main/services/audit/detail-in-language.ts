import auditEn from '../../../shared/i18n/messages/audit/en.json'
import auditDe from '../../../shared/i18n/messages/audit/de.json'
import auditFr from '../../../shared/i18n/messages/audit/fr.json'
import auditEs from '../../../shared/i18n/messages/audit/es.json'
import visitorsEn from '../../../shared/i18n/messages/visitors/en.json'
import visitorsDe from '../../../shared/i18n/messages/visitors/de.json'
import visitorsFr from '../../../shared/i18n/messages/visitors/fr.json'
import visitorsEs from '../../../shared/i18n/messages/visitors/es.json'
import { Translator, type Catalogue } from '../../../shared/i18n/translator'
import { visitorFieldNameIn } from '../../../shared/visitors/field-names'
import type { AreaKeys } from '../../../shared/i18n/areas'
import type { Language } from '../../../shared/i18n/locales'
import { detailWords, saidWords, type DetailWords } from '../../../shared/audit/detail-words'
import type { AuditFact, AuditSaid } from '../../../shared/audit/detail-facts'
import { badgeStocks } from '../../../shared/badges/label-stocks'
import { badgeOutputWords } from '../../../shared/badges/output-words'
import type { AuditRow } from '../../../shared/audit/schemas'

const audit: Record<Language, Catalogue> = { en: auditEn, de: auditDe, fr: auditFr, es: auditEs }
const visitors: Record<Language, Catalogue> = {
  en: visitorsEn,
  de: visitorsDe,
  fr: visitorsFr,
  es: visitorsEs
}

const made = new Map<Language, DetailWords>()

/**
 * An audit row's facts in one language, as the Audit screen words them (the same catalogue, the
 * visitor form's field names): main's English for the file column and the journal's search, the
 * desk's language for its search and its CSV export.
 */
export function detailWordsIn(language: Language = 'en'): DetailWords {
  let words = made.get(language)
  if (!words) {
    const fields = new Translator<AreaKeys['visitors']>(language, visitors[language])
    words = {
      audit: new Translator<AreaKeys['audit']>(language, audit[language]),
      field: (sent) => visitorFieldNameIn(sent, fields)
    }
    made.set(language, words)
  }
  return words
}

/** A badge print's detail in main's English, as Badges' history says it: "4 × 3 in badge insert · saved as PDF · reprint". */
function badgeEnglish(badge: NonNullable<AuditRow['badge']>): string {
  return `${badgeStocks[badge.stock].label} · ${badgeOutputWords(badge)}${badge.reprint ? ' · reprint' : ''}`
}

/**
 * A row's detail in English: what it was recorded with before its facts were (`recordedDetail`), then
 * its badge or its facts in words.
 */
export function englishDetail(row: {
  recordedDetail?: string | undefined
  badge?: AuditRow['badge']
  facts?: readonly AuditFact[] | undefined
}): string | undefined {
  const words = row.badge
    ? badgeEnglish(row.badge)
    : row.facts?.length
      ? detailWords(row.facts, detailWordsIn('en'))
      : undefined
  const text = [row.recordedDetail, words].filter(Boolean).join('; ')
  if (!text) return undefined
  return text.length > 500 ? `${text.slice(0, 499)}…` : text
}

/** An outcome's sentence in English (the row's `message`), from its facts. */
export function englishSaid(said: AuditSaid): string {
  return saidWords(said, detailWordsIn('en'))
}
