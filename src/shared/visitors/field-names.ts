import visitorsEn from '../i18n/messages/visitors/en.json'
import type { VisitorFields } from './edit'

/**
 * The one table of a visitor field's name: the visitors catalogue's `field.<name>` ("Phone", "Weekly
 * schedule"), the words the form's labels and its conflict rows use, in the desk's language
 * (components/visitors/edit-words.ts). Main's audit names the fields of a visitor edit from the same
 * table, in English (the audit file's language), never by the console's API names (mobile_phone).
 */
export function visitorFieldKey<F extends keyof VisitorFields>(field: F): `field.${F}` {
  return `field.${field}`
}

const english = visitorsEn as Record<string, string>

/** A field sent to the console, as the form names it in English; a name that is no form field stays as sent. */
export function visitorFieldName(sent: string): string {
  return english[`field.${sent}`] ?? sent
}
