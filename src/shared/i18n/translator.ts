import { IntlMessageFormat } from 'intl-messageformat'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { formatLocaleOf, languageOf, type Locale } from './locales'
import { tokenMenuPath } from './token-menu-path'

/** One area's messages in one locale: ICU MessageFormat text (or, for the pseudo-locale, its parsed form). */
export type Catalogue = Readonly<Record<string, string | MessageFormatElement[]>>

/** What a message's placeholders take: text, or a number (plurals, `#`). Dates come formatted (shared/format). */
export type MessageValues = Record<string, string | number>

/** What a screen's code asks its words of: a Translator, or a screen's reactive AreaMessages. */
export interface Words<K extends string> {
  t(key: K, values?: MessageValues): string
}

/**
 * The words of one area in one locale. Each message is compiled on first use and kept; plurals and
 * placeholders follow ICU MessageFormat (`{count, plural, one {# visit} other {# visits}}`), never
 * string joins. A key the catalogue lacks shows as the key itself, never as an empty space
 * (the parity test keeps that from shipping).
 */
export class Translator<K extends string = string> implements Words<K> {
  private readonly compiled = new Map<string, IntlMessageFormat>()

  constructor(
    readonly locale: Locale,
    private readonly catalogue: Catalogue
  ) {}

  t(key: K, values?: MessageValues): string {
    let message = this.compiled.get(key)
    if (!message) {
      const source = this.catalogue[key]
      if (source === undefined) return key
      message = new IntlMessageFormat(source, formatLocaleOf(this.locale))
      this.compiled.set(key, message)
    }
    // The console's menu path is one wording per language (token-menu-path.ts), never a message's own.
    return String(message.format({ tokenPath: tokenMenuPath[languageOf(this.locale)], ...values }))
  }
}
