import { formats } from '../../../../shared/format/formats'

/**
 * The desk's formats without the reactive module: plain modules (lib/numbers.ts, lib/local-time.ts)
 * and the unit tests that load them ask here. desk-language.svelte.ts registers its locale (read
 * reactively, so a screen that writes a date follows a language switch); until it does, English.
 */
let formatLocale: () => string = () => 'en'

export function useDeskFormatLocale(locale: () => string): void {
  formatLocale = locale
}

/** The desk's formats (shared/format), in its language: what every desk screen writes dates and numbers with. */
export function deskFormats() {
  return formats(formatLocale())
}

/** The locale the desk writes dates in (read reactively in markup or a $derived: follows a language switch). */
export function deskFormatLocale(): string {
  return formatLocale()
}
