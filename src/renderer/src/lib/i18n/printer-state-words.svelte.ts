import type { PrinterStatus } from '../../../../shared/badges/printer-state'
import { printerStatusWording } from '../../../../shared/badges/printer-state-wording'
import { sayWording } from '../../../../shared/errors-wording'
import type { Words } from '../../../../shared/i18n/translator'
import { deskErrorCatalogue, englishErrorCatalogue, type ErrorCatalogue } from './error-words.svelte'
import { deskLanguage } from './desk-language.svelte'

/**
 * A printer's state in words for Badges' printer list, in the desk's language (`words`: another): its
 * state ("Out of labels") and what to do, from the status's facts (shared/badges/printer-state-wording.ts).
 * Main's English is kept when the English catalogue would not say what main said (a status from an older
 * main), and until the catalogues are in; `lang` then marks it English for screen readers. Reactive, as
 * errorWords.
 */
export function printerStateWords(
  status: PrinterStatus,
  words: ErrorCatalogue = deskErrorCatalogue()
): { state: string; hint: string | undefined; lang: string | undefined } {
  const mains = {
    state: status.words,
    hint: status.hint,
    lang: (words.locale ?? deskLanguage.locale).startsWith('en') ? undefined : 'en'
  }
  const en = englishErrorCatalogue()
  if (!words.ready || !en.ready) return mains
  const wording = printerStatusWording(status)
  const english = sayWording(wording, en as Words<string>)
  if (!english || english.message !== status.words || english.hint !== status.hint) return mains
  const said = sayWording(wording, words as Words<string>)
  return said ? { state: said.message, hint: said.hint, lang: undefined } : mains
}
