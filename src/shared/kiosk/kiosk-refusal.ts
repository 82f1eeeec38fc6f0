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

/** The same reason as the desk reads it in the kiosk's list ("Too early: the visit starts at 14:00"). */
export function refusalForDesk(refusal: KioskRefusal, now = new Date()): string {
  switch (refusal.reason) {
    case 'too-early':
      return refusal.hours
        ? `Too early: the visit's weekly hours open the doors at ${clock(refusal.startsAt, now)}`
        : `Too early: the visit starts at ${clock(refusal.startsAt, now)}`
    case 'no-hours':
      return "No opening hours left: the visit's weekly schedule opens no door before it ends"
    case 'ended':
      return 'The visit has ended'
    case 'cancelled':
      return 'The visit was cancelled'
    case 'offline-no-code':
      return 'Kiosk offline: no QR code for this visit, so no badge'
    case 'namesake':
      return 'This visit is closed and another visit today has the same name; company and host did not tell them apart: check who they are'
  }
}
