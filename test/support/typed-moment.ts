import type { Locator } from 'playwright-core'
import { parseTypedDateTime } from '../../src/shared/format/parse-date-time'

/**
 * The moment a date-and-time field of the desk shows (TypedDateField: typed in the desk's language's
 * order, "11/29/2026 08:00 AM"), read by the app's own reader in the tab's language, as milliseconds.
 */
export async function shownMoment(field: Locator): Promise<number> {
  const text = await field.inputValue()
  const locale = await field.page().evaluate(() => navigator.language)
  const read = parseTypedDateTime(text, locale)
  if (!read.ok) throw new Error(`the field shows “${text}”, which is no date and time in ${locale}: ${read.message}`)
  return new Date(read.value).getTime()
}
