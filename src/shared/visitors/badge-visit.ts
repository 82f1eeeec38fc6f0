import { visitorDisplayName } from '../access/visitor-basics'
import type { Visitor } from '../access/visitors'
import type { BadgeJob } from '../badges/schemas'

/** The visitor's fields a badge reads. */
export type BadgeVisitor = Pick<
  Visitor,
  'id' | 'first_name' | 'last_name' | 'visitor_company' | 'inviter_name' | 'start_time' | 'end_time'
>

/** What a badge says of a visit: everything of a badge job but its label stock. */
export type BadgeVisit = Omit<BadgeJob, 'stock'>

/**
 * The one mapping of a console's visitor onto what its badge shows: the name as every screen names a
 * visitor, company, host (the console's inviter) and the validity window in Unix seconds. Badges'
 * print, the kiosk's badge and the visit the kiosk found all read it, so a badge printed at the desk
 * and one printed at the kiosk say the same. Plain values (no zod): Badges imports it.
 */
export function badgeVisit(v: BadgeVisitor): BadgeVisit {
  return {
    visitorId: v.id,
    name: visitorDisplayName(v),
    company: v.visitor_company ?? '',
    host: v.inviter_name ?? '',
    validFrom: v.start_time ?? 0,
    validTo: v.end_time ?? 0
  }
}
