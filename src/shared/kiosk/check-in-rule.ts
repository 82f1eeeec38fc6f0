import type { Visitor } from '../access/visitors'
import type { KioskRefusal } from './schemas'
import { passTimesOf, passWindow } from '../today/pass-window'
import { opensNothing } from '../visitors/visit-rules'

/**
 * The one rule of which visits the kiosk may check in, online (the console's visits) and offline
 * (the visits and QR codes it holds), and why not: the kiosk's search, its badge, its offline
 * banner's promise and Today's list of refusals all read it here.
 */

/** A visitor may check in this long before the visit starts (early arrivals wait at the kiosk, not the desk). */
export const EARLY_MINUTES = 60

/** Statuses whose visit is over or called off: the kiosk checks none of them in. */
const CLOSED = new Set(['CANCELLED', 'VISITED', 'NO_VISIT'])

/** A visit over or called off: the kiosk checks none in, the roster matches none without asking. */
export function isClosedVisit(status: string | undefined): boolean {
  return status !== undefined && CLOSED.has(status)
}

/** What the rule reads of a visit. */
export type KioskVisit = Pick<Visitor, 'start_time' | 'end_time' | 'status'> & {
  schedule?: Visitor['schedule'] | undefined
  /** The doors and door groups the visit opens (the console's `resources`); empty: it opens nothing. */
  resources: readonly unknown[]
}

/**
 * When the kiosk may check a visit in, from when its pass works (passWindow: the validity window and
 * the weekly schedule, the same rule as Today's "Valid from"): while the pass works, or up to an
 * hour before it next opens (the visitor waits at the kiosk, told when the doors open: `opensAt`,
 * Unix seconds). Earlier than that it is too early, whether the visit has not started or its
 * weekly hours have not begun today.
 */
export type CheckInTime =
  | { kind: 'open'; opensAt: number | null }
  | { kind: 'early'; opensAt: number; hours: boolean }
  | { kind: 'ended' }
  | { kind: 'no-hours' }

export function checkInTime(
  v: Pick<Visitor, 'start_time' | 'end_time'> & { schedule?: Visitor['schedule'] | undefined },
  now: Date
): CheckInTime {
  const pass = passTimesOf(v)
  if (!pass) return { kind: 'ended' }
  const window = passWindow(pass, now)
  switch (window.kind) {
    case 'now':
      return { kind: 'open', opensAt: null }
    case 'later': {
      const opensAt = Math.floor(window.at / 1000)
      if (window.at - now.getTime() <= EARLY_MINUTES * 60_000) return { kind: 'open', opensAt }
      // The visit's own start, or a range of its weekly schedule (already started, or later than the start).
      return { kind: 'early', opensAt, hours: pass.week !== null && opensAt !== pass.start }
    }
    case 'over':
      return { kind: 'ended' }
    case 'never':
      return { kind: 'no-hours' }
  }
}

/**
 * What the kiosk holds of a visit when it works from its cache (the console does not answer):
 * whether it holds the visit's QR code, without which no badge can be printed.
 */
export interface Held {
  code: boolean
}

/**
 * Why the kiosk may not check this visit in now, or null: it may. Cancelled or over first (nothing
 * the desk can change), then a visit that opens no door (a badge would open nothing: the desk gives
 * the visit its doors), then its time. `held`: the kiosk is offline and works from what it holds,
 * so a visit whose QR code it does not hold cannot get a badge.
 */
export function kioskRefusalOf(v: KioskVisit, now: Date, held?: Held): KioskRefusal | null {
  if (v.status === 'CANCELLED') return { reason: 'cancelled' }
  if (isClosedVisit(v.status)) return { reason: 'ended' }
  const time = checkInTime(v, now)
  if (time.kind === 'ended') return { reason: 'ended' }
  if (opensNothing(v.resources, 0)) return { reason: 'no-doors' }
  if (time.kind === 'early')
    return { reason: 'too-early', startsAt: time.opensAt, ...(time.hours && { hours: true as const }) }
  if (time.kind === 'no-hours') return { reason: 'no-hours' }
  if (held && !held.code) return { reason: 'offline-no-code' }
  return null
}

/** Whether the kiosk may check the visit in now (kioskRefusalOf has no reason against it). */
export function checkableNow(v: KioskVisit, now: Date, held?: Held): boolean {
  return kioskRefusalOf(v, now, held) === null
}

/** Why a visit cannot be checked in now (checkableNow is false); "ended" for a visit it could. */
export function refusalOf(v: KioskVisit, now: Date, held?: Held): KioskRefusal {
  return kioskRefusalOf(v, now, held) ?? { reason: 'ended' }
}
