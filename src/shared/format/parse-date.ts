import { isExists } from 'date-fns'
import { dateTimeFormat } from './formats'
import { inputWords } from '../i18n/file-words'
import { supportedLanguage } from '../i18n/locales'

/**
 * A date typed as text, read in the order its locale writes dates: "28.11.2026" in German,
 * "28/11/2026" in French and Spanish (and British English), "11/28/2026" in American English, and
 * ISO "2026-11-28" in every locale. Every place that reads a typed date reads it here, so one rule
 * holds everywhere: a date that could be read two ways, or that is no date, is never guessed: the
 * answer says what was typed and what to type instead, in the locale's language, for its row or field.
 *
 * Could be read two ways: a two-digit year ("28.11.26": which century?). Day-first or month-first is
 * the locale's, as on the screens' own dates (shared/format/formats.ts); day and month that make a date
 * only the other way round ("29/11/2026" where month comes first) are that one real date.
 */

export type DatePart = 'day' | 'month' | 'year'

export type TypedDate =
  | { ok: true; /** "2026-11-28" */ date: string; year: number; month: number; day: number }
  | {
      ok: false
      kind: 'invalid' | 'ambiguous'
      /** What was typed and what to type, in the locale's language. */ message: string
    }

/** How a locale writes a numeric date: its parts' order and the mark between them ("." in German). */
export function dateOrder(locale: string | undefined): { order: DatePart[]; separator: string } {
  const parts = dateTimeFormat(locale, NUMERIC).formatToParts(new Date(2026, 10, 28, 12))
  const order = parts.filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type)
  const separator = parts.find((p) => p.type === 'literal')?.value.trim() || '/'
  return { order: order as DatePart[], separator }
}
const NUMERIC: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' }

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/
/** Three numbers with the same mark between them: "28.11.2026", "11/28/2026", "28-11-26", "2026/11/28". */
const NUMBERS = /^(\d{1,4})\s*([./-])\s*(\d{1,2})\s*\2\s*(\d{1,4})$/

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`
const found = (year: number, month: number, day: number): TypedDate =>
  isExists(year, month - 1, day) && year >= 1000
    ? { ok: true, date: iso(year, month, day), year, month, day }
    : { ok: false, kind: 'invalid', message: '' }

/** Read `text` as a date in `locale` ("de", "en-US"; undefined: the system's). */
export function parseTypedDate(text: string, locale: string | undefined): TypedDate {
  const typed = text.trim().normalize('NFKC')
  const isoMatch = ISO.exec(typed)
  if (isoMatch) return worded(found(+isoMatch[1]!, +isoMatch[2]!, +isoMatch[3]!), text, locale)
  const m = NUMBERS.exec(typed)
  if (!m) return worded({ ok: false, kind: 'invalid', message: '' }, text, locale)
  const numbers = [m[1]!, m[3]!, m[4]!]
  // A four-digit first number is a year first, whatever the locale ("2026/11/28"): no other reading.
  if (numbers[0]!.length === 4) return worded(found(+numbers[0]!, +numbers[1]!, +numbers[2]!), text, locale)
  const { order } = dateOrder(locale)
  const at = (part: DatePart) => numbers[order.indexOf(part)]!
  const [day, month, year] = [+at('day'), +at('month'), at('year')]
  if (year.length !== 4) {
    // "28.11.26": the century is a guess; said with the date it would most likely be.
    const likely = found(2000 + Number(year), month, day)
    return worded(likely.ok ? { ok: false, kind: 'ambiguous', message: '' } : likely, text, locale, likely)
  }
  const read = found(+year, month, day)
  if (read.ok) return read
  // A date only with day and month the other way round ("29/11/2026" month first: 29 is no month): the
  // one real reading is the date. An order is a question only when both readings are dates, and then the
  // locale's order answers it, as the screens write dates.
  const swapped = found(+year, day, month)
  if (swapped.ok) return swapped
  return worded(read, text, locale)
}

/** The answer's message: what was typed, the locale's pattern and ISO's, the likely date when there is one. */
function worded(answer: TypedDate, text: string, locale: string | undefined, likely?: TypedDate): TypedDate {
  if (answer.ok) return answer
  const words = inputWords(supportedLanguage(locale ? [locale] : []))
  const values = {
    text: text.trim(),
    pattern: dayPattern(locale),
    iso: [words.t('date.year'), words.t('date.month'), words.t('date.day')].join('-')
  }
  if (answer.kind === 'ambiguous' && likely?.ok) {
    const example = dateTimeFormat(locale, NUMERIC).format(new Date(likely.year, likely.month - 1, likely.day, 12))
    return { ok: false, kind: 'ambiguous', message: words.t('date.ambiguous', { ...values, example }) }
  }
  return { ok: false, kind: 'invalid', message: words.t('date.invalid', values) }
}

/** How a day is typed in `locale`, as its letters: "TT.MM.JJJJ" in German, "MM/DD/YYYY" in American English. */
export function dayPattern(locale: string | undefined): string {
  const words = inputWords(supportedLanguage(locale ? [locale] : []))
  const letters: Record<DatePart, string> = {
    day: words.t('date.day'),
    month: words.t('date.month'),
    year: words.t('date.year')
  }
  const { order, separator } = dateOrder(locale)
  return order.map((part) => letters[part]).join(separator)
}
