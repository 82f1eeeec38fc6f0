import type { Catalogue, MessageValues, Words } from '../../../../shared/i18n/translator'
import type { Locale } from '../../../../shared/i18n/locales'
import type { Area, AreaKeys } from '../../../../shared/i18n/areas'
import { englishWordsOf, loadWords, wordsNow, type LocaleWords } from './area-words'
import type { LanguageSwitch } from './language-switch.svelte'

/**
 * A screen's words: its area's catalogue in the language `language` shows, reloaded when that changes.
 * Made in a component's script (it follows the language with an $effect). Words already loaded
 * (lib/i18n/area-words: the desk loads a screen's words with its code) are the first render's; until a
 * catalogue is in, `ready` is false and the screen shows nothing of its own, never keys. Following a
 * LanguageSwitch (the desk's, the kiosk's), the area is held by it while shown: a switch loads its words
 * before the language changes, and they are taken here in the same step as every other area's (no frame
 * with the title in one language and the body in another). Following a plain function, a switch keeps
 * the words shown until the new language's are in, so the screen never flashes keys.
 *
 * One area keeps English in the code: `common` (commonWords), whose few words the error notice says
 * when nothing more can be fetched (`english`).
 */
export class AreaMessages<A extends Area> implements Words<AreaKeys[A]> {
  private translator = $state.raw<LocaleWords<AreaKeys[A]> | null>(null)
  /** A catalogue that failed to load (the screen says so, with the shared words' English in the code). */
  failed = $state<string | null>(null)
  /** The locale these words follow (shown once loaded): what a caller that waits for them waits for. */
  readonly asked: () => Locale

  /** `english`: the area's English in the code, for the one area that must say it unfetched (above). */
  constructor(
    private readonly area: A,
    language: LanguageSwitch | (() => Locale),
    english?: Catalogue
  ) {
    const bundled = english ? (englishWordsOf(english) as LocaleWords<AreaKeys[A]>) : null
    const locale = typeof language === 'function' ? language : () => language.locale
    this.asked = locale
    // Words already loaded for the language shown (the desk loads its first screen's before mounting
    // it, main.ts, and each later screen's with its code) are the first render's.
    const first = locale()
    this.translator =
      (wordsNow(area, first) as LocaleWords<AreaKeys[A]> | undefined) ?? (first === 'en' ? bundled : null)
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
      // The English in the code is already shown: nothing to load.
      if (bundled && wanted === 'en') {
        this.translator = bundled
        this.failed = null
        return
      }
      // Already loaded (a switch loads every held area first): taken now, in the switch's own step.
      const now = wordsNow(area, wanted)
      if (now) {
        this.translator = now as LocaleWords<AreaKeys[A]>
        this.failed = null
        return
      }
      loadWords(area, wanted).then(
        (words) => {
          if (!current) return
          this.translator = words as LocaleWords<AreaKeys[A]>
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
