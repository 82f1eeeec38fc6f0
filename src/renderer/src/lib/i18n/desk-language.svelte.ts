import {
  formatLocaleOf,
  isLocale,
  supportedLanguage,
  type Language,
  type Locale
} from '../../../../shared/i18n/locales'
import { deskFormats, useDeskFormatLocale } from './desk-formats'
import { readPreference, writePreference } from '../preferences'
import { LanguageSwitch } from './language-switch.svelte'

/** Where the desk's choice is kept (the desk's preferences: this profile's storage, kept across restarts). */
export const LANGUAGE_PREFERENCE = 'access-desk.language'

const preferred = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages)

/** A stored choice read back: anything else than a language we speak (edited by hand, an old value) is no choice. */
function storedChoice(): Locale | null {
  const stored = readPreference(LANGUAGE_PREFERENCE)
  return isLocale(stored) ? stored : null
}

/** What `<html lang>` says: the language the page is read in (screen readers, hyphenation, axe). */
export function setDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/**
 * The desk's language: the one chosen in Settings, or this computer's when it is one we speak, else
 * English. Switched everywhere in one step (a LanguageSwitch: every screen's words on screen in the
 * new language are loaded first, then all change together), without a restart, and kept across
 * restarts. The kiosk shows a visitor's language for one visit only, and comes back to this one.
 */
class DeskLanguage extends LanguageSwitch {
  /** null: not chosen, this computer's. */
  chosen = $state<Locale | null>(storedChoice())

  constructor() {
    // <html lang> says the language shown, from the step the words change in.
    super(storedChoice() ?? supportedLanguage(preferred()), setDocumentLanguage)
  }

  /** The computer's language as the desk would use it when nothing is chosen. */
  get system(): Language {
    return supportedLanguage(preferred())
  }

  /** The locale dates and numbers are written in ("en-GB" when this computer's English is British). */
  get formatLocale(): string {
    return this.#formatLocale
  }
  // Worked out once per language shown: every date and count on screen asks for it. It changes with the words.
  #formatLocale = $derived(formatLocaleOf(this.locale, preferred()))

  /**
   * The desk's choice, kept at once; the words (and dates, and <html lang>) change when every screen's
   * words on screen are in that language (resolved then).
   */
  choose(locale: Locale | null): Promise<void> {
    this.chosen = locale
    writePreference(LANGUAGE_PREFERENCE, locale ?? '')
    return this.switchTo(locale ?? this.system)
  }

  /** The choice as stored now: another tab or window of this desk changed it. */
  follow(): Promise<void> {
    this.chosen = storedChoice()
    return this.switchTo(this.chosen ?? this.system)
  }
}

export const deskLanguage = new DeskLanguage()

// Plain modules ask lib/i18n/desk-formats.ts, which reads the locale from here (reactively).
useDeskFormatLocale(() => deskLanguage.formatLocale)
export { deskFormats }

// A language chosen in another tab or window of this desk (Settings there; the kiosk's tab follows it
// too): the browser tells every other document sharing the storage, and each follows it at once.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LANGUAGE_PREFERENCE || event.key === null) deskLanguage.follow()
  })
}

// The page says its language from the start (index.html's lang="en" until now).
setDocumentLanguage(deskLanguage.locale)
