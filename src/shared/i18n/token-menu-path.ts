import type { Language } from './locales'

/**
 * Where a token and its permission keys are made on the console, as the console's own menus name it in
 * each language: the one wording of that path. Every message that names it says `{tokenPath}`, which
 * the Translator fills for its language (translator.ts), so a banner, a note and an error on one desk
 * never name it in two languages. Main's English sentences use `tokenMenuPath.en`.
 */
export const tokenMenuPath: Readonly<Record<Language, string>> = {
  en: 'Access → Settings → General → Advanced → API Token',
  de: 'Access → Einstellungen → Allgemein → Erweitert → API-Token',
  fr: 'Access → Paramètres → Général → Avancé → Jeton API',
  es: 'Access → Ajustes → General → Avanzado → Token de API'
}
