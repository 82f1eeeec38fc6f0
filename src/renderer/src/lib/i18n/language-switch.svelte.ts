import type { Locale } from '../../../../shared/i18n/locales'

/** Words on screen that follow a LanguageSwitch: whether they are in for a locale, and how to load them. */
export interface SwitchedWords {
  wordsIn(locale: Locale): boolean
  load(locale: Locale): Promise<unknown>
}

/**
 * A language shown by several areas at once (the desk's, or the kiosk's visit language), switched in
 * one step: the new language's words of every area on screen are loaded first, then the language
 * changes for all of them together. A screen therefore never shows its title (the shell's) in the
 * new language with its body still in the old one. An area that cannot load is switched anyway (it
 * says its failure, as at first render). A screen opened later loads its own words before it shows
 * them (AreaMessages), as at first render.
 */
export class LanguageSwitch {
  #shown = $state<Locale>('en')
  /** The language asked last: a switch overtaken by a later one while loading is dropped. */
  #asked: Locale
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- read by a switch only, never by a screen
  #held = new Set<SwitchedWords>()

  constructor(
    initial: Locale,
    private readonly onShown?: (locale: Locale) => void
  ) {
    this.#shown = initial
    this.#asked = initial
  }

  /** The language every held area shows now. */
  get locale(): Locale {
    return this.#shown
  }

  /** Words on screen for as long as they are shown; the returned function lets go of them. */
  hold(words: SwitchedWords): () => void {
    this.#held.add(words)
    return () => void this.#held.delete(words)
  }

  /**
   * Switches once every held area's words are in: at once (in the same step) when they already are,
   * as when going back to a language shown before. Resolves when switched, or overtaken.
   */
  async switchTo(locale: Locale): Promise<void> {
    this.#asked = locale
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- this switch's own bookkeeping
    const tried = new Set<SwitchedWords>()
    // Again after each wait: a screen opened while the words loaded is held too, and waited for.
    for (;;) {
      const missing = [...this.#held].filter((words) => !tried.has(words) && !words.wordsIn(locale))
      if (missing.length === 0) break
      for (const words of missing) tried.add(words)
      await Promise.allSettled(missing.map((words) => words.load(locale)))
      if (this.#asked !== locale) return
    }
    this.#shown = locale
    this.onShown?.(locale)
  }
}
