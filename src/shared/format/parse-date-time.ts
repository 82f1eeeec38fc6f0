import { dateTimeFormat } from './formats'
import { dayPattern, parseTypedDate } from './parse-date'
import { inputWords } from '../i18n/file-words'
import { supportedLanguage } from '../i18n/locales'

/**
 * A date and time typed as text, in the desk's language's order ("29.11.2026 08:00" in German,
 * "11/29/2026 8:00 AM" in American English), and the same moment written back for a field to show.
 * The browser's own date fields follow the browser's language, not the desk's (a German desk showed
 * "mm/dd/yyyy"), so the desk's date fields are text read here, by the app's one date reader
 * (parse-date.ts) for the date part. ISO ("2026-11-29T08:00", "2026-11-29 08:00") is read in every language.
 *
 * The value a field binds is the form the rest of the app computes with: "2026-11-29" for a day,
 * "2026-11-29T08:00" for a moment (what a datetime-local input gave, read by lib/local-time).
 */

export type TypedMoment = { ok: true; value: string } | { ok: false; message: string }

const pad = (n: number) => String(n).padStart(2, '0')
const NUMERIC_DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' }
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }

/** "08:00", "8:00", "8", "8.00", "8h00", "8:00 AM", "8 pm" → minutes after midnight (undefined: no time). */
function parseTime(text: string): { hour: number; minute: number } | undefined {
  const m = /^(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?$/i.exec(text.trim())
  if (!m) return undefined
  let hour = Number(m[1])
  const minute = m[2] === undefined ? 0 : Number(m[2])
  const half = m[3]?.toLowerCase().replace(/[\s.]/g, '')
  if (half) {
    if (hour < 1 || hour > 12) return undefined
    hour = (hour % 12) + (half === 'pm' ? 12 : 0)
  }
  return hour <= 23 && minute <= 59 ? { hour, minute } : undefined
}

/** Read `text` as a day ("2026-11-29") in `locale`. */
export function parseTypedDay(text: string, locale: string | undefined): TypedMoment {
  const day = parseTypedDate(text, locale)
  return day.ok ? { ok: true, value: day.date } : { ok: false, message: day.message }
}

/** Read `text` as a moment ("2026-11-29T08:00") in `locale`: a date, then a time, with a space, "T" or ", " between. */
export function parseTypedDateTime(text: string, locale: string | undefined): TypedMoment {
  const typed = text.trim().normalize('NFKC')
  const m = /^(\S+?)(?:\s*,\s*|\s+|T)(\d.*)$/.exec(typed)
  const day = m ? parseTypedDate(m[1]!, locale) : undefined
  const time = m ? parseTime(m[2]!) : undefined
  if (day?.ok && time) return { ok: true, value: `${day.date}T${pad(time.hour)}:${pad(time.minute)}` }
  // The date part could be read two ways (or is no date): its own message says which.
  if (day && !day.ok && day.kind === 'ambiguous') return { ok: false, message: day.message }
  const words = inputWords(supportedLanguage(locale ? [locale] : []))
  return {
    ok: false,
    message: words.t('dateTime.invalid', {
      text: text.trim(),
      pattern: `${dayPattern(locale)} ${words.t('time.pattern')}`,
      example: typedDateTimeText('2026-11-29T08:00', locale)
    })
  }
}

/** How a moment is typed in `locale`: "TT.MM.JJJJ HH:MM". */
export function dateTimePattern(locale: string | undefined): string {
  return `${dayPattern(locale)} ${inputWords(supportedLanguage(locale ? [locale] : [])).t('time.pattern')}`
}

/** "2026-11-29" as `locale` types it ("29.11.2026"); anything else as it is (a typing kept). */
export function typedDayText(value: string, locale: string | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return value
  return dateTimeFormat(locale, NUMERIC_DAY).format(new Date(+m[1]!, +m[2]! - 1, +m[3]!, 12))
}

/** "2026-11-29T08:00" as `locale` types it ("29.11.2026 08:00", "11/29/2026 08:00 AM"); anything else as it is. */
export function typedDateTimeText(value: string, locale: string | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!m) return value
  const at = new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!)
  return `${dateTimeFormat(locale, NUMERIC_DAY).format(at)} ${dateTimeFormat(locale, CLOCK).format(at)}`
}

/**
 * What to say of a field's value (TypedDateField's): nothing when empty or read, else what was typed and how
 * to type it, in the locale's language.
 */
export function typedDateProblem(
  value: string,
  kind: 'day' | 'moment',
  locale: string | undefined
): string | undefined {
  if (value.trim() === '') return undefined
  const answer = kind === 'day' ? parseTypedDay(value, locale) : parseTypedDateTime(value, locale)
  return answer.ok ? undefined : answer.message
}
