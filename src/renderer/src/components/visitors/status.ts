import type { VisitorStatus } from '../../../../shared/access/visitors'

/** A visitor's status in the desk's words (the console answers enum names, facts 3.8). */
export const visitorStatusWords: Record<VisitorStatus, string> = {
  UPCOMING: 'Expected',
  ACTIVE: 'Active',
  VISITING: 'Here',
  VISITED: 'Left',
  NO_VISIT: 'No-show',
  CANCELLED: 'Cancelled'
}

/** The list filter, in the order a desk thinks of a visit. */
export const visitorStatusOrder: VisitorStatus[] = [
  'UPCOMING',
  'ACTIVE',
  'VISITING',
  'VISITED',
  'NO_VISIT',
  'CANCELLED'
]

/** A visit that can no longer be used: cancelled, or its window is over (or the console says so). */
export function visitOver(
  v: { status?: VisitorStatus | undefined; end_time?: number | undefined },
  nowSeconds = Date.now() / 1000
): 'cancelled' | 'ended' | null {
  if (v.status === 'CANCELLED') return 'cancelled'
  if (v.status === 'VISITED' || v.status === 'NO_VISIT') return 'ended'
  if (v.end_time !== undefined && v.end_time > 0 && v.end_time <= nowSeconds) return 'ended'
  return null
}
