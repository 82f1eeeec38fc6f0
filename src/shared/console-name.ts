import type { Words } from './i18n/translator'

/**
 * The built-in demo console's name, which the person never gave. Main stores it as this English when it
 * makes the demo profile (services/connections/connections.ts), as every data folder made before holds it
 * and as Audit rows recorded it: main's English sentences and the CLI's `--console` use it as it is. The
 * desk never shows it as stored: wherever a console's name is shown (the sidebar, Start, Settings,
 * Consoles, an Audit row, its filter, search and export, an error naming the console) it is worded by the
 * catalogue (`common` area, `console.defaultName`) in the desk's language. A name the person typed is
 * shown as typed. The English catalogue says this name word for word.
 */
export const DEFAULT_CONSOLE_NAME = 'Demo console'

/** Whether a stored or recorded console name is the default one (never typed by the person). */
export function isDefaultConsoleName(name: string | null | undefined): boolean {
  return name === DEFAULT_CONSOLE_NAME
}

/** A console's name as shown in the language of `words`: the default name worded, any other as typed. */
export function consoleNameIn(name: string, words: Words<'console.defaultName'>): string {
  return isDefaultConsoleName(name) ? words.t('console.defaultName') : name
}

/**
 * An error's facts with each console name among them (a profile's `name`, a batch's `owner`, …) as shown
 * in the language of `words`: given to the error's wording as values, so a sentence that names the
 * built-in console names it in that language. Main's English keeps the stored name.
 */
export function consoleNameValues(
  details: Record<string, unknown> | undefined,
  words: Words<'console.defaultName'>
): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(details ?? {}))
    if (typeof value === 'string' && isDefaultConsoleName(value)) values[key] = consoleNameIn(value, words)
  return values
}
