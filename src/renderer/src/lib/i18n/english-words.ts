import type { Catalogue, MessageValues, Words } from '../../../../shared/i18n/translator'
import { formatLocaleOf } from '../../../../shared/i18n/locales'
import { formatParsed } from '../../../../shared/i18n/format-parsed'

/**
 * An area's English words without the reactive loader: the default of a plain module's word
 * functions (touch-passes/purchase-outcome.ts, cards/delete-card-words.ts) when no screen passes its
 * own, as main-side and unit tests call them. A screen passes its AreaMessages instead.
 */
export function englishWords<K extends string>(english: Catalogue): Words<K> {
  const locale = formatLocaleOf('en')
  return {
    t: (key: K, values?: MessageValues) => {
      const message = english[key]
      return message === undefined ? key : formatParsed(message, locale, values)
    }
  }
}
