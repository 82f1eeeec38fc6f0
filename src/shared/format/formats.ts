/**
 * Every date, time, number and size the app writes, in one place: `Intl` formatters made once per
 * locale and time zone, then kept. A formatter costs ~0.1 ms to build (Today's 2,500 rows spent
 * ~0.7 s building them row by row), and two screens writing the same thing two ways ("27/11/2026,
 * 22:41" beside "Nov 27, 10:29 PM") is what this module exists to end. No other file in src/ calls
 * `toLocale…String` or `new Intl.…`: test/unit/format/no-direct-formatting.test.ts fails if one does.
 *
 * `locale` undefined is the system's (main's default, and the desk's until it chose a language).
 */

/** A time: a Date, or milliseconds since 1970 (what Date.getTime gives). Unix seconds are converted by the caller. */
type At = Date | number

/** Formatters keyed by their locale, zone and options, so a format asked for twice is built once. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()
const numberFormats = new Map<string, Intl.NumberFormat>()
const collators = new Map<string, Intl.Collator>()

const keyOf = (locale: string | undefined, options: object) => `${locale ?? ''}|${JSON.stringify(options)}`

/**
 * The system's locale, or English when the runtime finds none: Node's ICU on a machine whose environment
 * names no locale it knows resolves "und" and writes a date as "M03 24, Tue". The app then writes dates
 * as it speaks, in English, instead of ICU's placeholder month names.
 */
const SYSTEM_LOCALE: string | undefined =
  new Intl.DateTimeFormat().resolvedOptions().locale === 'und' ? 'en-US' : undefined
const or = (locale: string | undefined) => locale ?? SYSTEM_LOCALE

/** A date/time formatter, built once per locale and options (the one place `Intl.DateTimeFormat` is made). */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(locale, options)
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(or(locale), options)
    dateTimeFormats.set(key, format)
  }
  return format
}

/** A number formatter, built once per locale and options (the one place `Intl.NumberFormat` is made). */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = keyOf(locale, options)
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(or(locale), options)
    numberFormats.set(key, format)
  }
  return format
}

/** Text sorted as the locale sorts it (names, companies), built once per locale and options. */
export function collator(locale: string | undefined, options: Intl.CollatorOptions = {}): Intl.Collator {
  const key = keyOf(locale, options)
  let c = collators.get(key)
  if (!c) {
    c = new Intl.Collator(or(locale), options)
    collators.set(key, c)
  }
  return c
}

const listFormats = new Map<string, Intl.ListFormat>()
const pluralRulesMade = new Map<string, Intl.PluralRules>()

/** A list joined as the locale writes one ("a, b and c", "a, b und c"), built once per locale and options. */
export function listFormat(locale: string | undefined, options: Intl.ListFormatOptions = {}): Intl.ListFormat {
  const key = keyOf(locale, options)
  let format = listFormats.get(key)
  if (!format) {
    format = new Intl.ListFormat(or(locale), options)
    listFormats.set(key, format)
  }
  return format
}

/** The locale's plural categories (ICU plurals in the message catalogue), built once per locale and options. */
export function pluralRules(locale: string | undefined, options: Intl.PluralRulesOptions = {}): Intl.PluralRules {
  const key = keyOf(locale, options)
  let rules = pluralRulesMade.get(key)
  if (!rules) {
    rules = new Intl.PluralRules(or(locale), options)
    pluralRulesMade.set(key, rules)
  }
  return rules
}

/** This computer's time zone ("Europe/Berlin"): the desk's zone, in which visit times are shown. */
export function systemTimeZone(): string {
  return dateTimeFormat(undefined, {}).resolvedOptions().timeZone
}

