/**
 * What an action said, kept so that it follows a language switch: the words are worked out each time they
 * are shown (a function that asks the catalogue: `() => m.t('kiosk.savedPin')`), never kept as the finished
 * sentence of the language the action ran in. An outcome line, a saved note and the one live region keep a
 * `Said`; a plain string is for words that are no language's (a name, a number) or already the desk's own.
 * Read in a template or a `$derived`, the function re-runs when the desk's language changes, as every other
 * word of the screen does.
 */
export type Said = string | (() => string)

/** The words of `said` in the desk's language now. */
export function sayNow(said: Said | null | undefined): string {
  if (said == null) return ''
  return typeof said === 'function' ? said() : said
}
