import type { Catalogue, MessageValues, Words } from '../../../../shared/i18n/translator'
import { formatLocaleOf, type Locale } from '../../../../shared/i18n/locales'
import { formatParsed } from '../../../../shared/i18n/format-parsed'
import type { Area, AreaKeys } from '../../../../shared/i18n/areas'
import { loadWords, wordsNow } from './area-words'
import type { LanguageSwitch } from './language-switch.svelte'

/**
 * A screen's words: its area's catalogue in the language `language` shows, reloaded when that changes.
 * Made in a component's script (it follows the language with an $effect). Until the first catalogue
 * is in, `ready` is false and the screen shows nothing of its own. Following a LanguageSwitch (the
 * desk's, the kiosk's), the area is held by it while shown: a switch loads its words before the
 * language changes, and they are taken here in the same step as every other area's (no frame with
 * the title in one language and the body in another). Following a plain function, a switch keeps the
 * words shown until the new language's are in, so the screen never flashes keys.
 */
export class AreaMessages<A extends Area> implements Words<AreaKeys[A]> {
  private translator = $state.raw<LocaleWords<AreaKeys[A]> | null>(null)
  /** A catalogue that failed to load (the screen says so, in English, the one language always at hand). */
  failed = $state<string | null>(null)
  /** The locale these words follow (shown once loaded): what a caller that waits for them waits for. */
  readonly asked: () => Locale

  /**
   * `english`: the area's English catalogue, bundled with the screen (imported statically) for a screen
   * that must show its words at first render, as the desk's first screen does: English is there at
   * once, and another language replaces it as soon as its catalogue is in (English until then, never
   * keys or blanks). The bundled English is written by formatParsed, not by the Translator: the
   * Translator (intl-messageformat) is loaded with another language's catalogue, off the first paint.
   */
  constructor(
    private readonly area: A,
    language: LanguageSwitch | (() => Locale),
    english?: Catalogue
  ) {
    const bundled = english ? bundledWords<AreaKeys[A]>(english) : null
    const locale = typeof language === 'function' ? language : () => language.locale
    this.asked = locale
    // Words already loaded for the language shown (a desk started in German loads its first screen's
    // before mounting it, main.ts) are the first render's: the bundled English never shows, not even
    // for the moment until the effect below runs.
    const first = locale()
    this.translator =
      (first !== 'en' ? (wordsNow(area, first) as LocaleWords<AreaKeys[A]> | undefined) : undefined) ?? bundled
    if (typeof language !== 'function') {
      const held = {
        wordsIn: (wanted: Locale) => (bundled !== null && wanted === 'en') || wordsNow(area, wanted) !== undefined,
        load: (wanted: Locale) => loadWords(area, wanted)
      }
      $effect(() => language.hold(held))
    }
    $effect(() => {
      const wanted = locale()
      let current = true
      // The bundled English is already shown: nothing to load.
      if (bundled && wanted === 'en') {
        this.translator = bundled
        this.failed = null
        return
      }
      // Already loaded (a switch loads every held area first): taken now, in the switch's own step.
      const now = wordsNow(area, wanted)
      if (now) {
        this.translator = now
        this.failed = null
        return
      }
      loadWords(area, wanted).then(
        (words) => {
          if (!current) return
          this.translator = words
          this.failed = null
        },
        (err: unknown) => {
          if (current) this.failed = err instanceof Error ? err.message : String(err)
        }
      )
      return () => {
        current = false
      }
    })
  }

  get ready(): boolean {
    return this.translator !== null
  }

  /** The locale of the words shown now (the one asked for, once loaded). */
  get locale(): Locale | null {
    return this.translator?.locale ?? null
  }

  t(key: AreaKeys[A], values?: MessageValues): string {
    return this.translator ? this.translator.t(key, values) : ''
  }
}

/** Words in one locale: a Translator, or a screen's bundled English. */
interface LocaleWords<K extends string> extends Words<K> {
  readonly locale: Locale
}

/** A bundled English catalogue's words; a key it lacks shows as the key, as the Translator's do. */
function bundledWords<K extends string>(english: Catalogue): LocaleWords<K> {
  const locale = formatLocaleOf('en')
  return {
    locale: 'en',
    t: (key, values) => {
      const message = english[key]
      return message === undefined ? key : formatParsed(message, locale, values)
    }
  }
}
