import en from '../i18n/messages/kiosk/en.json'
import { Translator } from '../i18n/translator'
import type { KioskWords } from './kiosk-words'

let english: KioskWords | undefined

/**
 * The kiosk's words in English, for what main says (its errors, the check-in log): main does not
 * know the visitor's language. The kiosk page loads its own language instead (never this file).
 */
export function kioskEnglish(): KioskWords {
  english ??= new Translator('en', en)
  return english
}
