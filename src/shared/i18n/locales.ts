import { z } from 'zod'

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

export const languageSchema = z.enum(LANGUAGES)
export const localeSchema = z.union([languageSchema, z.literal(PSEUDO_LOCALE)])

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
    const base = languageSchema.safeParse(tag.toLowerCase().split('-')[0])
    if (base.success) return base.data
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
