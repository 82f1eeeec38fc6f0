import type { Language } from '../i18n/locales'

/**
 * The kiosk's directions ("Take the lift to floor 3…") as Settings keeps them: a text per language, any
 * of them empty (`directionsByLanguage`), and `directions`, the one text kept before they were per
 * language (and what the CLI may still set): the desk language's text, since that is the language the
 * desk typed it in. Plain data, no zod: the kiosk's page and Settings both read it.
 */
export interface KioskDirections {
  directions: string
  directionsByLanguage?: Partial<Record<Language, string>> | undefined
}

/** The text for `language`: its own; for the desk's language, the old one text when it has none. */
export function directionsTextIn(settings: KioskDirections, language: Language, desk: Language): string {
  const own = settings.directionsByLanguage?.[language]?.trim() ?? ''
  if (own) return own
  return language === desk ? settings.directions.trim() : ''
}

/**
 * What the kiosk shows a visitor reading `visitor`: their language's text; else the desk language's,
 * with `lang` naming its language so a screen reader reads it in that language's voice (a Spanish page
 * with German directions); else nothing. Never a third language's text: the desk chose which to fill.
 */
export function shownDirections(
  settings: KioskDirections,
  visitor: Language,
  desk: Language
): { text: string; lang: Language | undefined } | null {
  const own = directionsTextIn(settings, visitor, desk)
  if (own) return { text: own, lang: undefined }
  const desks = directionsTextIn(settings, desk, desk)
  return desks ? { text: desks, lang: desk } : null
}
