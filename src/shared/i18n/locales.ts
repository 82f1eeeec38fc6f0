/**
 * The languages Access Desk speaks. Each has a catalogue per area in messages/<area>/<language>.json,
 * English the reference (test/unit/i18n/catalogue-parity.test.ts holds the others to its keys and
 * placeholders).
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

/**
 * The pseudo-locale: English made ~40 % longer and accented (pseudo.ts), generated, never picked by
 * a person. Tests render screens in it to find text that clips or was never put in the catalogue.
 */
export const PSEUDO_LOCALE = 'en-XA'
export type Locale = Language | typeof PSEUDO_LOCALE

/**
 * Whether a value (a stored preference, a tag) is a language we speak / a locale we show. Plain checks,
 * not zod: this module is on every screen's first paint, which loads no zod (renderer-first-paint
 * test); the contract's schema is language-schema.ts.
 */
export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value)
export const isLocale = (value: unknown): value is Locale => value === PSEUDO_LOCALE || isLanguage(value)

/** Each language in its own name (a flag is a country, not a language). */
export const languageNames: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español'
}

/** The language a locale is of (the pseudo-locale is English's): what main is told, for a badge. */
export function languageOf(locale: Locale): Language {
  return locale === PSEUDO_LOCALE ? 'en' : locale
}

/** The first of `preferred` (navigator.languages, the OS's) that Access Desk speaks, else English. */
export function supportedLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}

/**
 * The locale dates and numbers are written in for a language: the system's own tag when it is that
 * language ("en-GB" writes 12/01, "en-US" 01/12), else the language itself; the pseudo-locale
 * writes English's.
 */
export function formatLocaleOf(locale: Locale, preferred: readonly string[] = []): string {
  const language = locale === PSEUDO_LOCALE ? 'en' : locale
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? language
}
