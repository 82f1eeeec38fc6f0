import { listFormat } from '../../../../shared/format/formats'
import { deskLanguage } from '../../lib/i18n/desk-language.svelte'

/** What a console keeps, named one by one in the desk's language ("Ivan Petrov, Card 0001 and a walk-in"). */
export function listWords(names: readonly string[]): string {
  return listFormat(deskLanguage.formatLocale, { type: 'conjunction' }).format(names)
}
