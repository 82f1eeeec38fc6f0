import type { VisitorStatus } from '../access/visitor-basics'

/** Today's groups, in the order the screen shows them, from the console's visitor status. */
export const todayGroups = ['expected', 'here', 'left', 'no-show', 'cancelled'] as const
export type TodayGroup = (typeof todayGroups)[number]

/**
 * A visitor's state in the desk's words: the one table every screen, filter menu and announcement reads
 * (Visitors, Today, the owner pickers). The console answers six enum names (facts 3.8); a desk sees
 * five states: UPCOMING and ACTIVE (the validity window has begun, no credential used yet) are both
 * someone who has not arrived, so both are "Expected" — Visitors said "Active" for a visitor Today
 * listed under Expected. Each state's word and its Today group stand in one row, so a heading and a
 * status badge never name the same visitor differently.
 */
const states: Record<VisitorStatus, { word: string; group: TodayGroup }> = {
  UPCOMING: { word: 'Expected', group: 'expected' },
  ACTIVE: { word: 'Expected', group: 'expected' },
  VISITING: { word: 'Here', group: 'here' },
  VISITED: { word: 'Left', group: 'left' },
  NO_VISIT: { word: 'No-show', group: 'no-show' },
  CANCELLED: { word: 'Cancelled', group: 'cancelled' }
}

export const visitorStateWords = Object.fromEntries(
  Object.entries(states).map(([status, { word }]) => [status, word])
) as Record<VisitorStatus, string>

/** Today's group of each state: one group per word. */
export function todayGroupOf(status: VisitorStatus): TodayGroup {
  return states[status].group
}

/** Order a desk thinks of a visit in: the filter menus list the words in it, each once. */
const order: VisitorStatus[] = ['UPCOMING', 'ACTIVE', 'VISITING', 'VISITED', 'NO_VISIT', 'CANCELLED']

/**
 * The filter menu: each word once, with the first state it names as its value (the console's list
 * filters by one state; main widens it to every state of the word, `statesNamedLike`).
 */
export const visitorStateFilters: { value: VisitorStatus; word: string }[] = order
  .filter((s, i) => order.findIndex((t) => visitorStateWords[t] === visitorStateWords[s]) === i)
  .map((s) => ({ value: s, word: visitorStateWords[s] }))

/** Every state the desk calls by the same word as `status` ("Expected": UPCOMING and ACTIVE). */
export function statesNamedLike(status: VisitorStatus): VisitorStatus[] {
  return order.filter((s) => visitorStateWords[s] === visitorStateWords[status])
}
