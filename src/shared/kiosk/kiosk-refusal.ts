import type { KioskRefusal } from './schemas'

/** "14:00" in this computer's time zone and locale (the desk's: the kiosk and the desk share a console). */
const clock = (seconds: number) =>
  new Date(seconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

/**
 * Why the kiosk did not check a visit in, in one place: the visitor reads it at the kiosk, the desk
 * reads it on Today, and the two always say the same thing.
 */
export function refusalForVisitor(refusal: KioskRefusal, desk: string): string {
  switch (refusal.reason) {
    case 'too-early':
      return `Your visit starts at ${clock(refusal.startsAt)}; check-in opens an hour before. Please see ${desk}.`
    case 'ended':
      return `Your visit has ended. Please see ${desk}.`
    case 'cancelled':
      return `Your visit was cancelled. Please see ${desk}.`
    case 'offline-no-code':
      return `Your badge cannot be printed here while the kiosk is offline. Please see ${desk}.`
    case 'namesake':
      return `Another visit today has the same name, and we could not tell which one is yours. Please see ${desk}.`
  }
}

/** The same reason as the desk reads it in the kiosk's list ("Too early: the visit starts at 14:00"). */
export function refusalForDesk(refusal: KioskRefusal): string {
  switch (refusal.reason) {
    case 'too-early':
      return `Too early: the visit starts at ${clock(refusal.startsAt)}`
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
