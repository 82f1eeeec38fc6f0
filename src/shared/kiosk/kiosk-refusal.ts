import type { KioskRefusal } from './schemas'
import { formats } from '../format/formats'
import { kioskEnglish } from './kiosk-english'
import { doorsWords, visitorRefusal } from './kiosk-words'

/**
 * "14:00" in this computer's time zone and locale (the desk's: the kiosk and the desk share a
 * console); "Mon 09:00" when that is not today.
 */
export const clock = (seconds: number, now = new Date()) => formats().timeOrWeekdayTime(seconds * 1000, now)

/**
 * The doors a badge opens and from when, in English (main's words; the kiosk page says it in the
 * visitor's language with kiosk-words.ts doorsWords, the same rule).
 */
export function badgeDoorsWords(
  doors: readonly string[],
  opensAt: number | null | undefined,
  now = new Date()
): string {
  return doorsWords(kioskEnglish(), formats(), doors, opensAt, now)
}

/**
 * Why the kiosk did not check a visit in, in English as main says it in its errors; the kiosk page
 * says the same in the visitor's language (kiosk-words.ts visitorRefusal), and the desk reads it
 * on Today (refusalForDesk below).
 */
export function refusalForVisitor(refusal: KioskRefusal, desk: string, now = new Date()): string {
  return visitorRefusal(kioskEnglish(), formats(), refusal, desk, now)
}

export { refusalForDesk } from './refusal-for-desk'
