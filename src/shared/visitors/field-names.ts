import visitorsEn from '../i18n/messages/visitors/en.json'
import type { VisitorFields } from './edit'
import type { AreaKeys } from '../i18n/areas'
import type { Words } from '../i18n/translator'

/**
 * The one table of a visitor field's name: the visitors catalogue's `field.<name>` ("Phone", "Weekly
 * schedule"), the words the form's labels and its conflict rows use, in the desk's language
 * (components/visitors/edit-words.ts). The audit names the fields of a visitor edit from the same
 * table (`visitorFieldNameIn`), never by the console's API names (mobile_phone).
 */
export function visitorFieldKey<F extends keyof VisitorFields>(field: F): `field.${F}` {
  return `field.${field}`
}

const english = visitorsEn as Record<string, string>

/**
 * A field sent to the console, as the form names it in a language (`words`: the visitors catalogue in
 * it); a name that is no form field stays as sent.
 */
export function visitorFieldNameIn(sent: string, words: Words<AreaKeys['visitors']>): string {
  const key = `field.${sent}`
  return key in english ? words.t(key as AreaKeys['visitors']) : sent
}
