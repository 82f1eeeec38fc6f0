import type { VisitorStatus } from '../access/visitor-basics'

/**
 * Where a visit stands, as every screen that offers an action on it reads it (Today's rows, Visitors'
 * details): the one rule of which actions a visit's state allows.
 *
 * - `upcoming`: not begun (its start is still ahead). It can be cancelled; ending it makes no sense.
 * - `under-way`: its window has begun and not ended (expected, or here). It can be ended now.
 * - `ended`: its window is over, or the console says it is (Left, No-show). Its PIN, cards and QR code
 *   open no door any more (the console lets a visitor in only within the window), so no badge is
 *   printed for it and its QR code is not offered as access; the record stays, and can be corrected.
 * - `cancelled`: cancelled (§4.6 without force). Nothing is offered but deleting the record.
 */
export type VisitStage = 'upcoming' | 'under-way' | 'ended' | 'cancelled'

export function visitStage(
  v: { status?: VisitorStatus | undefined; start_time?: number | undefined; end_time?: number | undefined },
  nowSeconds = Date.now() / 1000
): VisitStage {
  if (v.status === 'CANCELLED') return 'cancelled'
  if (v.status === 'VISITED' || v.status === 'NO_VISIT') return 'ended'
  if (v.end_time !== undefined && v.end_time > 0 && v.end_time < nowSeconds) return 'ended'
  if (v.start_time !== undefined && v.start_time > nowSeconds) return 'upcoming'
  return 'under-way'
}

/**
 * When an ended visit ended, when that is known (Unix seconds): the end of its window once passed — End
 * visit sets it to that moment. A visit the console says is over (Left after a tap out, No-show) before its
 * planned end gives no time: that end is still ahead, and the console does not say when they left. null:
 * not ended, or ended at a time not known.
 */
export function visitEndedAt(
  v: { status?: VisitorStatus | undefined; start_time?: number | undefined; end_time?: number | undefined },
  nowSeconds = Date.now() / 1000
): number | null {
  if (visitStage(v, nowSeconds) !== 'ended') return null
  return v.end_time !== undefined && v.end_time > 0 && v.end_time <= nowSeconds ? v.end_time : null
}

/** What the desk offers for a visit at each stage. */
export interface VisitActions {
  /** "End visit now…": its end set to now (E18, the end time only). */
  endVisit: boolean
  /** "Cancel visit…" (§4.6 without force). */
  cancel: boolean
  /** "Edit…" (an ended visit's remarks may still be corrected; a cancelled one takes no edit). */
  edit: boolean
  /** Print, reprint or a new badge; a new PIN, card or QR code. */
  badge: boolean
  /** Whether the visitor's QR code (and any credential) still opens doors: shown as access only then. */
  credentialsOpenDoors: boolean
}

const actions: Record<VisitStage, VisitActions> = {
  upcoming: { endVisit: false, cancel: true, edit: true, badge: true, credentialsOpenDoors: true },
  'under-way': { endVisit: true, cancel: true, edit: true, badge: true, credentialsOpenDoors: true },
  ended: { endVisit: false, cancel: false, edit: true, badge: false, credentialsOpenDoors: false },
  cancelled: { endVisit: false, cancel: false, edit: false, badge: false, credentialsOpenDoors: false }
}

export function visitActions(stage: VisitStage): VisitActions {
  return actions[stage]
}
