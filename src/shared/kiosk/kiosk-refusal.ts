import type { KioskRefusal } from './schemas'

/**
 * "14:00" in this computer's time zone and locale (the desk's: the kiosk and the desk share a
 * console); "Mon 09:00" when that is not today.
 */
export const clock = (seconds: number, now = new Date()) => {
  const at = new Date(seconds * 1000)
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' })
}

/**
 * What a visitor checked in before their doors open is told of their badge: the doors and when they
 * open, never the doors alone (they are shut until then). `opensAt` null: they open now.
 */
export function badgeDoorsWords(
  doors: readonly string[],
  opensAt: number | null | undefined,
  now = new Date()
): string {
  if (opensAt == null) return doors.length > 0 ? `Your badge opens: ${doors.join(', ')}.` : ''
  return doors.length > 0
    ? `Your badge opens ${doors.join(', ')} from ${clock(opensAt, now)}, not before.`
    : `Your badge works from ${clock(opensAt, now)}, not before.`
}

/**
 * Why the kiosk did not check a visit in, in one place: the visitor reads it at the kiosk, the desk
 * reads it on Today, and the two always say the same thing.
 */
export function refusalForVisitor(refusal: KioskRefusal, desk: string, now = new Date()): string {
  switch (refusal.reason) {
    case 'too-early':
      return refusal.hours
        ? `Your badge opens the doors from ${clock(refusal.startsAt, now)}; check-in opens an hour before. Please come back then, or see ${desk}.`
        : `Your visit starts at ${clock(refusal.startsAt, now)}; check-in opens an hour before. Please see ${desk}.`
    case 'no-hours':
      return `Your visit has no opening hours left. Please see ${desk}.`
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
