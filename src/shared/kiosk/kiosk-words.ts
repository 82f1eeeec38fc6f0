import type { Words } from '../i18n/translator'
import type { AreaKeys } from '../i18n/areas'
import type { Formats } from '../format/formats'
import type { KioskRefusal } from './schemas'

/** The kiosk's words in one language (messages/kiosk/<language>.json). */
export type KioskWords = Words<AreaKeys['kiosk']>

/**
 * What the kiosk says in sentences built from data (a refusal, the doors, the visit's time), in any
 * of its languages: the visitor's at the kiosk, English for main's messages (kiosk-refusal.ts).
 * Times are written by `f`, the formats of the same language.
 */
export function visitorRefusal(
  words: KioskWords,
  f: Formats,
  refusal: KioskRefusal,
  desk: string,
  now = new Date()
): string {
  switch (refusal.reason) {
    case 'too-early': {
      const time = f.timeOrWeekdayTime(refusal.startsAt * 1000, now)
      return words.t(refusal.hours ? 'refusal.tooEarlyHours' : 'refusal.tooEarly', { time, desk })
    }
    case 'no-hours':
      return words.t('refusal.noHours', { desk })
    case 'no-doors':
      return words.t('refusal.noDoors', { desk })
    case 'ended':
      return words.t('refusal.ended', { desk })
    case 'cancelled':
      return words.t('refusal.cancelled', { desk })
    case 'offline-no-code':
      return words.t('refusal.offlineNoCode', { desk })
    case 'console-refused':
      // The visitor is told to see the desk, never of tokens or keys: the desk reads why (refusal-for-desk.ts).
      return words.t('refusal.consoleRefused', { desk })
    case 'namesake':
      return words.t('refusal.namesake', { desk })
    case 'not-found':
      return words.t('refusal.notFound', { desk })
    case 'held':
      // The name was not looked up: never "no visit found" (a booked visitor would believe it).
      return words.t('refusal.held', { desk })
  }
}

/**
 * What a visitor checked in before their doors open is told of their badge: the doors and when they
 * open, never the doors alone (they are shut until then). `opensAt` null: they open now.
 */
export function doorsWords(
  words: KioskWords,
  f: Formats,
  doors: readonly string[],
  opensAt: number | null | undefined,
  now = new Date()
): string {
  // The doors are the console's names, listed as the language lists things ("Lobby, Front Door").
  const list = doors.join(', ')
  if (opensAt == null) return doors.length > 0 ? words.t('doors.open', { doors: list }) : ''
  const time = f.timeOrWeekdayTime(opensAt * 1000, now)
  return doors.length > 0 ? words.t('doors.openFrom', { doors: list, time }) : words.t('doors.worksFrom', { time })
}

/** A visit's time as a visitor reads it: "Today, 09:00 – 17:00", with the days only when not today. */
export function visitTimeWords(
  words: KioskWords,
  f: Formats,
  fromSeconds: number,
  toSeconds: number,
  now = new Date()
) {
  const from = fromSeconds * 1000
  const to = toSeconds * 1000
  const today = now.toDateString()
  if (new Date(from).toDateString() === today && new Date(to).toDateString() === today)
    return words.t('confirm.today', { range: f.timeRange(from, to) })
  return f.timeRange(from, to)
}
