import type { KioskRefusal } from './schemas'
import { formats } from '../format/formats'

/** "14:00" today, "Mon 09:00" another day, in this computer's locale and zone. */
const clock = (seconds: number, now: Date) => formats().timeOrWeekdayTime(seconds * 1000, now)

// Its own module: the desk's Today list imports it without the kiosk's English catalogue (kiosk-english.ts).
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