/** Whether `timeZone` is one Intl knows ("Europe/Berlin" yes, "Mars/Base" no). */
export function isTimeZone(timeZone: string): boolean {
  try {
    dateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

/**
 * The hour as a time of day is written in this locale, the same on every format below: in a 12-hour clock
 * without a leading zero ("8:00 AM", as American English writes it), in a 24-hour clock with two digits
 * ("08:00"). Before, a 2-digit hour everywhere gave "08:00 AM" on one screen beside "3:11:25 PM" on another.
 */
function hourOf(locale: string | undefined, zone: object): '2-digit' | 'numeric' {
  const cycle = dateTimeFormat(locale, { hour: 'numeric', ...zone }).resolvedOptions().hourCycle
  return cycle === 'h11' || cycle === 'h12' ? 'numeric' : '2-digit'
}

/** Every date and time format, with the hour as the locale writes it (`hourOf`). */
function dateOptions(hour: '2-digit' | 'numeric') {
  const CLOCK: Intl.DateTimeFormatOptions = { hour, minute: '2-digit' }
  const DATE_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', ...CLOCK }
  return {
    DATE_TIME,
    CLOCK,
    DAY_CLOCK: { weekday: 'short', day: 'numeric', month: 'short', ...CLOCK } as Intl.DateTimeFormatOptions,
    DATE_TIME_SECONDS: { ...DATE_TIME, second: '2-digit' } as Intl.DateTimeFormatOptions,
    DATE: { day: 'numeric', month: 'short', year: 'numeric' } as Intl.DateTimeFormatOptions,
    DAY_TITLE: { weekday: 'long', day: 'numeric', month: 'long' } as Intl.DateTimeFormatOptions,
    WEEKDAY_DAY_MONTH: { weekday: 'short', day: 'numeric', month: 'short' } as Intl.DateTimeFormatOptions,
    DAY_MONTH: { day: 'numeric', month: 'short' } as Intl.DateTimeFormatOptions,
    DAY_MONTH_CLOCK: { day: 'numeric', month: 'short', ...CLOCK } as Intl.DateTimeFormatOptions,
    CLOCK_SECONDS: { ...CLOCK, second: '2-digit' } as Intl.DateTimeFormatOptions,
    WEEKDAY_CLOCK: { weekday: 'short', ...CLOCK } as Intl.DateTimeFormatOptions,
    ZONE_NAME: { hour: 'numeric', timeZoneName: 'short' } as Intl.DateTimeFormatOptions
  }
}
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString()

const CLOCK_TEXT = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/
/**
 * A wall-clock time as a weekly schedule writes it ("14:30:00", "14:30") as a moment of a UTC day, to
 * be written in UTC: the same hour and minute whatever the zone. undefined when it is no such time.
 */
function clockMoment(text: string): number | undefined {
  const m = CLOCK_TEXT.exec(text.trim())
  if (!m) return undefined
  return Date.UTC(1970, 0, 1, Number(m[1]), Number(m[2]), Number(m[3] ?? 0))
}
const toDate = (at: At) => (typeof at === 'number' ? new Date(at) : at)

/**
 * The formats of one locale (and optionally one time zone). Cheap to call: the formatters behind it
 * are made once (see above). Units: times are Dates or milliseconds; durations are seconds.
 */
export function formats(locale?: string, timeZone?: string): Formats {
  const key = `${locale ?? ''}|${timeZone ?? ''}`
  let f = made.get(key)
  if (!f) {
    f = makeFormats(locale, timeZone)
    made.set(key, f)
  }
  return f
}
const made = new Map<string, Formats>()

function makeFormats(locale: string | undefined, timeZone: string | undefined) {
  const zone = timeZone ? { timeZone } : {}
  const {
    DATE_TIME,
    CLOCK,
    DAY_CLOCK,
    DATE_TIME_SECONDS,
    DATE,
    DAY_TITLE,
    WEEKDAY_DAY_MONTH,
    DAY_MONTH,
    DAY_MONTH_CLOCK,
    CLOCK_SECONDS,
    WEEKDAY_CLOCK,
    ZONE_NAME
  } = dateOptions(hourOf(locale, zone))
  // Each kind of date keeps its formatter: a list of thousands of rows asks for it on every row.
  const kept = new Map<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>()
  // A schedule's clock is a wall clock, not a moment: written in UTC, with this locale's own clock.
  const wallClock = dateTimeFormat(locale, { ...CLOCK, timeZone: 'UTC' })
  const clock = (text: string) => {
    const at = clockMoment(text)
    return at === undefined ? text : wallClock.format(at)
  }
  const dt = (options: Intl.DateTimeFormatOptions) => {
    let format = kept.get(options)
    if (!format) {
      format = dateTimeFormat(locale, { ...options, ...zone })
      kept.set(options, format)
    }
    return format
  }
  return {
    locale,
    /** "12 Jan 2026, 09:00" ("Jan 12, 2026, 9:00 AM" in American English: see `hourOf`). */
    dateTime: (at: At) => dt(DATE_TIME).format(at),
    /** "12 Jan 2026, 09:00:05" */
    dateTimeWithSeconds: (at: At) => dt(DATE_TIME_SECONDS).format(at),
    /** "12 Jan 2026" */
    date: (at: At) => dt(DATE).format(at),
    /** "Monday 12 January": a day's title. */
    dayTitle: (at: At) => dt(DAY_TITLE).format(at),
    /** "Mon 12 Jan" */
    weekdayDayMonth: (at: At) => dt(WEEKDAY_DAY_MONTH).format(at),
    /** "12 Jan" */
    dayMonth: (at: At) => dt(DAY_MONTH).format(at),
    /** "12 Jan, 09:00" */
    dayMonthTime: (at: At) => dt(DAY_MONTH_CLOCK).format(at),
    /** "09:00" */
    time: (at: At) => dt(CLOCK).format(at),
    /**
     * "09:00:05", "9:00:05 AM": `time` with its seconds, only where a screen says how fresh a read is
     * ("List read at", "loaded at", "since"). Those reads come every few seconds: without the seconds two
     * reads a minute apart — or a read that has stopped — would show the same time. Every other time of
     * day is `time`, without seconds.
     */
    timeWithSeconds: (at: At) => dt(CLOCK_SECONDS).format(at),
    /** "09:00" today, "Mon 09:00" another day: a time a visitor or the desk reads against now. */
    timeOrWeekdayTime: (at: At, now = new Date()) =>
      sameDay(toDate(at), now) ? dt(CLOCK).format(at) : dt(WEEKDAY_CLOCK).format(at),
    /**
     * "14:30", "2:30 PM": a time of day as a weekly schedule writes it ("14:30:00"), in the same clock as
     * `time` (every time of day on every screen is one of these: test/unit/format/one-clock.test.ts).
     * Text that is no time is given back as it is.
     */
    clock,
    /** "07:00–18:00", "7:00 AM – 6:00 PM": a schedule's range, as `timeRange` writes one within a day. */
    clockRange: (from: string, to: string) => {
      const [a, b] = [clockMoment(from), clockMoment(to)]
      return a === undefined || b === undefined || b < a ? `${clock(from)}–${clock(to)}` : wallClock.formatRange(a, b)
    },
    /** "09:00 – 17:00" within a day, "Mon 12 Jan, 09:00 – Tue 13 Jan, 17:00" across days: the locale's own range. */
    timeRange: (from: At, to: At) =>
      sameDay(toDate(from), toDate(to)) ? dt(CLOCK).formatRange(from, to) : dt(DAY_CLOCK).formatRange(from, to),
    /** The zone's short name at that time ("CET", "GMT+1"), to name a zone beside a time. */
    zoneName: (at: At) =>
      dt(ZONE_NAME)
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? '',
    /** "1,234.5" */
    number: (n: number) => numberFormat(locale).format(n),
    /** "2,500": a count. */
    count: (n: number) => numberFormat(locale).format(n),
    /** "1.5 s" (seconds, at most one decimal). */
    seconds: (s: number) =>
      numberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(s),
    /** "2 h 5 min", "45 min", "30 s": a duration in seconds, in the locale's short units. */
    duration: (totalSeconds: number) => duration(locale, totalSeconds),
    /** "820 kB", "1.4 MB": a file's size in bytes (decimal units, as file managers show them). */
    fileSize: (bytes: number) => fileSize(locale, bytes)
  }
}
export type Formats = ReturnType<typeof makeFormats>

function unit(locale: string | undefined, u: string, n: number, digits = 0): string {
  return numberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: digits }).format(n)
}

function duration(locale: string | undefined, totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds))
  if (s < 60) return unit(locale, 'second', s)
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  if (hours === 0) return unit(locale, 'minute', minutes)
  return minutes === 0
    ? unit(locale, 'hour', hours)
    : `${unit(locale, 'hour', hours)} ${unit(locale, 'minute', minutes)}`
}

function fileSize(locale: string | undefined, bytes: number): string {
  if (bytes < 1000) return unit(locale, 'byte', bytes)
  if (bytes < 1000 ** 2) return unit(locale, 'kilobyte', bytes / 1000, bytes < 10_000 ? 1 : 0)
  if (bytes < 1000 ** 3) return unit(locale, 'megabyte', bytes / 1000 ** 2, 1)
  return unit(locale, 'gigabyte', bytes / 1000 ** 3, 1)
}
